import Foundation

/// Turn-by-turn directions as people read them: the lines of the trip screen's directions view and
/// `roadtrip directions`, and the Markdown that prints. Names come from the road router: the caller
/// passes `sanitize` (TermUI's `TerminalText.sanitize`) for the terminal, or nothing for Markdown.
public enum DirectionsText {
    /// "1. Palace → Casino · 1.8 km · 5 min", then a numbered line per step.
    public static func lines(
        names: [String], legs: [LegDirections], unit: DistanceUnit, sanitize: (String) -> String = { $0 }
    ) -> [String] {
        var out: [String] = []
        for (index, leg) in legs.enumerated() {
            if index > 0 { out.append("") }
            out.append(heading(names: names, leg: index, directions: leg, unit: unit, sanitize: sanitize))
            for (number, step) in leg.steps.enumerated() {
                out.append("  " + pad("\(number + 1).", to: 4) + sanitize(step.sentence(unit: unit)))
            }
        }
        return out
    }

    /// The same as a Markdown document: a heading per leg and a numbered list of its steps.
    public static func markdown(tripName: String, names: [String], legs: [LegDirections], unit: DistanceUnit) -> String {
        var out = "# \(escape(tripName)): directions\n"
        for (index, leg) in legs.enumerated() {
            out += "\n## " + escape(heading(names: names, leg: index, directions: leg, unit: unit, sanitize: { $0 })) + "\n\n"
            for (number, step) in leg.steps.enumerated() {
                out += "\(number + 1). \(escape(step.sentence(unit: unit)))\n"
            }
        }
        return out
    }

    /// "1. Palace → Casino · 1.8 km · 5 min".
    static func heading(
        names: [String], leg index: Int, directions: LegDirections, unit: DistanceUnit, sanitize: (String) -> String
    ) -> String {
        let from = names.indices.contains(index) ? sanitize(names[index]) : "stop \(index + 1)"
        let to = names.indices.contains(index + 1) ? sanitize(names[index + 1]) : "stop \(index + 2)"
        return "\(index + 1). \(from) → \(to) · \(Formatting.distance(directions.distanceMeters, unit: unit))"
            + " · \(Formatting.duration(directions.durationSeconds))"
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Markdown's own characters in outside text are escaped, so a road name cannot start a list or a link.
    private static func escape(_ text: String) -> String { MarkdownText.escaped(text) }
}
