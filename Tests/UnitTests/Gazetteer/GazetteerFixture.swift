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

    /// Runs `body` on a fresh folder holding a copy of every gazetteer file, to damage at will;
    /// the folder is removed after.
    static func withCopyOfData<R>(_ body: (URL) throws -> R) throws -> R {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in Gazetteer.fileNames {
            try FileManager.default.copyItem(at: dataDirectory.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return try body(dir)
    }
}

extension Gazetteer {
    /// The first result, as "Name, Region, Country".
    func top(_ query: String) -> String? { search(query, limit: 1).first?.label }

    /// The labels of the first `limit` results.
    func labels(_ query: String, limit: Int = 10) -> [String] { search(query, limit: limit).map(\.label) }
}
