import Foundation
@testable import Gazetteer

/// The real gazetteer from the repository's Data/ folder, loaded once for all tests.
enum GazetteerFixture {
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data")

    private static let loaded = Result { try Gazetteer.load(from: dataDirectory) }

    static func gazetteer() throws -> Gazetteer { try loaded.get() }
}

extension Gazetteer {
    /// The first result, as "Name, Region, Country".
    func top(_ query: String) -> String? { search(query, limit: 1).first?.label }

    /// The labels of the first `limit` results.
    func labels(_ query: String, limit: Int = 10) -> [String] { search(query, limit: limit).map(\.label) }
}
