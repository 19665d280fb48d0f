import Foundation
import RoadtripCore

/// The words and figures every itinerary format shares, so text, Markdown and iCalendar say the same thing.
///
/// Names come back as the user typed them: each format escapes or sanitises them its own way,
/// which is why the phrases that hold a name take the format's `name` function.
enum ItineraryPhrases {
    /// "8 days, Sun 10 May – Sun 17 May 2026 · 7 nights · 31 h 5 min driving · 2,810 km · fuel 97.44 (56.8 L)".
    static func totals(_ itinerary: Itinerary, unit: DistanceUnit) -> String {
        let t = itinerary.totals
        var span = "\(t.days) day\(t.days == 1 ? "" : "s")"
        if let first = dateText(t.first, "EEE d MMM"), let last = dateText(t.last, "EEE d MMM yyyy") {
            span += t.days == 1 ? ", " + last : ", \(first) – \(last) · \(Formatting.nights(t.nights))"
        }
        var parts = [
            span, "\(Formatting.duration(t.drivingSeconds)) driving", Formatting.distance(t.distanceMeters, unit: unit)
        ]
        if let volume = t.fuelVolume {
            let amount = String(format: "%.1f", volume) + (t.fuelUnit.map { " " + $0 } ?? "")
            parts.append(t.fuelCost.map { String(format: "fuel %.2f (%@)", $0, amount) } ?? "fuel \(amount)")
        }
        return parts.joined(separator: " · ")
    }

    /// "Sun 10 May 2026" for "2026-05-10"; nil for text that is not a date.
    static func dateText(_ date: String, _ pattern: String) -> String? {
        let p = date.split(separator: "-").compactMap { Int($0) }
        guard p.count == 3, let utc = TimeZone(identifier: "UTC"),
            let day = Calendar.gregorian(utc).date(from: DateComponents(year: p[0], month: p[1], day: p[2], hour: 12))
        else { return nil }
        return ItineraryClock.text(day, utc, pattern)
    }

    /// "Day 3 · Tue 12 May 2026 · 7 h 10 min driving · 598 km", or "… · Moab, no driving".
    static func dayHeading(_ day: ItineraryDay, in itinerary: Itinerary, unit: DistanceUnit, name: (String) -> String) -> String {
        let date = dateText(day.date, "EEE d MMM yyyy") ?? day.date
        if day.drivingSeconds == 0, !day.events.contains(where: { $0.kind == .drive || $0.kind == .arrive }) {
            return "Day \(day.number) · \(date) · \(name(itinerary.stops[day.firstStop].name)), no driving"
        }
        return "Day \(day.number) · \(date) · " + Self.day(day, unit: unit)
    }

    /// "7 h 10 min driving · 598 km".
    static func day(_ day: ItineraryDay, unit: DistanceUnit) -> String {
        "\(Formatting.duration(day.drivingSeconds)) driving · \(Formatting.distance(day.distanceMeters, unit: unit))"
    }

    /// "3 h 05 min · 190 km", with " (estimated)" when no router gave the figure, and the part of a split leg.
    static func drive(_ event: ItineraryEvent, leg: ItineraryLeg, unit: DistanceUnit) -> String {
        var text = "\(Formatting.duration(event.seconds ?? 0)) · \(Formatting.distance(event.meters ?? 0, unit: unit))"
        if leg.estimated { text += " (estimated)" }
        if let part = event.part, let parts = event.parts { text += " · part \(part) of \(parts)" }
        if let ferry = leg.ferry { text += " · ferry needed: " + ferry }
        return text
    }

    /// "3 h 05 min · 190 km" for a whole leg, as the calendar's drive events describe it.
    static func drive(_ leg: ItineraryLeg, unit: DistanceUnit) -> String {
        if leg.noRoad == true { return WaterCrossing.sea.text }
        return "\(Formatting.duration(leg.driveSeconds)) · \(Formatting.distance(leg.distanceMeters, unit: unit))"
            + (leg.estimated ? " (estimated)" : "") + (leg.ferry.map { " · ferry needed: " + $0 } ?? "")
    }

    /// What follows an arrival: the wait for or lateness against a fixed time, the stay, the nights, the note (raw).
    static func arrivalDetails(_ stop: ItineraryStop) -> [String] {
        var details: [String] = []
        if stop.wait >= 60 { details.append("waits \(Formatting.duration(stop.wait)) for the fixed arrival") }
        if stop.late >= 60 { details.append("\(Formatting.duration(stop.late)) late for the fixed arrival") }
        if stop.stay > 0 { details.append("stay \(Formatting.duration(stop.stay))") }
        if stop.nights > 0, stop.night == .planned { details.append(Formatting.nights(stop.nights)) }
        if !stop.note.isEmpty { details.append(stop.note) }
        return details
    }

