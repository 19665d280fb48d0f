import Foundation
import RoadtripCore

/// Lays a run of the trip out as calendar days: Day N is the Nth local date from the day it
/// leaves, and every date between the first and the last is a day, driven or not.
struct ItineraryCalendar {
    let trip: Trip
    let facts: [LegFacts]
    let zones: [(TimeZone, ItineraryStop.ZoneSource)]
    let run: ItineraryRun
    /// When the trip leaves; nil when it has no stops.
    let start: Date?

    mutating func build(startAssumed: Bool, plannedBackwards: Bool, dailyStart: String) -> Itinerary {
        let stops = trip.waypoints.enumerated().map { i, w in
            ItineraryStop(
                index: i, id: w.id, name: w.name, note: w.note, coordinate: w.coordinate, timeZone: zones[i].0,
                timeZoneSource: zones[i].1,
                arrival: run.arrivals[i], departure: run.departures[i], fixedArrival: w.fixedArrival, stay: w.stay,
                nights: run.nights[i], wait: run.waits[i], late: run.lates[i], night: run.nightKinds[i])
        }
        var itinerary = Itinerary(
            trip: trip.name, startAssumed: startAssumed, plannedBackwards: plannedBackwards,
            dailyDrivingLimit: trip.dailyDrivingLimit, dailyStart: dailyStart, stops: stops, legs: [], days: [],
            suggestedNights: run.suggested, warnings: [],
            totals: ItineraryTotals(days: 0, nights: 0, drivingSeconds: 0, distanceMeters: 0, first: "", last: ""),
            notes: [])
        guard let first = run.events.first else {
            // One stop: a day at it, when the trip has a start.
            if let start, let zone = zones.first?.0 {
                let date = DayNumber(start, zone).adding(0)
                itinerary.days = [
                    ItineraryDay(
                        number: 1, date: date, firstStop: 0, lastStop: 0, drivingSeconds: 0, distanceMeters: 0, end: .tripEnd,
                        events: [])
                ]
                itinerary.totals = totals(days: itinerary.days, origin: DayNumber(start, zone))
            }
            return itinerary
        }
        let origin = DayNumber(first.time, first.zone)
        // Each event's day: its local date's distance from the first; never earlier than the one
        // before (a flight of time zones westward must not make a day go back).
        var dayOf: [Int] = []
        for event in run.events {
            dayOf.append(max(dayOf.last ?? 1, DayNumber(event.time, event.zone).days(since: origin) + 1))
        }
        let lastDay = dayOf.last ?? 1
        var days = (1...lastDay).map { n in
            ItineraryDay(
                number: n, date: origin.adding(n - 1), firstStop: 0, lastStop: 0, drivingSeconds: 0, distanceMeters: 0,
                end: n == lastDay ? .tripEnd : .rest, events: [])
        }
        var at = 0
        for (event, n) in zip(run.events, dayOf) {
            if days[n - 1].events.isEmpty { days[n - 1].firstStop = at }
            switch event.kind {
            case .drive:
                days[n - 1].drivingSeconds += event.seconds ?? 0
                days[n - 1].distanceMeters += event.meters ?? 0
            case .arrive:
                at = event.stop ?? at
            case .night:
                if let s = event.suggested {
                    itinerary.suggestedNights[s].day = n
                    days[n - 1].suggestedNight = s
                } else if let stop = event.stop, days[n - 1].nightAt == nil {
                    days[n - 1].nightAt = stop
                }
            case .depart: break
            }
            days[n - 1].events.append(event)
            days[n - 1].lastStop = at
        }
        for i in days.indices.dropLast() {
            let events = days[i].events
            let moves = events.contains { $0.kind == .drive || $0.kind == .arrive }
            if days[i].suggestedNight != nil {
                days[i].end = .drivingLimit
            } else if let night = events.first(where: { $0.kind == .night && ($0.night ?? 1) == 1 }), let stop = night.stop {
                days[i].end = run.nightKinds[stop] == .drivingLimit ? .drivingLimit : .overnight
            } else {
                days[i].end = moves ? .onTheRoad : .rest
            }
        }
        // Days with no event (inside a long wait) are at the stop reached last.
        var last = 0
        for i in days.indices {
            if days[i].events.isEmpty {
                days[i].firstStop = last
                days[i].lastStop = last
                days[i].nightAt = i + 1 < days.count ? last : nil
            }
            last = days[i].lastStop
        }
        itinerary.days = days
        // The day each leg sets off: its first drive's, or (across the sea) its stop's departure.
        var legDay = Array(repeating: 0, count: facts.count)
        for (event, n) in zip(run.events, dayOf) {
            if event.kind == .drive, let l = event.leg, legDay[l] == 0 { legDay[l] = n }
            if event.kind == .depart, let s = event.stop, s < legDay.count { legDay[s] = n }
        }
        itinerary.legs = facts.indices.map { i in
            let f = facts[i]
            return ItineraryLeg(
                from: i, to: i + 1, day: max(1, legDay[i]), distanceMeters: f.distance, driveSeconds: f.drive,
                estimated: f.estimated, noRoad: f.acrossTheSea ? true : nil,
                ferry: { if case let .ferry(name) = f.crossing { name } else { nil } }(),
                parts: run.legParts[i] > 1 ? run.legParts[i] : nil)
        }
        itinerary.warnings = crossingWarnings(itinerary)
        itinerary.totals = totals(days: days, origin: origin)
        return itinerary
    }

