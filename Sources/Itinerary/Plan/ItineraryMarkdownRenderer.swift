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
        let t = itinerary.totals
        var out = ["# " + escaped(itinerary.trip), "",
                   "\(t.days) day\(t.days == 1 ? "" : "s") · \(Formatting.duration(t.drivingSeconds)) driving · "
                   + Formatting.distance(t.distanceMeters, unit: unit)]
        var shownZone = ""
        func time(_ date: Date, _ zone: TimeZone) -> String {
            let abbreviation = zone.abbreviation(for: date) ?? zone.identifier
            defer { shownZone = abbreviation }
            return "**" + ItineraryClock.text(date, zone, "HH:mm") + (abbreviation == shownZone ? "" : " " + abbreviation) + "**"
        }
        for day in itinerary.days {
            let first = itinerary.stops[day.firstStop]
            let date = (first.departure ?? first.arrival).map { ItineraryClock.text($0, first.timeZone, "EEE d MMM yyyy") } ?? "no date"
            out += ["", "## Day \(day.number) · \(date)", "",
                    "\(Formatting.duration(day.drivingSeconds)) driving · \(Formatting.distance(day.distanceMeters, unit: unit))", ""]
            if let departure = first.departure, day.firstStop != day.lastStop {
                out.append("- \(time(departure, first.timeZone)) depart **\(escaped(first.name))**")
            }
            for leg in itinerary.legs where leg.day == day.number {
                out.append("- drive \(Formatting.duration(leg.driveSeconds)) · \(Formatting.distance(leg.distanceMeters, unit: unit))"
                           + (leg.estimated ? " (estimated)" : ""))
                let stop = itinerary.stops[leg.to]
                guard let arrival = stop.arrival else { continue }
                var details: [String] = []
                if stop.wait >= 60 { details.append("waits \(Formatting.duration(stop.wait)) for the fixed arrival") }
                if stop.late >= 60 { details.append("\(Formatting.duration(stop.late)) late for the fixed arrival") }
                if stop.stay > 0 { details.append("stay \(Formatting.duration(stop.stay))") }
                if !stop.note.isEmpty { details.append(escaped(stop.note)) }
                out.append("- \(time(arrival, stop.timeZone)) arrive **\(escaped(stop.name))**"
                           + details.map { " · " + $0 }.joined())
                if leg.to != day.lastStop, let departure = stop.departure, departure.timeIntervalSince(arrival) >= 60 {
                    out.append("- \(time(departure, stop.timeZone)) depart **\(escaped(stop.name))**")
                }
            }
            let last = escaped(itinerary.stops[day.lastStop].name)
            switch day.end {
            case .overnight: out += ["", "Night at \(last)."]
            case .drivingLimit: out += ["", "Daily driving limit reached: suggested overnight at \(last)."]
            case .tripEnd: break
            }
        }
        if !itinerary.warnings.isEmpty {
            out += ["", "## Warnings", ""] + itinerary.warnings.map { "- " + escaped($0.message) }
        }
        if !itinerary.notes.isEmpty {
            out += ["", "## Notes", ""] + itinerary.notes.map { "- " + escaped($0) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Names and notes as literal text: Markdown's special characters escaped, controls and line breaks dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                if scalar == "\n" || scalar == "\t" { out += " " }
                continue
            }
            if "\\`*_[]<>|~".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
