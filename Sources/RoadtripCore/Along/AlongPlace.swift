import Foundation

/// A place beside the route: what it is, how far off the route and how far along the trip.
public struct AlongPlace: Sendable, Hashable {
    public var name: String
    /// The kind as people ask for it (`AlongKind.name`): "park", "fuel", "town".
    public var kind: String
    public var coordinate: Coordinate
    public var region: String
    public var country: String
    public var countryCode: String
    public var timeZone: String
    public var elevation: Int?
    /// How large or how much of a draw the place is: a town's population, a destination's standing.
    public var prominence: Int
    /// Where it lies beside the route.
    public var position: RoutePosition
    /// The drive off the route and back, once it is known.
    public var detour: Detour?

    public init(
        name: String, kind: String, coordinate: Coordinate, region: String = "", country: String = "",
        countryCode: String = "", timeZone: String = "", elevation: Int? = nil, prominence: Int,
        position: RoutePosition, detour: Detour? = nil
    ) {
        self.name = name
        self.kind = kind
        self.coordinate = coordinate
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.timeZone = timeZone
        self.elevation = elevation
        self.prominence = prominence
        self.position = position
        self.detour = detour
    }

    /// "between stop 3 and 4" (1-based stops, as the trip screen numbers them).
    public var betweenStops: String { "between stop \(position.leg + 1) and \(position.leg + 2)" }
}

/// The drive from the route to a place and back to where it left the route.
public struct Detour: Sendable, Hashable {
    public var meters: Double
    public var seconds: Double?
    /// Whether the figures are the offline estimate's, not a road router's.
    public var isEstimate: Bool

    public init(meters: Double, seconds: Double?, isEstimate: Bool) {
        self.meters = meters
        self.seconds = seconds
        self.isEstimate = isEstimate
    }
}

/// What to look for along the route.
public struct AlongRequest: Sendable, Hashable {
    public var kinds: [AlongKind]
    /// The corridor's half-width: a place at most this far from the route line is along it.
    public var withinMeters: Double
    /// The legs to look along (0 is the leg from stop 1 to stop 2); nil for the whole trip.
    public var legs: ClosedRange<Int>?
    /// At most this many places, the first along the route; nil for every one.
    public var limit: Int?
    /// The names of the route's stops, in order: a place a stop is named after, close to it, is that stop.
    public var stopNames: [String] = []

    public init(
        kinds: [AlongKind] = AlongKind.standard, withinMeters: Double = AlongRequest.standardWidth, legs: ClosedRange<Int>? = nil,
        limit: Int? = nil
    ) {
        self.kinds = kinds
        self.withinMeters = withinMeters
        self.legs = legs
        self.limit = limit
    }

    /// The most places the planner's list holds: past a thousand rows a list is searched, not read,
    /// and a narrower width or a kind says more.
    public static let listLimit = 1_000

    /// 10 km either side of the route.
    public static let standardWidth = 10_000.0
    /// The widest corridor: wider, "along" stops meaning anything and the list grows past reading.
    public static let widest = 100_000.0
    /// The widths the planner's keys step through, in round figures of `unit`; the fourth is the standard one.
    public static func steps(unit: DistanceUnit) -> [Double] {
        unit == .kilometers
            ? [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
            : [0.5, 1, 2, 5, 10, 20, 50].map { $0 * unit.metersPerUnit }
    }

    /// The data kinds any asked kind stands for.
    public var dataKinds: Set<String> { kinds.reduce(into: []) { $0.formUnion($1.dataKinds) } }
}

/// How places come back: in route order (the default), by the shortest detour, or the most prominent first.
public enum AlongOrder: String, Sendable, CaseIterable {
    case route, detour, prominence

    /// `places` in this order; ties keep route order.
    public func sorted(_ places: [AlongPlace]) -> [AlongPlace] {
        let byRoute = places.sorted {
            ($0.position.alongMeters, $0.position.offRouteMeters, $0.name) < (
                $1.position.alongMeters, $1.position.offRouteMeters, $1.name
            )
        }
        switch self {
        case .route: return byRoute
        case .detour:
            return byRoute.enumerated().sorted {
                ($0.element.detour?.meters ?? 2 * $0.element.position.offRouteMeters, $0.offset)
                    < ($1.element.detour?.meters ?? 2 * $1.element.position.offRouteMeters, $1.offset)
            }.map(\.element)
        case .prominence:
            return byRoute.enumerated().sorted { ($1.element.prominence, $0.offset) < ($0.element.prominence, $1.offset) }.map(
                \.element)
        }
    }
}

/// What a search along the route found.
public struct AlongAnswer: Sendable, Hashable {
    /// The places, in route order (the first `limit` of them when the request had one).
    public var places: [AlongPlace]
    /// How many places lie along the route, `places` and those past the limit.
    public var total: Int
    /// The kinds asked for that only imports hold, with the legs no imported region covers; empty
    /// when every leg looked along lies in an imported region (or no such kind was asked for).
    public var uncovered: (kinds: [String], legs: [Int])?

    public init(places: [AlongPlace], total: Int? = nil, uncovered: (kinds: [String], legs: [Int])? = nil) {
        self.places = places
        self.total = total ?? places.count
        self.uncovered = uncovered
    }

    public static func == (a: AlongAnswer, b: AlongAnswer) -> Bool {
        a.places == b.places && a.total == b.total && a.uncovered?.kinds == b.uncovered?.kinds
            && a.uncovered?.legs == b.uncovered?.legs
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(places) }

    /// One line saying which kinds need an import and how to make it; nil when none do.
    public var importAdvice: String? {
        guard let uncovered, !uncovered.kinds.isEmpty else { return nil }
        let kinds = uncovered.kinds.joined(separator: ", ")
        return
            "\(kinds.prefix(1).uppercased() + kinds.dropFirst()) places come from imported OpenStreetMap extracts, and none covers "
            + (uncovered.legs.isEmpty ? "this route" : AlongAnswer.legsText(uncovered.legs))
            + ": roadtrip places import FILE.osm.pbf (extracts at download.geofabrik.de)."
    }

    /// "leg 3", "legs 2–4", "legs 1, 3–5".
    static func legsText(_ legs: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for leg in legs.sorted() {
            if let last = runs.last, last.upperBound + 1 == leg {
                runs[runs.count - 1] = last.lowerBound...leg
            } else {
                runs.append(leg...leg)
            }
        }
        let text = runs.map { $0.count == 1 ? "\($0.lowerBound + 1)" : "\($0.lowerBound + 1)–\($0.upperBound + 1)" }
        return (legs.count == 1 ? "leg " : "legs ") + text.joined(separator: ", ")
    }
}

/// Finds the places along a route; the place search's side of "along the route".
///
/// Interactors receive one in their initialiser; tests hand them doubles.
public protocol AlongRouteSearching: Sendable {
    /// The places of `request`'s kinds within its width of `line`, in route order.
    func places(along line: RouteLine, _ request: AlongRequest) -> AlongAnswer
}
