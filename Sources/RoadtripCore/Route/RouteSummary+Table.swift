extension RouteSummary {
    /// The table for people, one string per line: a row per leg, the total, what was avoided, each
    /// leg's warnings and alternatives.
    ///
    /// `width` measures terminal columns (`TextWidth.of`) and `sanitize` makes names safe to print
    /// (`TerminalText.sanitize`); the core knows neither, so the caller lends them.
    public func lines(unit: DistanceUnit, width: (String) -> Int, sanitize: (String) -> String) -> [String] {
        let names = rows.map { (from: sanitize($0.from), to: sanitize($0.to)) }
        let nameWidth = min(32, max(4, names.flatMap { [width($0.from), width($0.to)] }.max() ?? 4))
        func pad(_ text: String, _ columns: Int) -> String { text + String(repeating: " ", count: max(0, columns - width(text))) }
        func padLeft(_ text: String, _ columns: Int) -> String {
            String(repeating: " ", count: max(0, columns - width(text))) + text
        }
        var out = [
            pad("FROM", nameWidth) + "  " + pad("TO", nameWidth) + "  " + padLeft("DISTANCE", 12) + "  "
                + padLeft("DRIVE", 14) + "  SOURCE"
        ]
        for (row, name) in zip(rows, names) {
            out.append(
                pad(Self.cut(name.from, nameWidth, width), nameWidth) + "  " + pad(Self.cut(name.to, nameWidth, width), nameWidth)
                    + "  " + padLeft(Self.distance(row.leg, unit: unit), 12) + "  "
                    + padLeft(Self.driveTime(row.leg) ?? "—", 14) + "  " + Self.sourceName(row.leg.source))
        }
        out.append(
            "Total " + totalDistance(unit: unit) + (totalDriveTime.map { ", " + $0 + " driving" } ?? "")
                + (totals.seaCrossings == 0 ? "" : "," + totals.crossingsNote))
        if let avoid, !avoid.requested.isEmpty { out.append(avoid.requested.statement(applied: avoid.applied)) }
        for (index, row) in rows.enumerated() where !row.warnings.isEmpty {
            out.append(
                "Leg \(index + 1) (\(sanitize(row.from)) → \(sanitize(row.to))): "
                    + sanitize(row.warnings.map(\.text).joined(separator: "; ")))
        }
        for (index, row) in rows.enumerated() {
            guard let routes = row.alternatives else { continue }
            out.append("")
            out.append(
                "Leg \(index + 1) (\(sanitize(row.from)) → \(sanitize(row.to))): "
                    + (routes.count <= 1 ? "no alternatives" : "\(routes.count) routes"))
            for (number, route) in routes.enumerated() {
                let roads = route.mainRoads.isEmpty ? "" : "  via " + sanitize(route.mainRoads.joined(separator: ", "))
                // The best route needs no shaping point; another one is kept by adding its point as a via stop.
                let point = number == 0 ? "" : route.shapingPoint.map { "  (via \(Formatting.coordinate($0)))" } ?? ""
                out.append(
                    "  \(number == 0 ? "*" : " ") \(number + 1). \(Formatting.distance(route.distanceMeters, unit: unit))"
                        + ", \(Formatting.duration(route.durationSeconds))" + roads + point)
            }
        }
        return out
    }

    /// `text` cut to `columns` with "…" when it is wider.
    private static func cut(_ text: String, _ columns: Int, _ width: (String) -> Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        for character in text {
            if width(out + String(character)) > columns - 1 { break }
            out.append(character)
        }
        return out + "…"
    }
}