    /// "Moab · night 1 of 2", "Tucumcari, New Mexico (suggested)": where a night event is.
    static func night(_ event: ItineraryEvent, in itinerary: Itinerary, name: (String) -> String) -> String {
        if let s = event.suggested {
            return suggestedName(itinerary.suggestedNights[s], name: name) + " (suggested night)"
        }
        guard let stop = event.stop else { return "" }
        let count = event.nights ?? 1
        return name(itinerary.stops[stop].name) + (count > 1 ? " · night \(event.night ?? 1) of \(count)" : "")
    }

    /// Whether the departure at `i` follows the arrival at the same stop at once (no stay, no wait):
    /// then it is the arrival's line ("via"), not one of its own.
    static func leavesAtOnce(_ events: [ItineraryEvent], departureAt i: Int) -> Bool {
        guard i > 0, i < events.count, events[i].kind == .depart, let stop = events[i].stop else { return false }
        let arrival = events[i - 1]
        return arrival.kind == .arrive && arrival.stop == stop && events[i].time.timeIntervalSince(arrival.time) < 60
    }

    /// Where a departure sets off from: the stop, or the suggested night.
    static func departurePlace(_ event: ItineraryEvent, in itinerary: Itinerary, name: (String) -> String) -> String {
        if let stop = event.stop { return name(itinerary.stops[stop].name) }
        guard let s = event.suggested else { return "" }
        return suggestedName(itinerary.suggestedNights[s], name: name) + " (suggested night)"
    }

    /// "Tucumcari, New Mexico".
    static func suggestedName(_ night: SuggestedNight, name: (String) -> String) -> String {
        name(night.name) + (night.region.isEmpty ? "" : ", " + name(night.region))
    }

    /// Why a night is where it is, in short lines for an 80-column page: where the limit ran out and
    /// the suggested place, or the limit that leaves too little of the day at a stop; empty otherwise.
    static func nightReason(_ event: ItineraryEvent, in itinerary: Itinerary, unit: DistanceUnit, name: (String) -> String)
        -> [String]
    {
        let limit = Formatting.duration(itinerary.dailyDrivingLimit)
        if let s = event.suggested {
            let night = itinerary.suggestedNights[s]
            let to = name(itinerary.stops[itinerary.legs[night.leg].to].name)
            var about = night.kind.isEmpty ? [] : [night.kind]
            if night.metersFromSplit >= 1000 {
                about.append("\(Formatting.distance(night.metersFromSplit, unit: unit)) from where the limit runs out")
            }
            about.append(Formatting.coordinate(night.coordinate))
            return [
                "The \(limit) limit runs out \(Formatting.distance(night.alongMeters, unit: unit)) into the drive to \(to).",
                "Suggested night: \(suggestedName(night, name: name)) (\(about.joined(separator: ", ")))."
            ]
        }
        guard let at = event.stop, (event.night ?? 1) == 1 else { return [] }
        switch itinerary.stops[at].night {
        case .drivingLimit?:
            let next = itinerary.legs.first { $0.from == at }
            let over = next.map { " (the next leg, \(Formatting.duration($0.driveSeconds)), starts in the morning)" } ?? ""
            return ["Daily limit of \(limit)\(over): night at \(name(itinerary.stops[at].name))."]
        case .evening?:
            return ["Arrived for the fixed time in the evening: night at \(name(itinerary.stops[at].name))."]
        default:
            return []
        }
    }
}

/// Times of the plan as every itinerary format shows them.
enum ItineraryClock {
    /// `time` in `zone` with a DateFormatter `pattern`, rounded to the nearest minute as the drive
    /// times are, so a 1 h 42 min drive from 09:00 shows 10:42.
    static func text(_ time: Date, _ zone: TimeZone, _ pattern: String) -> String {
        formatter(zone, pattern).string(from: minute(time))
    }

    /// One formatter per zone and pattern and thread: making one costs more than what it formats,
    /// and an itinerary of 1,000 stops formats tens of thousands of times.
    private static func formatter(_ zone: TimeZone, _ pattern: String) -> DateFormatter {
        let key = "roadtrip.itinerary.\(zone.identifier)|\(pattern)"
        if let known = Thread.current.threadDictionary[key] as? DateFormatter { return known }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        Thread.current.threadDictionary[key] = formatter
        return formatter
    }

    /// `time` rounded to the nearest minute: the precision every format writes.
    static func minute(_ time: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (time.timeIntervalSinceReferenceDate / 60).rounded() * 60)
    }
}
