import Foundation
import RoadtripCore

/// The itinerary in Markdown, for a message, a wiki or a README: a heading per day, a list item per event.
///
/// ```
/// # Alps loop
///
/// 2 days, Sat 28 Mar – Sun 29 Mar 2026 · 1 night · 9 h 40 min driving · 812 km
///
/// ## Day 1 · Sat 28 Mar 2026 · 7 h 10 min driving · 598 km
///
/// - **08:00 CET** depart **Berlin**
/// - drive 3 h 05 min · 190 km
/// - **11:05** arrive **Leipzig** · stay 30 min · Old town walk
/// ```
public enum ItineraryMarkdownRenderer {
    public static func text(_ itinerary: Itinerary, unit: DistanceUnit) -> String {
        var writer = MarkdownWriter(itinerary: itinerary, unit: unit)
        return writer.render()
    }

    /// Names and notes as literal text: Markdown's special characters escaped, hidden characters dropped, breaks as spaces.
    static func escaped(_ text: String) -> String { MarkdownText.escaped(text) }
}

private struct MarkdownWriter {
    let itinerary: Itinerary
    let unit: DistanceUnit
    var out: [String] = []
    var clock = ShownClock()

    mutating func render() -> String {
        out = ["# " + escaped(itinerary.trip), "", ItineraryPhrases.totals(itinerary, unit: unit)]
        for day in itinerary.days { render(day) }
        if !itinerary.warnings.isEmpty {
            out += ["", "## Warnings", ""]
            for warning in itinerary.warnings {
                out.append("- " + escaped(warning.message))
                out += (warning.choices ?? []).map { "  - " + escaped($0) }
            }
        }
        if !itinerary.notes.isEmpty {
            out += ["", "## Notes", ""] + itinerary.notes.map { "- " + escaped($0) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private mutating func render(_ day: ItineraryDay) {
        out += ["", "## " + ItineraryPhrases.dayHeading(day, in: itinerary, unit: unit, name: escaped), ""]
        clock.startDay(day)
        for entry in ItineraryEntry.of(day, in: itinerary, unit: unit, name: escaped) {
            switch entry {
            case let .depart(at, zone, place): out.append("- \(time(at, zone)) depart **\(place)**")
            case let .drive(figures): out.append("- drive " + figures)
            case let .noRoad(text): out.append("- " + text)
            case let .arrive(at, zone, name, details, _):
                out.append("- \(time(at, zone)) arrive **\(name)**" + details.map { " · " + $0 }.joined())
            case let .night(at, zone, text, reasons):
                let parts = text.components(separatedBy: " · ")
                let more = parts.dropFirst().map { " · " + $0 }.joined()
                out.append("- \(time(at, zone)) night at **\(parts[0])**" + more)
                out += reasons.map { "  " + $0 }
            }
        }
    }

    /// "**08:00 CET**": the zone when it changes, the date when the day has run past midnight.
    private mutating func time(_ date: Date, _ zone: TimeZone) -> String {
        let stamp = clock.stamp(date, zone)
        let day = stamp.newDate ? ItineraryClock.text(date, zone, "EEE d MMM") + " " : ""
        return "**" + day + stamp.clock + (stamp.zone.map { " " + $0 } ?? "") + "**"
    }

    private func escaped(_ text: String) -> String { ItineraryMarkdownRenderer.escaped(text) }
}
