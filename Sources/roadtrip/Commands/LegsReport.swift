import Foundation
import RoadtripCore
import TermUI

/// Legs between named stops, as `show` and `route` print them.
///
/// JSON shape (stable): `{"legs":[{"from":…,"to":…,"distanceMeters":…,"durationSeconds":…,"source":"osrm"|"valhalla"|"estimate"|"geodesic"}],
/// "totalDistanceMeters":…,"totalDurationSeconds":…}`; durations are null where the source has none.
/// Added only when there is something to say: a leg's `"drivable":false` (across the sea), its
/// `"warnings":[{"kind","text"}]` and the
/// route's `"avoid":{"requested":[…],"applied":[…]}`.
struct LegsReport: Encodable {
    struct Warning: Encodable, Equatable {
        var kind: String
        var text: String
    }

    struct Item: Encodable {
        var from: String
        var to: String
        var distanceMeters: Double
        var durationSeconds: Double?
        var source: String
        /// False for a leg across the sea (no road joins its ends); written only then.
        var drivable = true
        var warnings: [Warning] = []

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(distanceMeters, forKey: .distanceMeters)
            try c.encode(durationSeconds, forKey: .durationSeconds)
            try c.encode(source, forKey: .source)
            if !drivable { try c.encode(false, forKey: .drivable) }
            if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
        }

        enum CodingKeys: String, CodingKey { case from, to, distanceMeters, durationSeconds, source, drivable, warnings }
    }

    var legs: [Item]
    var totalDistanceMeters: Double
    var totalDurationSeconds: Double?
    /// Legs across the sea, left out of the totals; written only when there are some.
    var seaCrossings = 0
    var avoid: AvoidReport?

    /// `warnings` has one list per leg (`LegWarning.warnings`), or is empty for none.
    init(names: [String], legs: [Leg], warnings: [[LegWarning]] = [], avoid: AvoidReport? = nil) {
        self.legs = zip(legs.indices, legs).map { i, leg in
            Item(
                from: names[i], to: names[i + 1], distanceMeters: leg.distanceMeters,
                durationSeconds: leg.durationSeconds, source: leg.source.rawValue, drivable: leg.isDrivable,
                warnings: (warnings.indices.contains(i) ? warnings[i] : []).map { Warning(kind: $0.kind, text: $0.text) })
        }
        self.avoid = avoid
        let totals = LegTotals(legs)
        totalDistanceMeters = totals.meters
        totalDurationSeconds = totals.seconds
        seaCrossings = totals.seaCrossings
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(legs, forKey: .legs)
        try c.encode(totalDistanceMeters, forKey: .totalDistanceMeters)
        try c.encode(totalDurationSeconds, forKey: .totalDurationSeconds)
        if seaCrossings > 0 { try c.encode(seaCrossings, forKey: .seaCrossings) }
        try c.encodeIfPresent(avoid, forKey: .avoid)
    }

    enum CodingKeys: String, CodingKey { case legs, totalDistanceMeters, totalDurationSeconds, seaCrossings, avoid }

    /// The table for people: one row per leg, then the totals.
    func lines(unit: DistanceUnit) -> [String] {
        let shown = legs.map { (from: TerminalText.sanitize($0.from), to: TerminalText.sanitize($0.to)) }
        let width = min(32, max(4, shown.flatMap { [TextWidth.of($0.from), TextWidth.of($0.to)] }.max() ?? 4))
        func estimate(_ item: Item) -> String { item.source == "estimate" ? "≈ " : "" }
        var out = [
            TextWidth.pad("FROM", to: width) + "  " + TextWidth.pad("TO", to: width) + "  "
                + TextWidth.padLeft("DISTANCE", to: 12) + "  " + TextWidth.padLeft("DRIVE", to: 14) + "  SOURCE"
        ]
        for (item, names) in zip(legs, shown) {
            out.append(
                TextWidth.pad(names.from, to: width) + "  "
                    + TextWidth.pad(names.to, to: width) + "  "
                    + TextWidth.padLeft(estimate(item) + Formatting.distance(item.distanceMeters, unit: unit), to: 12) + "  "
                    + TextWidth.padLeft(
                        item.drivable ? item.durationSeconds.map { estimate(item) + Formatting.duration($0) } ?? "—" : "no road",
                        to: 14)
                    + "  " + item.source)
        }
        let anyEstimate = legs.contains { $0.source == "estimate" } ? "≈ " : ""
        out.append(
            "Total " + anyEstimate + Formatting.distance(totalDistanceMeters, unit: unit)
                + (totalDurationSeconds.map { ", " + anyEstimate + Formatting.duration($0) + " driving" } ?? "")
                + (seaCrossings == 0 ? "" : ", + \(seaCrossings) sea crossing\(seaCrossings == 1 ? "" : "s")"))
        if let avoid, !avoid.requested.isEmpty { out.append(avoid.statement) }
        for (index, item) in legs.enumerated() where !item.warnings.isEmpty {
            out.append(
                "Leg \(index + 1) (\(TerminalText.sanitize(item.from)) → \(TerminalText.sanitize(item.to))): "
                    + TerminalText.sanitize(item.warnings.map(\.text).joined(separator: "; ")))
        }
        return out
    }
}
