import Foundation

/// A route between named stops with everything said about it: each leg's figures, source and
/// warnings, the totals, what was avoided, the alternatives asked for.
///
/// One value behind every place a route is shown: the trip screen's total, `show` and `route`
/// (their table and their JSON); each figure and its `≈` is worked out here once.
public struct RouteSummary: Sendable {
    public struct Row: Sendable, Hashable {
        public var from: String
        public var to: String
        public var leg: Leg
        /// What its figures do not say (`LegWarning.warnings`).
        public var warnings: [LegWarning]
        /// The router's routes for this leg, best first, when they were asked for.
        public var alternatives: [RouteAlternative]?
    }

    public var rows: [Row]
    public var totals: LegTotals
    /// What was asked to be avoided and what the router applied; nil when nothing was asked.
    public var avoid: (requested: RoadAvoidance, applied: RoadAvoidance)?

    /// `names` has one entry per stop, so one more than `legs`; `warnings` one list per leg, or none.
    public init(
        names: [String], legs: [Leg], warnings: [[LegWarning]] = [],
        avoid: (requested: RoadAvoidance, applied: RoadAvoidance)? = nil, alternatives: [Int: [RouteAlternative]] = [:]
    ) {
        precondition(names.count == legs.count + 1 || legs.isEmpty, "one name per stop")
        rows = legs.enumerated().map { index, leg in
            Row(
                from: names[index], to: names[index + 1], leg: leg,
                warnings: warnings.indices.contains(index) ? warnings[index] : [], alternatives: alternatives[index])
        }
        totals = LegTotals(legs)
        self.avoid = avoid
    }

    /// Whether any figure is the offline estimate's, so a total carries `≈`.
    public var isEstimate: Bool { rows.contains { $0.leg.source == .estimate } }

    /// "≈ " before a figure the offline estimate gave, nothing before a router's or a straight line's.
    public static func mark(_ leg: Leg) -> String { leg.source == .estimate ? "≈ " : "" }

    /// A leg's distance as shown: "≈ 80.9 km".
    public static func distance(_ leg: Leg, unit: DistanceUnit) -> String {
        mark(leg) + Formatting.distance(leg.distanceMeters, unit: unit)
    }

    /// A leg's drive time as shown ("≈ 1 h 1 min"); "no road" across the sea, nil without one.
    public static func driveTime(_ leg: Leg) -> String? {
        guard leg.isDrivable else { return "no road" }
        return leg.durationSeconds.map { mark(leg) + Formatting.duration($0) }
    }

    /// The total distance as shown: "≈ 630 km".
    public func totalDistance(unit: DistanceUnit) -> String {
        (isEstimate ? "≈ " : "") + Formatting.distance(totals.meters, unit: unit)
    }

    /// The total drive time as shown ("≈ 7 h 52 min"); nil when some leg driven has none.
    public var totalDriveTime: String? { totals.seconds.map { (isEstimate ? "≈ " : "") + Formatting.duration($0) } }

    /// Where a leg's figures come from, for people: "OSRM", "Valhalla", "estimate", "straight line".
    public static func sourceName(_ source: LegSource) -> String {
        switch source {
        case .osrm: "OSRM"
        case .valhalla: "Valhalla"
        case .estimate: "estimate"
        case .geodesic: "straight line"
        }
    }
}

/// `{"legs":[{"from","to","distanceMeters","durationSeconds","source"}…],"totalDistanceMeters",
/// "totalDurationSeconds"}`, figures to 0.1 (OSRM's own precision, so OSRM's values pass unchanged);
/// a duration is null where the source has none. Added only when there is something to say: a
/// leg's `"drivable":false`, `"warnings"` and `"alternatives"`, the route's `"seaCrossings"` and
/// `"avoid":{"requested","applied"}`.
extension RouteSummary: Encodable {
    private enum Keys: String, CodingKey {
        case legs, totalDistanceMeters, totalDurationSeconds, seaCrossings, avoid
        case from, to, distanceMeters, durationSeconds, source, drivable, warnings, alternatives
        case kind, text, mainRoads, shapingPoint, latitude, longitude, requested, applied
    }

    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        var legs = root.nestedUnkeyedContainer(forKey: .legs)
        for row in rows {
            var leg = legs.nestedContainer(keyedBy: Keys.self)
            try leg.encode(row.from, forKey: .from)
            try leg.encode(row.to, forKey: .to)
            try leg.encode(Self.tenth(row.leg.distanceMeters), forKey: .distanceMeters)
            try leg.encode(row.leg.durationSeconds.map(Self.tenth), forKey: .durationSeconds)
            try leg.encode(row.leg.source.rawValue, forKey: .source)
            if !row.leg.isDrivable { try leg.encode(false, forKey: .drivable) }
            if !row.warnings.isEmpty {
                var warnings = leg.nestedUnkeyedContainer(forKey: .warnings)
                for warning in row.warnings {
                    var item = warnings.nestedContainer(keyedBy: Keys.self)
                    try item.encode(warning.kind, forKey: .kind)
                    try item.encode(warning.text, forKey: .text)
                }
            }
            if let routes = row.alternatives {
                var alternatives = leg.nestedUnkeyedContainer(forKey: .alternatives)
                for route in routes {
                    var item = alternatives.nestedContainer(keyedBy: Keys.self)
                    try item.encode(Self.tenth(route.distanceMeters), forKey: .distanceMeters)
                    try item.encode(Self.tenth(route.durationSeconds), forKey: .durationSeconds)
                    try item.encode(route.mainRoads, forKey: .mainRoads)
                    if let point = route.shapingPoint {
                        var at = item.nestedContainer(keyedBy: Keys.self, forKey: .shapingPoint)
                        try at.encode(point.latitude, forKey: .latitude)
                        try at.encode(point.longitude, forKey: .longitude)
                    }
                }
            }
        }
        try root.encode(Self.tenth(totals.meters), forKey: .totalDistanceMeters)
        try root.encode(totals.seconds.map(Self.tenth), forKey: .totalDurationSeconds)
        if totals.seaCrossings > 0 { try root.encode(totals.seaCrossings, forKey: .seaCrossings) }
        if let avoid {
            var asked = root.nestedContainer(keyedBy: Keys.self, forKey: .avoid)
            try asked.encode(avoid.requested.words, forKey: .requested)
            try asked.encode(avoid.applied.words, forKey: .applied)
        }
    }

    /// Rounded to 0.1; a value that is not finite (never from a checked source) stays as it is
    /// for the encoder to refuse.
    static func tenth(_ value: Double) -> Double { value.isFinite ? (value * 10).rounded() / 10 : value }
}
