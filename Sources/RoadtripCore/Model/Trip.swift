import Foundation

/// A named, ordered list of stops.
public struct Trip: Hashable, Sendable, Identifiable, Codable {
    public var id: UUID
    public var name: String
    public var waypoints: [Waypoint]

    public init(id: UUID = UUID(), name: String, waypoints: [Waypoint] = []) {
        self.id = id
        self.name = name
        self.waypoints = waypoints
    }

    public var coordinates: [Coordinate] { waypoints.map(\.coordinate) }
}

/// Everything in the data file.
public struct TripDocument: Hashable, Sendable, Codable {
    /// The newest format this build reads and writes.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var trips: [Trip]

    public init(formatVersion: Int = TripDocument.currentFormatVersion, trips: [Trip]) {
        self.formatVersion = formatVersion
        self.trips = trips
    }
}
