import RoadtripCore
import TermUI

/// The places along a route as table rows, the same in the planner's list and `roadtrip along`:
/// how far along, between which stops, how far off, the detour, the kind and the name.
public enum AlongTable {
    /// One place's cells, ready to draw.
    public struct Row: Equatable, Sendable {
        public var along: String
        public var stops: String
        public var off: String
        public var detour: String
        public var kind: String
        public var name: String
    }

    static let widths = (along: 6, stops: 5, off: 5, detour: 16, kind: 9)
    /// The columns before the name, with the space after each.
    static let fixedWidth = widths.along + widths.stops + widths.off + widths.detour + widths.kind + 5

    /// The header: "    km  stops   off  detour         kind      place", its unit the one shown.
    public static func header(unit: DistanceUnit, width: Int) -> String { line(headerRow(unit: unit), width: width) }

    /// The header's cells.
    public static func headerRow(unit: DistanceUnit) -> Row {
        Row(along: unit.rawValue, stops: "stops", off: "off", detour: "detour", kind: "kind", name: "place")
    }

    /// A place's cells: "312", "3→4", "1.2", "≈ 3.1 km 4 min", "park", "Zion National Park, Utah".
    public static func row(_ place: AlongPlace, unit: DistanceUnit) -> Row {
        let detour = place.detour.map { d in
            (d.isEstimate ? "≈ " : "") + Formatting.distance(d.meters, unit: unit)
                + (d.seconds.map { " " + shortDuration($0) } ?? "")
        }
        let whereabouts = place.region.isEmpty ? place.countryCode : place.region
        return Row(
            along: offText(place.position.alongMeters, unit: unit),
            stops: "\(place.position.leg + 1)→\(place.position.leg + 2)",
            off: offText(place.position.offRouteMeters, unit: unit), detour: detour ?? "…", kind: place.kind,
            name: TerminalText.sanitize(place.name) + (whereabouts.isEmpty ? "" : ", " + TerminalText.sanitize(whereabouts)))
    }

    /// The row's cells in columns, cut to `width` terminal columns (names measured by their width on screen).
    public static func line(_ row: Row, width: Int) -> String {
        let w = widths
        let fixed =
            TextWidth.padLeft(TextWidth.truncate(row.along, to: w.along), to: w.along) + " "
            + TextWidth.pad(TextWidth.truncate(row.stops, to: w.stops), to: w.stops) + " "
            + TextWidth.padLeft(TextWidth.truncate(row.off, to: w.off), to: w.off) + "  "
            + TextWidth.pad(TextWidth.truncate(row.detour, to: w.detour), to: w.detour) + " "
            + TextWidth.pad(TextWidth.truncate(row.kind, to: w.kind), to: w.kind) + " "
        return fixed + TextWidth.truncate(row.name, to: max(0, width - TextWidth.of(fixed)))
    }

    /// "0.4", "12": one decimal below 10 units.
    static func offText(_ meters: Double, unit: DistanceUnit) -> String {
        let value = meters / unit.metersPerUnit
        return value < 10 ? String(format: "%.1f", value) : Plausibility.wholeNumber(value.rounded()).map(String.init) ?? "?"
    }

    /// "9 min", "1h05", "26h": short enough for the detour column.
    static func shortDuration(_ seconds: Double) -> String {
        guard let minutes = Plausibility.wholeNumber((seconds / 60).rounded()) else { return "?" }
        if minutes < 60 { return "\(minutes) min" }
        return minutes >= 600 ? "\(minutes / 60)h" : "\(minutes / 60)h" + String(format: "%02d", minutes % 60)
    }
}

/// A corridor's width as people say it: "10 km", "2.5 mi", "500 m".
public enum AlongWidthText {
    public static func text(_ meters: Double, unit: DistanceUnit) -> String {
        if unit == .kilometers, meters < 1000 { return "\(Int(meters.rounded())) m" }
        let value = meters / unit.metersPerUnit
        return String(format: "%g", (value * 10).rounded() / 10) + " " + unit.rawValue
    }
}
