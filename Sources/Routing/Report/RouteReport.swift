import Foundation
import RoadtripCore

/// A routed list of named stops as `roadtrip route` and `roadtrip show` print it: a table for
/// people, JSON for programs.
struct RouteReport: Sendable {
    public struct Row: Sendable, Hashable {
        public var from: String
        public var to: String
        public var leg: Leg
    }

    public var rows: [Row]
    /// Per leg, what its figures do not say (`LegWarning.warnings`); empty for none.
    var warnings: [[LegWarning]] = []
    /// What was asked to be avoided and what the router applied; nil when nothing was asked.
    var avoid: (requested: RoadAvoidance, applied: RoadAvoidance)?
    /// Per leg index, the router's routes for it, best first (`route --alternatives`).
    var alternatives: [Int: [RouteAlternative]] = [:]

    /// `names` has one entry per stop, so one more than `legs`.
    public init(names: [String], legs: [Leg]) {
        precondition(names.count == legs.count + 1 || legs.isEmpty, "one name per stop")
        rows = legs.enumerated().map { index, leg in Row(from: names[index], to: names[index + 1], leg: leg) }
    }

    /// The legs as a drive: a leg across the sea adds no distance or time (`LegTotals`).
    var totals: LegTotals { LegTotals(rows.map(\.leg)) }

    public var totalDistanceMeters: Double { totals.meters }

    /// Nil when some leg that is a drive has no drive time (straight-line legs).
    public var totalDurationSeconds: Double? { totals.seconds }

