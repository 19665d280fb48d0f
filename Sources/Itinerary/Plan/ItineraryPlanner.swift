import Foundation
import RoadtripCore

/// Turns a trip and its legs into the calendar of the trip: arrivals, departures, nights, drives
/// split where the day's limit runs out, fixed times kept or explained.
///
/// The rules of the road are `ItineraryRun`'s; this decides when the trip leaves and says what
/// does not work, with what the person can do about it.
public enum ItineraryPlanner {
    /// The itinerary for `trip`.
    ///
    /// - Parameters:
    ///   - legs: the trip's legs in order. A leg without a drive time (geodesic) or one that no
    ///     longer matches its stops is timed with `estimate` on the straight-line distance, and a
    ///     note says so.
    ///   - timeZones: the zone of a stop without its own `timeZone`; UTC when it knows none.
    ///   - estimate: how straight-line legs are timed.
    ///   - nightPlaces: names where a split drive stops for the night.
    ///   - start: when the trip leaves, instead of its own start date (a what-if).
    ///   - now: without a start date (and no fixed arrival to plan back from) the trip is assumed
    ///     to leave at the daily start time on the day after `now`, in the first stop's zone.
    public static func plan(
        trip: Trip, legs: [Leg], timeZones: TimeZoneLookup = .none, estimate: DriveTimeEstimate = .standard,
        nightPlaces: NightPlaceLookup = .none, start: Date? = nil, now: Date = Date(), explaining: Bool = true
    ) -> Itinerary {
        // Shaping points steer the road; the itinerary arrives only at real stops.
        let (trip, legs) = trip.withoutShapingPoints(legs: legs)
        let zones = trip.waypoints.map(timeZones.zone(for:))
        let planner = Planner(
            trip: trip, facts: LegFacts.all(trip, legs: legs, estimate: estimate), zones: zones, nightPlaces: nightPlaces)
        return planner.itinerary(start: start, now: now, estimate: estimate, explaining: explaining)
    }
}

/// The trip, its legs' facts and zones: everything a run needs, so a start can be searched for.
private struct Planner {
    let trip: Trip
    let facts: [LegFacts]
    let zones: [(TimeZone, ItineraryStop.ZoneSource)]
    let clocks: [LocalClock]
    let nightPlaces: NightPlaceLookup

    init(trip: Trip, facts: [LegFacts], zones: [(TimeZone, ItineraryStop.ZoneSource)], nightPlaces: NightPlaceLookup) {
        self.trip = trip
        self.facts = facts
        self.zones = zones
        self.clocks = zones.map { LocalClock($0.0) }
        self.nightPlaces = nightPlaces
    }