    /// What each leg's water says: not driven, a ferry, or open sea on the straight line.
    private func crossingWarnings(_ itinerary: Itinerary) -> [ItineraryWarning] {
        facts.indices.compactMap { i in
            let f = facts[i]
            let pair = "\(trip.waypoints[i].name) → \(trip.waypoints[i + 1].name)"
            switch f.crossing {
            case .sea?:
                return ItineraryWarning(
                    kind: .noRoad, leg: i, seconds: 0,
                    message:
                        "\(pair): \(WaterCrossing.sea.text); not counted as driving, and the times after it do not include the crossing."
                )
            case let crossing? where crossing != .sea:
                if case .ferry = crossing {
                    return ItineraryWarning(
                        kind: .ferryNeeded, leg: i, seconds: 0,
                        message: "\(pair): \(crossing.text); the drive time does not include the crossing.")
                }
                return ItineraryWarning(kind: .seaOnTheLine, leg: i, seconds: 0, message: "\(pair): \(crossing.text).")
            default:
                return nil
            }
        }
    }

    private func totals(days: [ItineraryDay], origin: DayNumber) -> ItineraryTotals {
        var fuelMeters = 0.0
        for f in facts where !f.acrossTheSea {
            fuelMeters += f.straight ? f.distance * DriveTimeEstimate.standard.circuity : f.distance
        }
        var totals = ItineraryTotals(
            days: days.count, nights: max(0, days.count - 1),
            drivingSeconds: facts.reduce(0) { $0 + $1.drive }, distanceMeters: facts.reduce(0) { $0 + $1.distance },
            first: days.first?.date ?? "", last: days.last?.date ?? "")
        if let consumption = trip.fuelConsumption, let volume = consumption.volume(forMeters: fuelMeters) {
            totals.fuelVolume = volume
            totals.fuelUnit = consumption.unit.volumeSymbol
            totals.fuelCost = trip.fuelPrice.map { $0 * volume }
        }
        return totals
    }
}

/// A local calendar date as a day count, so dates in different zones compare as dates.
struct DayNumber {
    /// Days since 1970-01-01 of the local date.
    let value: Int

    init(_ time: Date, _ zone: TimeZone) {
        let c = Calendar.gregorian(zone).dateComponents([.year, .month, .day], from: time)
        let utc = Calendar.gregorian(TimeZone(identifier: "UTC")!)
        let midnight = utc.date(from: DateComponents(year: c.year, month: c.month, day: c.day)) ?? time
        value = Int((midnight.timeIntervalSince1970 / 86400).rounded(.down))
    }

    func days(since other: DayNumber) -> Int { value - other.value }

    /// "2026-05-12": this date plus `days`.
    func adding(_ days: Int) -> String {
        let date = Date(timeIntervalSince1970: Double(value + days) * 86400)
        let c = Calendar.gregorian(TimeZone(identifier: "UTC")!).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
