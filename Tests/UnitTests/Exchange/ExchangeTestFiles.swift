import Foundation
import RoadtripCore

/// Fixture paths, temporary folders and trip comparison for the Exchange tests.
enum ExchangeTestFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/exchange/\(name)").path
    }

    /// A fresh private folder, removed by the caller with `FileManager.default.removeItem`.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Whether two stop lists have the same names, in the same order, at the same places to 1e-7°.
    static func sameStops(_ a: [Waypoint], _ b: [Waypoint], tolerance: Double = 1e-7) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.name == y.name
                    && abs(x.coordinate.latitude - y.coordinate.latitude) <= tolerance
                    && abs(x.coordinate.longitude - y.coordinate.longitude) <= tolerance
            }
    }

    /// A trip with names that need escaping in every format.
    static let awkwardTrip = Trip(
        name: "Tom & Jerry's <\"Big\"> trip, 東京",
        waypoints: [
            Waypoint(name: "Café <Zürich> & \"Co\"", coordinate: Coordinate(latitude: 47.376887, longitude: 8.541694)),
            Waypoint(
                name: "Comma, quote \" and ' apostrophe", coordinate: Coordinate(latitude: -33.8688197, longitude: 151.2092955)),
            Waypoint(name: "東京タワー 🗼", coordinate: Coordinate(latitude: 35.6585805, longitude: 139.7454329)),
            Waypoint(name: "Tiny", coordinate: Coordinate(latitude: 0.000012345, longitude: -0.00000001)),
            Waypoint(name: "Suva", coordinate: Coordinate(latitude: -18.1416, longitude: 178.4419)),
            Waypoint(name: "Apia", coordinate: Coordinate(latitude: -13.8333, longitude: -171.7667))
        ])
}
