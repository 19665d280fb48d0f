import Foundation
import RoadtripCore

/// A `TripStore` in memory that records saves and fails on demand.
public final class TripStoreDouble: TripStore {
    public var document: TripDocument?
    public private(set) var saves = 0
    /// When set, the next saves throw this reason.
    public var failure: String?

    public init(trips: [Trip]? = nil) {
        document = trips.map { TripDocument(trips: $0) }
    }

    public func load() throws -> TripDocument? { document }

    public func save(_ document: TripDocument) throws {
        if let failure { throw TripStoreError(kind: .writeFailed, path: "/test/trips.json", reason: failure) }
        self.document = document
        saves += 1
    }

    public var trips: [Trip] { document?.trips ?? [] }
}

/// Small, known trips for tests.
public enum Fixtures {
    public static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    public static let lyon = Coordinate(latitude: 45.764, longitude: 4.8357)
    public static let marseille = Coordinate(latitude: 43.2965, longitude: 5.3698)
    public static let tokyo = Coordinate(latitude: 35.6762, longitude: 139.6503)
    public static let kyoto = Coordinate(latitude: 35.0116, longitude: 135.7681)

    /// Four stops on the equator visited A, C, B, D: the best order is plain, and a zigzag from it.
    public static func zigzag() -> Trip {
        Trip(
            name: "Zigzag",
            waypoints: [
                Waypoint(name: "A", coordinate: Coordinate(latitude: 0, longitude: 0)),
                Waypoint(name: "C", coordinate: Coordinate(latitude: 0, longitude: 2)),
                Waypoint(name: "B", coordinate: Coordinate(latitude: 0, longitude: 1)),
                Waypoint(name: "D", coordinate: Coordinate(latitude: 0, longitude: 3))
            ])
    }

    public static func france() -> Trip {
        Trip(
            name: "Tour de France",
            waypoints: [
                Waypoint(name: "Paris", coordinate: paris),
                Waypoint(name: "Lyon", coordinate: lyon),
                Waypoint(name: "Marseille", coordinate: marseille)
            ])
    }

    public static func japan() -> Trip {
        Trip(
            name: "東京 → 京都 🚗",
            waypoints: [
                Waypoint(name: "東京", coordinate: tokyo),
                Waypoint(name: "京都", coordinate: kyoto)
            ])
    }
}
