/// Where a leg's figures came from.
public enum LegSource: String, Sendable, Codable, Hashable {
    /// Shortest distance on the ellipsoid; no drive time.
    case geodesic
    /// Geodesic distance scaled by a circuity factor, driven at an average speed.
    case estimate
    /// Real roads, from an OSRM server.
    case osrm
}

/// The road (or straight) link between two consecutive stops.
public struct Leg: Sendable, Hashable {
    public var from: Coordinate
    public var to: Coordinate
    public var distanceMeters: Double
    public var durationSeconds: Double?
    public var source: LegSource
    /// The driven line, when the provider knows it.
    public var geometry: [Coordinate]?

    public init(from: Coordinate, to: Coordinate, distanceMeters: Double,
                durationSeconds: Double? = nil, source: LegSource, geometry: [Coordinate]? = nil) {
        self.from = from
        self.to = to
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.source = source
        self.geometry = geometry
    }
}

/// Computes the legs of a list of stops.
///
/// Interactors receive one in their initialiser; tests hand them doubles.
public protocol RouteProvider: Sendable {
    /// Names the source on the status line ("geodesic", "offline estimate", "OSRM 127.0.0.1:5000").
    var label: String { get }
    /// The `stops.count - 1` legs between consecutive stops.
    func legs(for stops: [Coordinate]) async throws -> [Leg]
}

/// A provider that answers without waiting, so callers may skip the round trip through a task.
public protocol InstantRouteProvider: RouteProvider {
    func instantLegs(for stops: [Coordinate]) -> [Leg]
}

extension InstantRouteProvider {
    public func legs(for stops: [Coordinate]) async throws -> [Leg] { instantLegs(for: stops) }
}

/// Straight-line legs on the WGS84 ellipsoid.
public struct GeodesicRouteProvider: InstantRouteProvider {
    public init() {}
    public var label: String { "geodesic" }

    public func instantLegs(for stops: [Coordinate]) -> [Leg] {
        zip(stops, stops.dropFirst()).map { a, b in
            Leg(from: a, to: b, distanceMeters: Geodesic.distance(a, b), source: .geodesic)
        }
    }
}
