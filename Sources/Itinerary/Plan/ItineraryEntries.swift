import Foundation
import RoadtripCore

/// What a day of the itinerary says, line by line, before a format writes it: the walk over a
/// day's events that the text and Markdown writers share, so they list the same things.
enum ItineraryEntry {
    case depart(Date, TimeZone, place: String)
    /// A drive's figures ("2 h 30 min · 260 km").
    case drive(String)
    /// A leg with no road (a sea between the stops), said before the arrival it leads to.
    case noRoad(String)
    /// `passThrough`: a stop driven through with no time of its own (a stay, a fixed arrival).
    case arrive(Date, TimeZone, name: String, details: [String], passThrough: Bool)
    /// The night's text ("Moab · night 2 of 2") and why it is there, a line each.
    case night(Date, TimeZone, text: String, reasons: [String])

    /// The entries of `day`, with names and notes passed through `name` (escaped for the format).
    static func of(
        _ day: ItineraryDay, in itinerary: Itinerary, unit: DistanceUnit, name: (String) -> String
    ) -> [ItineraryEntry] {
        var entries: [ItineraryEntry] = []
        let events = day.events
        for (i, e) in events.enumerated() {
            switch e.kind {
            case .depart:
                // Setting off again at once (no stay, no wait) is the arrival's line, not one of its own.
                if ItineraryPhrases.leavesAtOnce(events, departureAt: i) { continue }
                entries.append(.depart(e.time, e.zone, place: ItineraryPhrases.departurePlace(e, in: itinerary, name: name)))
            case .drive:
                guard let l = e.leg else { continue }
                entries.append(.drive(ItineraryPhrases.drive(e, leg: itinerary.legs[l], unit: unit)))
            case .arrive:
                guard let s = e.stop else { continue }
                let stop = itinerary.stops[s]
                if s > 0, itinerary.legs[s - 1].noRoad == true {
                    entries.append(.noRoad(ItineraryPhrases.drive(itinerary.legs[s - 1], unit: unit)))
                }
                let passThrough = ItineraryPhrases.leavesAtOnce(events, departureAt: i + 1) && stop.fixedArrival == nil
                entries.append(
                    .arrive(
                        e.time, e.zone, name: name(stop.name), details: ItineraryPhrases.arrivalDetails(stop).map(name),
                        passThrough: passThrough))
            case .night:
                entries.append(
                    .night(
                        e.time, e.zone, text: ItineraryPhrases.night(e, in: itinerary, name: name),
                        reasons: ItineraryPhrases.nightReason(e, in: itinerary, unit: unit, name: name)))
            }
        }
        return entries
    }
}

/// The date and zone a writer last showed, so each is said again only when it changes.
struct ShownClock {
    private var date = ""
    private var zone = ""

    /// A new day: its date is the heading's, and the first time says its zone.
    mutating func startDay(_ day: ItineraryDay) {
        date = day.date
        zone = ""
    }

    /// The time as "08:00", whether its local date differs from the last one shown, and the
    /// zone's abbreviation when it differs from the last one shown.
    mutating func stamp(_ time: Date, _ zone: TimeZone) -> (clock: String, newDate: Bool, zone: String?) {
        let localDate = ItineraryClock.text(time, zone, "yyyy-MM-dd")
        let newDate = localDate != date
        date = localDate
        let abbreviation = zone.abbreviation(for: time) ?? zone.identifier
        defer { self.zone = abbreviation }
        return (ItineraryClock.text(time, zone, "HH:mm"), newDate, abbreviation == self.zone ? nil : abbreviation)
    }
}
