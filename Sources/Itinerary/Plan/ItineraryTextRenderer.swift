import Foundation
import RoadtripCore

/// The itinerary as lines of text for people: the `i` view and `roadtrip itinerary`.
///
/// ```
/// Alps loop: 2 days · 9 h 40 min driving · 812 km · fuel 97.44 (56.8 L)
///
/// Day 1 · Sat 28 Mar 2026 · 7 h 10 min driving · 598 km
///   22:00 GMT+1  depart  Berlin
///                drive   3 h 05 min · 190 km
///   Sun 29 Mar
///   02:05 GMT+2  arrive  Leipzig · stay 30 min
/// ```
/// Times carry their zone's abbreviation whenever it changes; a line with the date comes before
/// the first time of each new local date. Stop names come last on their lines, so wide
/// characters never push a column. Names are as the user typed them: sanitise before drawing.
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
            out += itinerary.warnings.map { "  ! \($0.message)" }
        }
        if !itinerary.notes.isEmpty {
            out.append("")
            out += itinerary.notes
        }
        return out
    }

    private mutating func render(_ day: ItineraryDay) {
        let first = itinerary.stops[day.firstStop]
        out.append("")
        out.append(
            "Day \(day.number) · \(dateText(first.departure ?? first.arrival, first.timeZone)) · "
                + ItineraryPhrases.day(day, unit: unit))
        shownDate = first.departure.map { localDate($0, first.timeZone) } ?? ""
        shownZone = ""
        if let departure = first.departure, day.firstStop != day.lastStop {
            event(departure, first.timeZone, "depart", first.name)
        }
        for leg in itinerary.legs where leg.day == day.number {
            let to = itinerary.stops[leg.to]
            out.append("  " + pad("", 13) + (leg.noRoad == true ? "" : "drive   ") + ItineraryPhrases.drive(leg, unit: unit))
            if let arrival = to.arrival { arrive(to, at: arrival, endsDay: leg.to == day.lastStop) }
        }
        if let end = ItineraryPhrases.dayEnd(day, in: itinerary, name: { $0 }) { out.append("  " + end) }
    }

    private mutating func arrive(_ stop: ItineraryStop, at arrival: Date, endsDay: Bool) {
        let details = ItineraryPhrases.arrivalDetails(stop)
        let passThrough = !endsDay && stop.stay == 0 && stop.wait < 60
        event(
            arrival, stop.timeZone, passThrough ? "via" : "arrive",
            ([stop.name] + details).joined(separator: " · "))
        if !endsDay, !passThrough, let departure = stop.departure {
            event(departure, stop.timeZone, "depart", stop.name)
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
