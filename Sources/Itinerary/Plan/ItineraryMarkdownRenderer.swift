import Foundation
import RoadtripCore

/// The itinerary in Markdown, for a message, a wiki or a README: a heading per day, a list item per event.
///
/// ```
/// # Alps loop
///
/// 2 days · 9 h 40 min driving · 812 km
///
/// ## Day 1 · Sat 28 Mar 2026
///
/// 7 h 10 min driving · 598 km
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
            out += ["", "## Warnings", ""] + itinerary.warnings.map { "- " + escaped($0.message) }
        }
        if !itinerary.notes.isEmpty {
            out += ["", "## Notes", ""] + itinerary.notes.map { "- " + escaped($0) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private mutating func render(_ day: ItineraryDay) {
        let first = itinerary.stops[day.firstStop]
        let start = first.departure ?? first.arrival
        let date = start.map { ItineraryClock.text($0, first.timeZone, "EEE d MMM yyyy") } ?? "no date"
        out += ["", "## Day \(day.number) · \(date)", "", ItineraryPhrases.day(day, unit: unit), ""]
        shownDate = start.map { ItineraryClock.text($0, first.timeZone, "yyyy-MM-dd") } ?? ""
        shownZone = ""
        if let departure = first.departure, day.firstStop != day.lastStop {
            out.append("- \(time(departure, first.timeZone)) depart **\(escaped(first.name))**")
        }
        for leg in itinerary.legs where leg.day == day.number {
            out.append((leg.noRoad == true ? "- " : "- drive ") + ItineraryPhrases.drive(leg, unit: unit))
            let stop = itinerary.stops[leg.to]
            guard let arrival = stop.arrival else { continue }
            let details = ItineraryPhrases.arrivalDetails(stop).map { " · " + escaped($0) }.joined()
            out.append("- \(time(arrival, stop.timeZone)) arrive **\(escaped(stop.name))**" + details)
            if leg.to != day.lastStop, let departure = stop.departure, departure.timeIntervalSince(arrival) >= 60 {
                out.append("- \(time(departure, stop.timeZone)) depart **\(escaped(stop.name))**")
            }
        }
        if let end = ItineraryPhrases.dayEnd(day, in: itinerary, name: escaped) { out += ["", end] }
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