    func itinerary(start given: Date?, now: Date, estimate: DriveTimeEstimate, explaining: Bool) -> Itinerary {
        var notes: [String] = []
        var backwards = false
        let dailyStart = String(format: "%02d:%02d", trip.dailyStartMinutes / 60, trip.dailyStartMinutes % 60)
        var start = given ?? trip.startDate
        if start == nil, let clock = clocks.first {
            if let (k, fixed) = firstFixedArrival(), let latest = latestStart(reaching: k, by: fixed, in: trip) {
                start = latest
                backwards = true
                notes.append(
                    "No start date set: planned backwards from the fixed arrival at \(trip.waypoints[k].name) "
                        + "(\(ItineraryClock.text(fixed, clocks[k].zone, "EEE d MMM HH:mm"))): leave "
                        + "\(trip.waypoints[0].name) \(ItineraryClock.text(latest, clock.zone, "EEE d MMM yyyy HH:mm")).")
            } else {
                let tomorrow = now.addingTimeInterval(24 * 3600)
                start = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: clock.startOfDay(tomorrow))
                notes.append("No start date set: assuming \(clock.dayString(start!)) at \(dailyStart).")
            }
        }
        var run = ItineraryRun(trip: trip, facts: facts, clocks: clocks, nightPlaces: nightPlaces)
        if let start { run.run(from: start) }
        var calendar = ItineraryCalendar(trip: trip, facts: facts, zones: zones, run: run, start: start)
        var itinerary = calendar.build(
            startAssumed: trip.startDate == nil && given == nil, plannedBackwards: backwards, dailyStart: dailyStart)
        if let start, explaining { itinerary.warnings = warnings(run, start: start, given: given) + itinerary.warnings }
        itinerary.notes = notes + itinerary.notes
        if zones.contains(where: { $0.1 == .fallback }) {
            itinerary.notes.append("Stops with no known time zone show UTC times.")
        }
        let estimated = itinerary.legs.filter { $0.estimated && $0.noRoad != true }.count
        if estimated > 0 {
            itinerary.notes.append(
                (estimated == itinerary.legs.count
                    ? itinerary.legs.count == 1 ? "The drive time is" : "Drive times of all \(estimated) legs are"
                    : "Drive times of \(estimated) of \(itinerary.legs.count) legs are")
                    + " estimated from the straight-line distance (\(estimate.summary))."
            )
        }
        return itinerary
    }

    /// The first stop after the start with a fixed arrival.
    private func firstFixedArrival() -> (Int, Date)? {
        for (i, stop) in trip.waypoints.enumerated().dropFirst() {
            if let fixed = stop.fixedArrival { return (i, fixed) }
        }
        return nil
    }

    /// The latest start, on the daily start grid, that reaches stop `k` by `fixed` under `trip`'s
    /// rules; on the fixed arrival's own day, as late as still arrives on time ("arrive by").
    func latestStart(reaching k: Int, by fixed: Date, in trip: Trip) -> Date? {
        guard let clock = clocks.first else { return nil }
        func arrival(_ start: Date) -> Date {
            var run = ItineraryRun(trip: trip, facts: facts, clocks: clocks, nightPlaces: nil)
            run.run(from: start, until: k)
            return run.arrivals[k] ?? start
        }
        var day = clock.startOfDay(fixed)
        var stepped = false
        for _ in 0..<400 {
            let morning = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: day)
            let reached = arrival(morning)
            if morning <= fixed, reached <= fixed.addingTimeInterval(30) {
                if stepped, let later = Calendar.gregorian(clock.zone).date(byAdding: .day, value: 1, to: day) {
                    // A jump of several days may have gone past the latest day that works: walk back up.
                    let next = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: clock.startOfDay(later))
                    if next <= fixed, arrival(next) <= fixed.addingTimeInterval(30) {
                        day = clock.startOfDay(later)
                        continue
                    }
                }
                guard clock.dayString(morning) == clocks[k].dayString(arrival(morning)) else { return morning }
                // Reached the same day: leave as late as still arrives on time, to the minute.
                var low = morning.timeIntervalSinceReferenceDate, high = fixed.timeIntervalSinceReferenceDate
                while high - low > 60 {
                    let mid = ((low + high) / 2 / 60).rounded(.down) * 60
                    if arrival(Date(timeIntervalSinceReferenceDate: mid)) <= fixed.addingTimeInterval(30) {
                        low = mid
                    } else {
                        high = mid
                    }
                }
                return Date(timeIntervalSinceReferenceDate: low)
            }
            // Late by days: start that many days earlier at once (a 1,000-stop trip late by weeks
            // would otherwise be run day by day).
            let days = max(1, Int(reached.timeIntervalSince(fixed) / 86400))
            stepped = days > 1
            guard let earlier = Calendar.gregorian(clock.zone).date(byAdding: .day, value: -days, to: day) else { return nil }
            day = clock.startOfDay(earlier)
        }
        return nil
    }

    /// Late fixed arrivals, with why and what the person can do; days driven over the limit by choice.
    ///
    /// The choices are worked out for the first late arrival only: each is a search over starts, and
    /// once the first is mended the later ones move with it.
    private func warnings(_ run: ItineraryRun, start: Date, given: Date?) -> [ItineraryWarning] {
        var out: [ItineraryWarning] = []
        var explained = false
        let tripWord = ShellWord.quoted(trip.name)
        for (k, stop) in trip.waypoints.enumerated().dropFirst() {
            guard let fixed = stop.fixedArrival else { continue }
            let late = run.lates[k]
            let limit = Formatting.duration(trip.dailyDrivingLimit)
            if late >= 60, explained {
                out.append(
                    ItineraryWarning(
                        kind: .lateArrival, stop: k, seconds: late,
                        message:
                            "\(stop.name) is reached \(Formatting.duration(late)) after its fixed arrival "
                            + "(\(ItineraryClock.text(fixed, clocks[k].zone, "EEE d MMM HH:mm")))."))
            } else if late >= 60 {
                explained = true
                let when = ItineraryClock.text(fixed, clocks[k].zone, "EEE d MMM HH:mm")
                var unlimited = trip
                unlimited.dailyDrivingLimit = 1e9
                var free = ItineraryRun(trip: unlimited, facts: facts, clocks: clocks, nightPlaces: nil)
                free.run(from: start, until: k)
                let limitIsTheCause = free.lates[k] < 60
                var choices: [String] = []
                if let earlier = latestStart(reaching: k, by: fixed, in: trip), earlier < start {
                    let text = ItineraryClock.text(earlier, clocks[0].zone, "yyyy-MM-dd HH:mm")
                    choices.append(
                        "Leave earlier: by \(ItineraryClock.text(earlier, clocks[0].zone, "EEE d MMM yyyy HH:mm")) "
                            + "(roadtrip edit-trip \(tripWord) --start \(ShellWord.quoted(text))).")
                }
                if limitIsTheCause {
                    var chosen = trip
                    chosen.waypoints[k].overLimit = true
                    var over = ItineraryRun(trip: chosen, facts: facts, clocks: clocks, nightPlaces: nil)
                    over.run(from: start, until: k)
                    if over.lates[k] < 60 {
                        let excess = over.drivenByArrival[k] - trip.dailyDrivingLimit
                        choices.append(
                            "Drive over the limit by \(Formatting.duration(max(60, excess))) that day "
                                + "(roadtrip edit-stop \(tripWord) \(k + 1) --over-limit).")
                    }
                }
                choices.append("Drop the fixed time (roadtrip edit-stop \(tripWord) \(k + 1) --arrive \"\").")
                let cause =
                    limitIsTheCause
                    ? ": the \(limit) daily limit ends the driving before it"
                    : given == nil && trip.startDate == nil ? "" : ": the trip leaves too late for it, whatever the daily limit"
                out.append(
                    ItineraryWarning(
                        kind: .lateArrival, stop: k, seconds: late,
                        message:
                            "\(stop.name) is reached \(Formatting.duration(late)) after its fixed arrival (\(when))\(cause).",
                        choices: choices))
            } else if stop.overLimit, run.drivenByArrival[k] > trip.dailyDrivingLimit + 60 {
                let driven = run.drivenByArrival[k]
                out.append(
                    ItineraryWarning(
                        kind: .dayOverLimit, stop: k, seconds: driven - trip.dailyDrivingLimit,
                        message:
                            "The day that reaches \(stop.name) drives \(Formatting.duration(driven)), "
                            + "\(Formatting.duration(driven - trip.dailyDrivingLimit)) over the \(limit) limit, "
                            + "to arrive by its fixed time (as chosen).",
                        choices: [
                            "Keep to the limit instead (roadtrip edit-stop \(tripWord) \(k + 1) --no-over-limit)."
                        ]))
            }
        }
        for (k, stop) in trip.waypoints.enumerated() where run.pushedOn[k] {
            let over = run.drivenByArrival[k] - trip.dailyDrivingLimit
            out.append(
                ItineraryWarning(
                    kind: .dayOverLimit, stop: k, seconds: over,
                    message:
                        "The day that reaches \(stop.name) drives \(Formatting.duration(over)) over the "
                        + "\(Formatting.duration(trip.dailyDrivingLimit)) limit to spend its planned night there, "
                        + "rather than stop \(Formatting.duration(over)) short of it."))
        }
        return out
    }
}

extension Calendar {
    /// A Gregorian calendar in `zone`.
    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
