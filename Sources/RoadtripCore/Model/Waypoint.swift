import Foundation

/// One stop of a trip.
public struct Waypoint: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var coordinate: Coordinate

    public init(id: UUID = UUID(), name: String, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
    }
}

extension Waypoint: Codable {
    // Latitude and longitude sit beside the name in the file, so hand edits stay simple.
    private enum CodingKeys: String, CodingKey { case id, name, latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        coordinate = Coordinate(
            latitude: try c.decode(Double.self, forKey: .latitude),
            longitude: try c.decode(Double.self, forKey: .longitude)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
    }
}
