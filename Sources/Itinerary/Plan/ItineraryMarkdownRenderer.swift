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
    private var out: [String] = []
    private var shownDate = ""
    private var shownZone = ""

    init(itinerary: Itinerary, unit: DistanceUnit) {
        self.itinerary = itinerary
        self.unit = unit
    }

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
        shownDate = day.date
        shownZone = ""
        let events = day.events
        for (i, e) in events.enumerated() {
            switch e.kind {
            case .depart:
                if ItineraryPhrases.leavesAtOnce(events, departureAt: i) { continue }
                let what = ItineraryPhrases.departurePlace(e, in: itinerary, name: escaped)
                out.append("- \(time(e.time, e.zone)) depart **\(what)**")
            case .drive:
                guard let l = e.leg else { continue }
                out.append("- drive " + ItineraryPhrases.drive(e, leg: itinerary.legs[l], unit: unit))
            case .arrive:
                guard let s = e.stop else { continue }
                let stop = itinerary.stops[s]
                if s > 0, itinerary.legs[s - 1].noRoad == true {
                    out.append("- " + ItineraryPhrases.drive(itinerary.legs[s - 1], unit: unit))
                }
                let details = ItineraryPhrases.arrivalDetails(stop).map { " · " + escaped($0) }.joined()
                out.append("- \(time(e.time, e.zone)) arrive **\(escaped(stop.name))**" + details)
            case .night:
                let parts = ItineraryPhrases.night(e, in: itinerary, name: escaped).components(separatedBy: " · ")
                let more = parts.dropFirst().map { " · " + $0 }.joined()
                out.append("- \(time(e.time, e.zone)) night at **\(parts[0])**" + more)
                out += ItineraryPhrases.nightReason(e, in: itinerary, unit: unit, name: escaped).map { "  " + $0 }
            }
        }
    }

    /// "**08:00 CET**": the zone when it changes, the date when the day has run past midnight.
    private mutating func time(_ date: Date, _ zone: TimeZone) -> String {
        var shown = ItineraryClock.text(date, zone, "HH:mm")
        let localDate = ItineraryClock.text(date, zone, "yyyy-MM-dd")
        if localDate != shownDate {
            shown = ItineraryClock.text(date, zone, "EEE d MMM") + " " + shown
            shownDate = localDate
        }
        let abbreviation = zone.abbreviation(for: date) ?? zone.identifier
        if abbreviation != shownZone {
            shown += " " + abbreviation
            shownZone = abbreviation
        }
        return "**" + shown + "**"
    }

    private func escaped(_ text: String) -> String { ItineraryMarkdownRenderer.escaped(text) }
}
