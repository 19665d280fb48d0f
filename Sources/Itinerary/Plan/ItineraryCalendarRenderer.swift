import Foundation
import RoadtripCore

/// The itinerary as an RFC 5545 calendar: an event for every drive and every stay, each in its stop's zone.
///
/// Every zone used gets a VTIMEZONE with the offsets and changes that fall within the trip, so a
/// calendar shows 10:00 in Lisbon and 11:00 in Madrid as the same instant without knowing the zones.
public enum ItineraryCalendarRenderer {
    public static func text(_ itinerary: Itinerary, unit: DistanceUnit, now: Date = Date()) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//itinerary//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(itinerary.trip, keepingLines: false)
        ]
        let times = itinerary.stops.flatMap { [$0.arrival, $0.departure].compactMap { $0 } }
        if let first = times.min(), let last = times.max() {
            var zones: [TimeZone] = []
            for stop in itinerary.stops where !zones.contains(stop.timeZone) { zones.append(stop.timeZone) }
            let instants = times.sorted()
            for zone in zones { lines += timeZone(zone, from: first, to: last, events: instants) }
        }
        let stamp = "DTSTAMP:" + ItineraryClock.text(now, TimeZone(identifier: "UTC")!, "yyyyMMdd'T'HHmmss") + "Z"
        for leg in itinerary.legs {
            let from = itinerary.stops[leg.from], to = itinerary.stops[leg.to]
            // Across the sea nothing is driven: the crossing is the person's to book, not an event here.
            guard leg.noRoad != true, let start = from.departure, let end = to.arrival else { continue }
            lines += event(
                uid: "\(from.id.uuidString)-drive", stamp: stamp, summary: "Drive \(from.name) → \(to.name)",
                start: (start, from.timeZone), end: (end, to.timeZone), location: nil,
                description: "Day \(leg.day): " + ItineraryPhrases.drive(leg, unit: unit))
        }
        // A stay shorter than the minute the times are written in is no stay.
        for stop in itinerary.stops {
            guard let arrival = stop.arrival, let departure = stop.departure,
                ItineraryClock.minute(departure) > ItineraryClock.minute(arrival)
            else { continue }
            let what = stop.night != nil ? "Night at" : "Stay at"
            lines += event(
                uid: "\(stop.id.uuidString)-stay", stamp: stamp, summary: "\(what) \(stop.name)",
                start: (arrival, stop.timeZone), end: (departure, stop.timeZone), location: stop.name,
                description: stop.note.isEmpty ? nil : stop.note)
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// A VEVENT; one that lasts under a minute at the written precision has no DTEND, since RFC 5545
    /// wants DTEND after DTSTART and an event without one ends as it starts (§3.6.1).
    private static func event(
        uid: String, stamp: String, summary: String, start: (Date, TimeZone), end: (Date, TimeZone),
        location: String?, description: String?
    ) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:\(uid)@roadtrip", stamp, "DTSTART;TZID=\(start.1.identifier):" + local(start.0, start.1)
        ]
        if ItineraryClock.minute(end.0) > ItineraryClock.minute(start.0) {
            lines.append("DTEND;TZID=\(end.1.identifier):" + local(end.0, end.1))
        }
        lines.append("SUMMARY:" + escaped(summary, keepingLines: false))
        if let location { lines.append("LOCATION:" + escaped(location, keepingLines: false)) }
        if let description { lines.append("DESCRIPTION:" + escaped(description, keepingLines: true)) }
        lines += ["TRANSP:OPAQUE", "END:VEVENT"]
        return lines
    }

    /// A VTIMEZONE with the offset at `first` and each change up to `last`, as fixed onsets (no RRULE).
    ///
    /// Only the changes near the trip's times (`events`, sorted) are written: across a long stretch
    /// with no event the offset in force just before the next event is written once, so the work
    /// follows the number of events, not the years the trip spans.
    private static func timeZone(_ zone: TimeZone, from first: Date, to last: Date, events: [Date]) -> [String] {
        let start = first.addingTimeInterval(-86400)
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        var offset = zone.secondsFromGMT(for: start)
        lines += observance(
            zone.isDaylightSavingTime(for: start), onset: local(start, zone), from: offset, to: offset,
            name: zone.abbreviation(for: start))
        var cursor = start
        var nextEvent = 0
        let year: TimeInterval = 366 * 86400
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change > cursor,
            change <= last.addingTimeInterval(86400)
        {
            while nextEvent < events.count, events[nextEvent] < change { nextEvent += 1 }
            if nextEvent < events.count, events[nextEvent].timeIntervalSince(change) > year {
                // Nothing happens for over a year: step to a year before the next event, writing the offset then.
                let jump = events[nextEvent].addingTimeInterval(-year)
                let then = zone.secondsFromGMT(for: jump)
                if then != offset {
                    lines += observance(
                        zone.isDaylightSavingTime(for: jump), onset: local(jump, TimeZone(secondsFromGMT: offset) ?? zone),
                        from: offset, to: then, name: zone.abbreviation(for: jump))
                    offset = then
                }
                cursor = jump
                continue
            }
            let next = zone.secondsFromGMT(for: change)
            // The onset is the wall-clock time of the change in the offset in force before it.
            let onset = local(change, TimeZone(secondsFromGMT: offset) ?? zone)
            lines += observance(
                zone.isDaylightSavingTime(for: change), onset: onset, from: offset, to: next,
                name: zone.abbreviation(for: change))
            offset = next
            cursor = change
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    private static func observance(_ daylight: Bool, onset: String, from: Int, to: Int, name: String?) -> [String] {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        var lines = ["BEGIN:\(kind)", "DTSTART:" + onset, "TZOFFSETFROM:" + utcOffset(from), "TZOFFSETTO:" + utcOffset(to)]
        if let name { lines.append("TZNAME:" + escaped(name, keepingLines: false)) }
        lines.append("END:\(kind)")
        return lines
    }

    /// "+0200", "-0330".
    private static func utcOffset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", minutes / 60, minutes % 60)
    }

    private static func local(_ time: Date, _ zone: TimeZone) -> String {
        ItineraryClock.text(time, zone, "yyyyMMdd'T'HHmmss")
    }

    /// TEXT as RFC 5545 §3.3.11 writes it; hidden characters from names and notes are dropped.
    ///
    /// A note's line breaks are kept as `\n`; a name's become spaces, since a summary is one line.
    static func escaped(_ text: String, keepingLines: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\u{85}", "\u{2028}", "\u{2029}": out += keepingLines ? "\\n" : " "
            default:
                if PlainText.isBreak(scalar) && scalar != "\r" {
                    out += " "
                } else if !PlainText.isHidden(scalar) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A content line folded at 75 octets (§3.1), never inside a UTF-8 sequence.
    ///
    /// Folds between scalars, not characters: one character (a letter with many combining marks)
    /// can be longer than a line, and a parser unfolds before it reads characters anyway.
    static func folded(_ line: String) -> String {
        var out = String.UnicodeScalarView(), count = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if count + size > 75 {
                out.append(contentsOf: "\r\n ".unicodeScalars)
                count = 1
            }
            out.append(scalar)
            count += size
        }
        return String(out)
    }
}
