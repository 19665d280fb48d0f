import RoadtripCore

/// A point at the precision OSRM is asked at and answers in: whole microdegrees (about 0.1 m).
///
/// Rounding both the request and the cache key to the same grid makes "the same stop" mean the
/// same thing to both, whatever noise the last binary digits of a `Double` carry.
struct GridPoint: Hashable, Sendable, Codable {
    var latitude: Int32
    var longitude: Int32

    init(latitude: Int32, longitude: Int32) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Nil for a coordinate that is not finite and in range: it has no place on the grid.
    init?(_ coordinate: Coordinate) {
        guard coordinate.isValid else { return nil }
        latitude = Int32((coordinate.latitude * 1e6).rounded())
        longitude = Int32((coordinate.longitude * 1e6).rounded())
    }

    /// The grid point as a coordinate (whole microdegrees).
    var coordinate: Coordinate { Coordinate(latitude: Double(latitude) / 1e6, longitude: Double(longitude) / 1e6) }

    /// "lon,lat" with six decimals: OSRM's order, exactly as the key was rounded.
    var osrmText: String { "\(Self.decimal(longitude)),\(Self.decimal(latitude))" }

    private static func decimal(_ micro: Int32) -> String {
        let magnitude = Int(micro).magnitude
        let fraction = String(magnitude % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return "\(micro < 0 ? "-" : "")\(magnitude / 1_000_000).\(padded)"
    }
}

/// One directed leg between two grid points, driven avoiding the road classes in `exclude` (as
/// sent to the server, "motorway,toll"; "" for none); the server is implied by the cache that holds it.
struct LegKey: Hashable, Sendable {
    var from: GridPoint
    var to: GridPoint
    var exclude: String

    init?(from: Coordinate, to: Coordinate, exclude: String = "") {
        guard let from = GridPoint(from), let to = GridPoint(to) else { return nil }
        self.from = from
        self.to = to
        self.exclude = exclude
    }

    init(from: GridPoint, to: GridPoint, exclude: String = "") {
        self.from = from
        self.to = to
        self.exclude = exclude
    }
}
