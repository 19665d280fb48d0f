/// Where a leg's figures came from.
public enum LegSource: String, Sendable, Codable, Hashable {
    /// Shortest distance on the ellipsoid; no drive time.
    case geodesic
    /// Geodesic distance scaled by a circuity factor, driven at an average speed.
    case estimate
    /// Real roads, from an OSRM server.
    case osrm
    /// Real roads, from a Valhalla server.
    case valhalla

    /// Whether the figures are a road engine's answer rather than an estimate.
    public var isRoad: Bool { self == .osrm || self == .valhalla }
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
    /// Why a road router gave no road for this leg, in words ("no road route: OSRM … finds no road
    /// between these stops"): the leg is then an estimate and says so. May quote a server: sanitise.
    public var noRoadRoute: String?
    /// Set by the offline estimate when the ends are on land masses no road joins: across the sea
    /// the leg has no drive time; with a car ferry it is a drive that needs the ferry.
    public var crossing: WaterCrossing?

    /// Whether the leg is a drive (perhaps with a ferry on the way), not a sea or air crossing.
    public var isDrivable: Bool { crossing?.isDrivable ?? true }

    public init(
        from: Coordinate, to: Coordinate, distanceMeters: Double,
        durationSeconds: Double? = nil, source: LegSource, geometry: [Coordinate]? = nil,
        noRoadRoute: String? = nil, crossing: WaterCrossing? = nil
    ) {
        self.crossing = crossing
        self.from = from
        self.to = to
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.source = source
        self.geometry = geometry
        self.noRoadRoute = noRoadRoute
    }
}

/// The legs of a list of stops, and why some of them are not what the provider promised.
public struct RouteResult: Sendable, Hashable {
    /// The `stops.count - 1` legs; each says in `source` where its figures came from.
    public var legs: [Leg]
    /// One line saying why some legs fell back to an estimate ("2 of 5 legs estimated: OSRM
    /// 127.0.0.1:5000 did not answer within 5 s"); nil when none did. It may quote a server's
    /// message verbatim: sanitise it before it reaches the terminal.
    public var fallbackReason: String?
    /// What the road legs really avoid: the provider's avoidance, or the part of it the router
    /// could apply. Empty for providers that cannot avoid anything (the estimate).
    public var avoided: RoadAvoidance

    public init(legs: [Leg], fallbackReason: String? = nil, avoided: RoadAvoidance = []) {
        self.legs = legs
        self.fallbackReason = fallbackReason
        self.avoided = avoided
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
    /// The legs known without waiting (from memory or a cache): nil where the leg still has to be
    /// asked for, so a screen can show those rows as "Calculating…" while `route(for:)` runs.
    func knownLegs(for stops: [Coordinate]) -> [Leg?]
    /// Every leg, never failing: legs the provider cannot give are estimated instead and
    /// `fallbackReason` says why. Returns within the provider's own time limit.
    func route(for stops: [Coordinate]) async -> RouteResult
    /// The same provider asked to stay off `avoid` where its data allows (sharing its connection
    /// and cache); one that cannot avoid anything returns itself, and its results say `avoided: []`.
    func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider
    /// What the legs `knownLegs` gives avoid: what the router applied of the avoidance asked for
    /// (as far as it knows yet); empty for a provider that cannot avoid anything.
    var knownAvoidance: RoadAvoidance { get }
    /// Turn-by-turn instructions for each leg; `.unavailable` from a provider that has no roads.
    func directions(for stops: [Coordinate]) async -> DirectionsResult
    /// The road router's routes for one leg, its best first: empty when it offers none.
    func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative]
}

extension RouteProvider {
    public func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider { self }

    public var knownAvoidance: RoadAvoidance { [] }

    public func directions(for stops: [Coordinate]) async -> DirectionsResult {
        .unavailable(Self.needsRoadRouter)
    }

    public func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] { [] }

    /// What a provider without roads says when asked for directions or alternatives.
    static var needsRoadRouter: String {
        "directions need a road router: give --osrm URL, --osrm-data REGION.osrm or --router valhalla URL"
    }

    public func knownLegs(for stops: [Coordinate]) -> [Leg?] {
        Array(repeating: nil, count: max(0, stops.count - 1))
    }

    /// Falls back to straight lines: the only estimate the core knows; real providers do better.
    public func route(for stops: [Coordinate]) async -> RouteResult {
        do {
            return RouteResult(legs: try await legs(for: stops))
        } catch {
            return RouteResult(
                legs: GeodesicRouteProvider().instantLegs(for: stops),
                fallbackReason: "\(label) failed (\(error)): showing straight-line distances")
        }
    }
}

/// A provider that answers without waiting, so callers may skip the round trip through a task.
public protocol InstantRouteProvider: RouteProvider {
    func instantLegs(for stops: [Coordinate]) -> [Leg]
}

extension InstantRouteProvider {
    public func legs(for stops: [Coordinate]) async throws -> [Leg] { instantLegs(for: stops) }
    public func knownLegs(for stops: [Coordinate]) -> [Leg?] { instantLegs(for: stops) }
    public func route(for stops: [Coordinate]) async -> RouteResult { RouteResult(legs: instantLegs(for: stops)) }
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
