import Foundation
import RoadtripCore

/// The words and figures every itinerary format shares, so text, Markdown and iCalendar say the same thing.
///
/// Names come back as the user typed them: each format escapes or sanitises them its own way,
/// which is why the phrases that hold a name take the format's `name` function.
enum ItineraryPhrases {
    /// "2 days · 9 h 40 min driving · 812 km · fuel 97.44 (56.8 L)".
    static func totals(_ itinerary: Itinerary, unit: DistanceUnit) -> String {
        let t = itinerary.totals
        var parts = [
            "\(t.days) day\(t.days == 1 ? "" : "s")", "\(Formatting.duration(t.drivingSeconds)) driving",
            Formatting.distance(t.distanceMeters, unit: unit)
        ]
        if let volume = t.fuelVolume {
            let amount = String(format: "%.1f", volume) + (t.fuelUnit.map { " " + $0 } ?? "")
            parts.append(t.fuelCost.map { String(format: "fuel %.2f (%@)", $0, amount) } ?? "fuel \(amount)")
        }
        return parts.joined(separator: " · ")
    }

    /// "7 h 10 min driving · 598 km".
    static func day(_ day: ItineraryDay, unit: DistanceUnit) -> String {
        "\(Formatting.duration(day.drivingSeconds)) driving · \(Formatting.distance(day.distanceMeters, unit: unit))"
    }

    /// "3 h 05 min · 190 km", with " (estimated)" when no router gave the figure.
    static func drive(_ leg: ItineraryLeg, unit: DistanceUnit) -> String {
        if leg.noRoad == true { return WaterCrossing.sea.text }
        return "\(Formatting.duration(leg.driveSeconds)) · \(Formatting.distance(leg.distanceMeters, unit: unit))"
            + (leg.estimated ? " (estimated)" : "") + (leg.ferry.map { " · ferry needed: " + $0 } ?? "")
    }

    /// What follows an arrival: the wait for or lateness against a fixed time, the stay, the note (raw).
    static func arrivalDetails(_ stop: ItineraryStop) -> [String] {
        var details: [String] = []
        if stop.wait >= 60 { details.append("waits \(Formatting.duration(stop.wait)) for the fixed arrival") }
        if stop.late >= 60 { details.append("\(Formatting.duration(stop.late)) late for the fixed arrival") }
        if stop.stay > 0 { details.append("stay \(Formatting.duration(stop.stay))") }
        if !stop.note.isEmpty { details.append(stop.note) }
        return details
    }

    /// The sentence that closes a day: the night, the suggested overnight with why, or nil at the trip's end.
    static func dayEnd(_ day: ItineraryDay, in itinerary: Itinerary, name: (String) -> String) -> String? {
        let last = name(itinerary.stops[day.lastStop].name)
        switch day.end {
        case .overnight:
            return "Night at \(last)."
        case .drivingLimit:
            let next = itinerary.legs.first { $0.from == day.lastStop }
            let over = next.map { " (the next leg, \(Formatting.duration($0.driveSeconds)), would pass it)" } ?? ""
            return "Daily limit of \(Formatting.duration(itinerary.dailyDrivingLimit))\(over): suggested overnight at \(last)."
        case .tripEnd:
            return nil
        }
    }
}

/// Times of the plan as every itinerary format shows them.
enum ItineraryClock {
    /// `time` in `zone` with a DateFormatter `pattern`, rounded to the nearest minute as the drive
    /// times are, so a 1 h 42 min drive from 09:00 shows 10:42.
    static func text(_ time: Date, _ zone: TimeZone, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: minute(time))
    }

    /// `time` rounded to the nearest minute: the precision every format writes.
    static func minute(_ time: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (time.timeIntervalSinceReferenceDate / 60).rounded() * 60)
    }
}
