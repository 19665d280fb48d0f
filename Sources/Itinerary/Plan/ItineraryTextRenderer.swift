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
    private var out: [String] = []
    private var shownDate = ""
    private var shownZone = ""

    init(itinerary: Itinerary, unit: DistanceUnit) {
        self.itinerary = itinerary
        self.unit = unit
    }

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
        shownDate = day.date
        shownZone = ""
        let events = day.events
        for (i, e) in events.enumerated() {
            switch e.kind {
            case .depart:
                // Setting off again at once (no stay, no wait) is the arrival's line, not one of its own.
                if ItineraryPhrases.leavesAtOnce(events, departureAt: i) { continue }
                let what = ItineraryPhrases.departurePlace(e, in: itinerary, name: { $0 })
                event(e.time, e.zone, "depart", what)
            case .drive:
                guard let l = e.leg else { continue }
                out.append("  " + pad("", 13) + "drive   " + ItineraryPhrases.drive(e, leg: itinerary.legs[l], unit: unit))
            case .arrive:
                guard let s = e.stop else { continue }
                let stop = itinerary.stops[s]
                if s > 0, itinerary.legs[s - 1].noRoad == true {
                    out.append("  " + pad("", 13) + ItineraryPhrases.drive(itinerary.legs[s - 1], unit: unit))
                }
                // "via" is a stop driven through: none with a time of its own (a stay, a fixed arrival).
                let passThrough = ItineraryPhrases.leavesAtOnce(events, departureAt: i + 1) && stop.fixedArrival == nil
                event(
                    e.time, e.zone, passThrough ? "via" : "arrive",
                    ([stop.name] + ItineraryPhrases.arrivalDetails(stop)).joined(separator: " · "))
            case .night:
                event(e.time, e.zone, "night", ItineraryPhrases.night(e, in: itinerary, name: { $0 }))
                // Why the night is here, right under it (a day can go on past midnight after it).
                out += ItineraryPhrases.nightReason(e, in: itinerary, unit: unit, name: { $0 }).map { "  " + $0 }
            }
        }
    }

    private mutating func event(_ time: Date, _ zone: TimeZone, _ verb: String, _ what: String) {
        let date = localDate(time, zone)
        if date != shownDate {
            out.append("  " + dateText(time, zone))
            shownDate = date
        }
        let abbreviation = zone.abbreviation(for: time) ?? zone.identifier
        var clock = format(time, zone, "HH:mm")
        if abbreviation != shownZone {
            clock += " " + abbreviation
            shownZone = abbreviation
        }
        out.append("  " + pad(clock, 13) + pad(verb, 8) + what)
    }

    private func dateText(_ time: Date?, _ zone: TimeZone) -> String {
        time.map { format($0, zone, "EEE d MMM yyyy") } ?? "no date"
    }

    private func localDate(_ time: Date, _ zone: TimeZone) -> String { format(time, zone, "yyyy-MM-dd") }

    private func format(_ time: Date, _ zone: TimeZone, _ pattern: String) -> String {
        ItineraryClock.text(time, zone, pattern)
    }

    /// Pads text the renderer makes itself (ASCII clock and verbs), never a stop name.
    private func pad(_ text: String, _ width: Int) -> String {
        text.utf8.count >= width ? text + " " : text + String(repeating: " ", count: width - text.utf8.count)
    }
}