    /// `{"legs":[{"from","to","distanceMeters","durationSeconds","source"}…],"totalDistanceMeters",
    /// "totalDurationSeconds"}`, figures to 0.1 (OSRM's own precision, so OSRM's values pass
    /// unchanged). Names may come from anywhere: besides JSON's own escapes, DEL and the C1
    /// controls are escaped too, since a terminal may act on them when the JSON is printed.
    public func json() -> String {
        // JSONEncoder orders keys by hash on Linux: the object is assembled here in the documented
        // order, and the encoder only escapes each value.
        let legs = rows.enumerated().map { index, row in
            "{\"from\":\(Self.fragment(row.from)),\"to\":\(Self.fragment(row.to)),"
                + "\"distanceMeters\":\(Self.fragment(Self.tenth(row.leg.distanceMeters))),"
                + "\"durationSeconds\":\(Self.fragment(row.leg.durationSeconds.map(Self.tenth))),"
                + "\"source\":\(Self.fragment(row.leg.source.rawValue))"
                + (row.leg.isDrivable ? "" : ",\"drivable\":false")
                + extraJSON(leg: index) + "}"
        }
        var json =
            "{\"legs\":[\(legs.joined(separator: ","))],"
            + "\"totalDistanceMeters\":\(Self.fragment(Self.tenth(totalDistanceMeters))),"
            + "\"totalDurationSeconds\":\(Self.fragment(totalDurationSeconds.map(Self.tenth)))"
            + (totals.seaCrossings > 0 ? ",\"seaCrossings\":\(totals.seaCrossings)" : "")
        if let avoid {
            json +=
                ",\"avoid\":{\"requested\":\(Self.fragment(avoid.requested.words)),"
                + "\"applied\":\(Self.fragment(avoid.applied.words))}"
        }
        json += "}"
        var out = ""
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && (PlainText.isHidden(scalar) || PlainText.isBreak(scalar)) {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A leg's additions to its JSON object, each only when there is something to say:
    /// `"warnings":[{"kind","text"}]` and `"alternatives":[{"distanceMeters","durationSeconds","mainRoads"}]`.
    private func extraJSON(leg index: Int) -> String {
        var out = ""
        if warnings.indices.contains(index), !warnings[index].isEmpty {
            let items = warnings[index].map { "{\"kind\":\(Self.fragment($0.kind)),\"text\":\(Self.fragment($0.text))}" }
            out += ",\"warnings\":[\(items.joined(separator: ","))]"
        }
        if let routes = alternatives[index] {
            let items = routes.map { route in
                "{\"distanceMeters\":\(Self.fragment(Self.tenth(route.distanceMeters))),"
                    + "\"durationSeconds\":\(Self.fragment(Self.tenth(route.durationSeconds))),"
                    + "\"mainRoads\":\(Self.fragment(route.mainRoads))"
                    + (route.shapingPoint.map {
                        ",\"shapingPoint\":{\"latitude\":\(Self.fragment($0.latitude)),\"longitude\":\(Self.fragment($0.longitude))}"
                    } ?? "") + "}"
            }
            out += ",\"alternatives\":[\(items.joined(separator: ","))]"
        }
        return out
    }

    /// What follows the table: what was avoided, each leg's warnings, each leg's alternatives.
    func noteLines(unit: DistanceUnit, sanitize: (String) -> String) -> [String] {
        var lines: [String] = []
        if let avoid { lines.append(avoid.requested.statement(applied: avoid.applied)) }
        for (index, row) in rows.enumerated() {
            if warnings.indices.contains(index), !warnings[index].isEmpty {
                lines.append(
                    "Leg \(index + 1) (\(sanitize(row.from)) → \(sanitize(row.to))): "
                        + sanitize(warnings[index].map(\.text).joined(separator: "; ")))
            }
        }
        for index in rows.indices {
            guard let routes = alternatives[index] else { continue }
            let row = rows[index]
            lines.append("")
            lines.append(
                "Leg \(index + 1) (\(sanitize(row.from)) → \(sanitize(row.to))): "
                    + (routes.count <= 1 ? "no alternatives" : "\(routes.count) routes"))
            for (number, route) in routes.enumerated() {
                let roads = route.mainRoads.isEmpty ? "" : "  via " + sanitize(route.mainRoads.joined(separator: ", "))
                // The best route needs no shaping point; another one is kept by adding its point as a via stop.
                let point = number == 0 ? "" : route.shapingPoint.map { "  (via \(Formatting.coordinate($0)))" } ?? ""
                lines.append(
                    "  \(number == 0 ? "*" : " ") \(number + 1). \(Formatting.distance(route.distanceMeters, unit: unit))"
                        + ", \(Formatting.duration(route.durationSeconds))" + roads + point)
            }
        }
        return lines
    }

    /// The table, one string per line. `width` measures terminal columns (`TextWidth.of`) and
    /// `sanitize` makes names safe to print (`TerminalText.sanitize`); the Routing module knows
    /// neither, so the caller lends them. Estimated figures carry "≈".
    func tableLines(unit: DistanceUnit, width: (String) -> Int, sanitize: (String) -> String) -> [String] {
        let header = ["#", "From", "To", "Distance", "Drive time", "Source"]
        var body = rows.enumerated().map { index, row in
            [
                String(index + 1), sanitize(row.from), sanitize(row.to),
                Self.distance(row.leg.distanceMeters, approximate: !row.leg.source.isRoad, unit: unit),
                row.leg.isDrivable
                    ? row.leg.durationSeconds.map { Self.approximate(!row.leg.source.isRoad) + Formatting.duration($0) } ?? "–"
                    : "no road",
                Self.sourceName(row.leg.source)
            ]
        }
        let anyEstimate = rows.contains { !$0.leg.source.isRoad }
        body.append([
            "", "Total" + totals.crossingsNote, "", Self.distance(totalDistanceMeters, approximate: anyEstimate, unit: unit),
            totalDurationSeconds.map { Self.approximate(anyEstimate) + Formatting.duration($0) } ?? "–", ""
        ])
        let all = [header] + body
        let widths = header.indices.map { column in all.map { width($0[column]) }.max() ?? 0 }
        let rightAligned: Set<Int> = [0, 3, 4]
        return all.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - width(cell))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    static func sourceName(_ source: LegSource) -> String {
        switch source {
        case .osrm: "OSRM"
        case .valhalla: "Valhalla"
        case .estimate: "estimate"
        case .geodesic: "straight line"
        }
    }

    private static func approximate(_ yes: Bool) -> String { yes ? "≈ " : "" }

    private static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// One JSON value, escaped by JSONEncoder; "null" for nil.
    private static func fragment<Value: Encodable>(_ value: Value?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let value, let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func distance(_ meters: Double, approximate yes: Bool, unit: DistanceUnit) -> String {
        approximate(yes) + Formatting.distance(meters, unit: unit)
    }
}
