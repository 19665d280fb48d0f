import Foundation
import RoadtripCore

/// The itinerary as lines of text for people: the `i` view and `roadtrip itinerary`.
///
/// ```
/// Southwest loop: 8 days, Sun 10 May – Sun 17 May 2026 · 7 nights · 31 h driving · 2,810 km
///
/// Day 1 · Sun 10 May 2026 · 7 h 10 min driving · 598 km
///   08:00 PDT    depart  Las Vegas
///                drive   2 h 30 min · 260 km
///   11:30 MDT    arrive  Zion National Park · stay 3 h
///   …
/// Day 4 · Wed 13 May 2026 · Moab, no driving
///   08:00        night   Moab · night 2 of 2
/// ```
/// Every calendar day of the trip is listed. Times carry their zone's abbreviation whenever it
/// changes; a line with the date comes before the first time of each new local date within a day.
/// Stop names come last on their lines, so wide characters never push a column. Names are as the
/// user typed them: sanitise before drawing.
public enum ItineraryTextRenderer {
    public static func lines(_ itinerary: Itinerary, unit: DistanceUnit) -> [String] {
        var writer = Writer(itinerary: itinerary, unit: unit)
        return writer.render()
    }
}

private struct Writer {
    let itinerary: Itinerary
    let unit: DistanceUnit
    var out: [String] = []
    var clock = ShownClock()

    mutating func render() -> [String] {
        out.append("\(itinerary.trip): " + ItineraryPhrases.totals(itinerary, unit: unit))
        for day in itinerary.days { render(day) }
        if !itinerary.warnings.isEmpty {
            out.append("")
            out.append("Warnings")
            for warning in itinerary.warnings {
                out.append("  ! \(warning.message)")
                out += (warning.choices ?? []).map { "    - " + $0 }
            }
        }
        if !itinerary.notes.isEmpty {
            out.append("")
            out += itinerary.notes
        }
        return out
    }

    private mutating func render(_ day: ItineraryDay) {
        out.append("")
        out.append(ItineraryPhrases.dayHeading(day, in: itinerary, unit: unit, name: { $0 }))
        clock.startDay(day)
        for entry in ItineraryEntry.of(day, in: itinerary, unit: unit, name: { $0 }) {
            switch entry {
            case let .depart(time, zone, place): event(time, zone, "depart", place)
            case let .drive(figures): out.append("  " + pad("", 13) + "drive   " + figures)
            case let .noRoad(text): out.append("  " + pad("", 13) + text)
            case let .arrive(time, zone, name, details, passThrough):
                event(time, zone, passThrough ? "via" : "arrive", ([name] + details).joined(separator: " · "))
            case let .night(time, zone, text, reasons):
                event(time, zone, "night", text)
                // Why the night is here, right under it (a day can go on past midnight after it).
                out += reasons.map { "  " + $0 }
            }
        }
    }

    private mutating func event(_ time: Date, _ zone: TimeZone, _ verb: String, _ what: String) {
        let stamp = clock.stamp(time, zone)
        if stamp.newDate { out.append("  " + ItineraryClock.text(time, zone, "EEE d MMM yyyy")) }
        let shown = stamp.clock + (stamp.zone.map { " " + $0 } ?? "")
        out.append("  " + pad(shown, 13) + pad(verb, 8) + what)
    }

    /// Pads text the renderer makes itself (ASCII clock and verbs), never a stop name.
    private func pad(_ text: String, _ width: Int) -> String {
        text.utf8.count >= width ? text + " " : text + String(repeating: " ", count: width - text.utf8.count)
    }
}
