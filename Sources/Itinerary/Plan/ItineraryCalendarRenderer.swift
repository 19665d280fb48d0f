import Foundation
import RoadtripCore

/// The itinerary as an RFC 5545 calendar: an event for every drive, every stay and every night, each
/// in the zone where it happens, one after another with no overlap.
///
/// Every zone used gets a VTIMEZONE with the offsets and changes that fall within the trip, so a
/// calendar shows 10:00 in Lisbon and 11:00 in Madrid as the same instant without knowing the zones.
public enum ItineraryCalendarRenderer {
    public static func text(_ itinerary: Itinerary, unit: DistanceUnit, now: Date = Date()) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//itinerary//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(itinerary.trip, keepingLines: false)
        ]
        let events = itinerary.days.flatMap { day in day.events.map { (day.number, $0) } }
        let times = events.flatMap { [$0.1.time] + ($0.1.end.map { [$0] } ?? []) }
        if let first = times.min(), let last = times.max() {
            var zones: [TimeZone] = []
            for zone in events.flatMap({ [$0.1.zone] + ($0.1.endZone.map { [$0] } ?? []) }) where !zones.contains(zone) {
                zones.append(zone)
            }
            let instants = times.sorted()
            for zone in zones { lines += timeZone(zone, from: first, to: last, events: instants) }
        }
        let stamp = "DTSTAMP:" + ItineraryClock.text(now, TimeZone(identifier: "UTC")!, "yyyyMMdd'T'HHmmss") + "Z"
        // Every event is one span of the trip: drives, the time at a stop, and each night, which
        // follow one another and never overlap. Across the sea nothing is driven: the crossing is
        // the person's to book, not an event here.
        var lastMorning: Date?
        for (index, (day, e)) in events.enumerated() {
            switch e.kind {
            case .drive:
                guard let l = e.leg, let end = e.end else { continue }
                let leg = itinerary.legs[l]
                let from = itinerary.stops[leg.from], to = itinerary.stops[leg.to]
                let part = e.parts.map { " (part \(e.part ?? 1) of \($0))" } ?? ""
                lines += event(
                    uid: "\(from.id.uuidString)-drive-\(e.part ?? 1)", stamp: stamp,
                    summary: "Drive \(from.name) → \(to.name)\(part)",
                    start: (e.time, e.zone), end: (end, e.endZone ?? to.timeZone), location: nil, geo: nil,
                    description: "Day \(day): " + ItineraryPhrases.drive(e, leg: leg, unit: unit))
            case .arrive:
                // The time at the stop: from the arrival to whatever comes next there (a night or the departure).
                guard let s = e.stop, index + 1 < events.count else { continue }
                let next = events[index + 1].1
                guard next.stop == s, next.kind == .night || next.kind == .depart,
                    ItineraryClock.minute(next.time) > ItineraryClock.minute(e.time)
                else { continue }
                let stop = itinerary.stops[s]
                lines += event(
                    uid: "\(stop.id.uuidString)-stay", stamp: stamp, summary: "Stay at \(stop.name)",
                    start: (e.time, e.zone), end: (next.time, next.zone), location: stop.name, geo: stop.coordinate,
                    description: ([ItineraryPhrases.arrivalDetails(stop).joined(separator: " · ")].filter { !$0.isEmpty }).first)
            case .night:
                guard let end = e.end else { continue }
                if let s = e.suggested {
                    let night = itinerary.suggestedNights[s]
                    lines += event(
                        uid: "\(night.beforeStop.uuidString)-night-\(s)", stamp: stamp,
                        summary: "Night (suggested) at \(ItineraryPhrases.suggestedName(night, name: { $0 }))",
                        start: (e.time, e.zone), end: (end, e.endZone ?? e.zone),
                        location: ItineraryPhrases.suggestedName(night, name: { $0 }), geo: night.coordinate,
                        description: ItineraryPhrases.nightReason(e, in: itinerary, unit: unit, name: { $0 })
                            .joined(separator: " "))
                } else if let s = e.stop {
                    let stop = itinerary.stops[s]
                    let count = e.nights ?? 1
                    if let morning = lastMorning, e.night ?? 1 > 1, ItineraryClock.minute(e.time) > ItineraryClock.minute(morning)
                    {
                        // A day with no driving between two nights at the stop.
                        lines += event(
                            uid: "\(stop.id.uuidString)-day-\(e.night ?? 1)", stamp: stamp, summary: "Day at \(stop.name)",
                            start: (morning, e.zone), end: (e.time, e.zone), location: stop.name, geo: stop.coordinate,
                            description: "Day \(day): no driving")
                    }
                    lastMorning = end
                    lines += event(
                        uid: "\(stop.id.uuidString)-night-\(e.night ?? 1)", stamp: stamp,
                        summary: "Night at \(stop.name)" + (count > 1 ? " (\(e.night ?? 1) of \(count))" : ""),
                        start: (e.time, e.zone), end: (end, e.endZone ?? e.zone), location: stop.name, geo: stop.coordinate,
                        description: stop.note.isEmpty ? nil : stop.note)
                }
            case .depart: break
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// A VEVENT; one that lasts under a minute at the written precision has no DTEND, since RFC 5545
    /// wants DTEND after DTSTART and an event without one ends as it starts (§3.6.1).
    private static func event(
        uid: String, stamp: String, summary: String, start: (Date, TimeZone), end: (Date, TimeZone),
        location: String?, geo: Coordinate?, description: String?
    ) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:\(uid)@roadtrip", stamp, "DTSTART;TZID=\(start.1.identifier):" + local(start.0, start.1)
        ]
        if ItineraryClock.minute(end.0) > ItineraryClock.minute(start.0) {
            lines.append("DTEND;TZID=\(end.1.identifier):" + local(end.0, end.1))
        }
        lines.append("SUMMARY:" + escaped(summary, keepingLines: false))
        if let location { lines.append("LOCATION:" + escaped(location, keepingLines: false)) }
        if let geo { lines.append(String(format: "GEO:%.6f;%.6f", geo.latitude, geo.longitude)) }
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
        Escaping.escaped(text, keepingLines ? escapesKeepingLines : escapesOnOneLine) { scalar, out in
            if PlainText.isBreak(scalar) && scalar != "\r" {
                out += " "
            } else if !PlainText.isHidden(scalar) {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    private static let escapesOnOneLine: [Unicode.Scalar: String] = [
        "\\": "\\\\", ";": "\\;", ",": "\\,", "\n": " ", "\u{85}": " ", "\u{2028}": " ", "\u{2029}": " "
    ]
    private static let escapesKeepingLines = escapesOnOneLine.merging(
        ["\n": "\\n", "\u{85}": "\\n", "\u{2028}": "\\n", "\u{2029}": "\\n"]) { _, line in line }

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
