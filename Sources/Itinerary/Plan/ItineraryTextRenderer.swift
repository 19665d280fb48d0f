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
        out.append(header())
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

    private func header() -> String {
        let t = itinerary.totals
        var parts = ["\(itinerary.trip): \(t.days) day\(t.days == 1 ? "" : "s")",
                     "\(Formatting.duration(t.drivingSeconds)) driving",
                     Formatting.distance(t.distanceMeters, unit: unit)]
        if let volume = t.fuelVolume {
            let amount = String(format: "%.1f", volume) + (t.fuelUnit.map { " " + $0 } ?? "")
            parts.append(t.fuelCost.map { String(format: "fuel %.2f (%@)", $0, amount) } ?? "fuel \(amount)")
        }
        return parts.joined(separator: " · ")
    }

    private mutating func render(_ day: ItineraryDay) {
        let first = itinerary.stops[day.firstStop]
        out.append("")
        out.append("Day \(day.number) · \(dateText(first.departure ?? first.arrival, first.timeZone)) · "
                   + "\(Formatting.duration(day.drivingSeconds)) driving · \(Formatting.distance(day.distanceMeters, unit: unit))")
        shownDate = first.departure.map { localDate($0, first.timeZone) } ?? ""
        shownZone = ""
        if let departure = first.departure, day.firstStop != day.lastStop {
            event(departure, first.timeZone, "depart", first.name)
        }
        for leg in itinerary.legs where leg.day == day.number {
            let to = itinerary.stops[leg.to]
            let drive = "\(Formatting.duration(leg.driveSeconds)) · \(Formatting.distance(leg.distanceMeters, unit: unit))"
            out.append("  " + pad("", 13) + "drive   " + drive + (leg.estimated ? " (estimated)" : ""))
            if let arrival = to.arrival { arrive(to, at: arrival, endsDay: leg.to == day.lastStop) }
        }
        switch day.end {
        case .overnight:
            out.append("  Night at \(itinerary.stops[day.lastStop].name).")
        case .drivingLimit:
            let next = itinerary.legs.first { $0.from == day.lastStop }
            let over = next.map { " (the next leg, \(Formatting.duration($0.driveSeconds)), would pass it)" } ?? ""
            out.append("  Daily limit of \(Formatting.duration(itinerary.dailyDrivingLimit))\(over): "
                       + "suggested overnight at \(itinerary.stops[day.lastStop].name).")
        case .tripEnd:
            break
        }
    }

    private mutating func arrive(_ stop: ItineraryStop, at arrival: Date, endsDay: Bool) {
        var details: [String] = []
        if stop.wait >= 60 { details.append("waits \(Formatting.duration(stop.wait)) for the fixed arrival") }
        if stop.late >= 60 { details.append("\(Formatting.duration(stop.late)) late for the fixed arrival") }
        if stop.stay > 0 { details.append("stay \(Formatting.duration(stop.stay))") }
        if !stop.note.isEmpty { details.append(stop.note) }
        let passThrough = !endsDay && stop.stay == 0 && stop.wait < 60
        event(arrival, stop.timeZone, passThrough ? "via" : "arrive",
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

/// Times of the plan as every itinerary format shows them.
enum ItineraryClock {
    /// `time` in `zone` with a DateFormatter `pattern`, rounded to the nearest minute as the drive
    /// times are, so a 1 h 42 min drive from 09:00 shows 10:42.
    static func text(_ time: Date, _ zone: TimeZone, _ pattern: String) -> String {
        let time = Date(timeIntervalSinceReferenceDate: (time.timeIntervalSinceReferenceDate / 60).rounded() * 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: time)
    }
}
