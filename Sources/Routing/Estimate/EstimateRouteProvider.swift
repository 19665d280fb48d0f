import RoadtripCore

/// The honest offline estimate: the geodesic distance stretched by a circuity factor, driven at an
/// average speed.
///
/// Roads are longer than the shortest line on the ellipsoid; measured ratios of road to geodesic
/// distance mostly fall between 1.2 and 1.4, hence the 1.25 default. 80 km/h averages motorways
/// with the slower roads at both ends of a leg.
public struct EstimateRouteProvider: InstantRouteProvider, Hashable {
    public var circuity: Double
    public var averageSpeedKilometersPerHour: Double

    /// Circuity below 1 would make roads shorter than the geodesic, and a speed must be positive:
    /// out-of-range values fall back to the defaults rather than produce nonsense.
    public init(circuity: Double = 1.25, averageSpeedKilometersPerHour: Double = 80) {
        self.circuity = circuity.isFinite && circuity >= 1 ? circuity : 1.25
        self.averageSpeedKilometersPerHour =
            averageSpeedKilometersPerHour.isFinite && averageSpeedKilometersPerHour > 0
            ? averageSpeedKilometersPerHour : 80
    }

    public var label: String { "offline estimate" }

    public func instantLegs(for stops: [Coordinate]) -> [Leg] {
        zip(stops, stops.dropFirst()).map { leg(from: $0, to: $1) }
    }

    /// One estimated leg. Across the sea it is the straight line with no drive time (no road is
    /// claimed); with a car ferry on the way it is a drive that says so.
    public func leg(from a: Coordinate, to b: Coordinate) -> Leg {
        let straight = Geodesic.distance(a, b)
        let crossing = Landmasses.shared.crossing(from: a, to: b)
        if crossing == .sea {
            return Leg(from: a, to: b, distanceMeters: straight, source: .estimate, crossing: crossing)
        }
        let meters = straight * circuity
        let seconds = meters / (averageSpeedKilometersPerHour / 3.6)
        return Leg(from: a, to: b, distanceMeters: meters, durationSeconds: seconds, source: .estimate, crossing: crossing)
    }
}
