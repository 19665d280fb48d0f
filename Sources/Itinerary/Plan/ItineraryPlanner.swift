import Foundation
import RoadtripCore

/// Turns a trip and its legs into days: arrival and departure at every stop, nights, warnings, totals.
///
/// Rules, in order of the road:
/// - The trip leaves its first stop at `trip.startDate` (the first stop's stay and fixed arrival
///   do not apply: the trip begins there).
/// - At each later stop the trip arrives, waits for a fixed arrival reached early (or is late
///   for it: a warning), stays `stay`, then leaves.
/// - A day ends at a stop marked overnight, or before a leg that would take the day's driving
///   over the daily limit: the last stop before it is the suggested overnight. The next day sets
///   off at the daily start time in that stop's zone, at the first such time once the stay is over.
/// - A leg longer than the limit alone is driven anyway, with a warning for the leg and the day.
/// Days are driving days, not calendar days: a day that sets off at 20:00 runs past midnight.
public enum ItineraryPlanner {
    /// The itinerary for `trip`.
    ///
    /// - Parameters:
    ///   - legs: the trip's legs in order. A leg without a drive time (geodesic) or one that no
    ///     longer matches its stops is timed with `estimate` on the straight-line distance, and a
    ///     note says so.
    ///   - timeZones: the zone of a stop without its own `timeZone`; UTC when it knows none.
    ///   - estimate: how straight-line legs are timed.
    ///   - now: without a start date the trip is assumed to leave at the daily start time on the
    ///     day after `now`, in the first stop's zone.
    public static func plan(
        trip: Trip, legs: [Leg], timeZones: TimeZoneLookup = .none,
        estimate: DriveTimeEstimate = .standard, now: Date = Date()
    ) -> Itinerary {
        // Shaping points steer the road; the itinerary arrives only at real stops.
        let (trip, legs) = trip.withoutShapingPoints(legs: legs)
        var builder = Builder(trip: trip, legs: legs, timeZones: timeZones, estimate: estimate, now: now)
        builder.run()
        return builder.itinerary
    }
}

/// The running state of one plan: where the trip is, what today has driven.
private struct Builder {
    let trip: Trip
    let limit: TimeInterval
    let clocks: [LocalClock]
    var itinerary: Itinerary
    private let inputLegs: [Leg]
    private let estimate: DriveTimeEstimate
    private var dayNumber = 1
    private var dayFirstStop = 0
    private var dayDriving: Double = 0
    private var dayDistance: Double = 0
    private var fuelMeters: Double = 0

    init(trip: Trip, legs: [Leg], timeZones: TimeZoneLookup, estimate: DriveTimeEstimate, now: Date) {
        self.trip = trip
        self.limit = trip.dailyDrivingLimit
        self.inputLegs = legs
        self.estimate = estimate
        let zones = trip.waypoints.map(timeZones.zone(for:))
        clocks = zones.map { LocalClock($0.0) }
        let stops = trip.waypoints.enumerated().map { i, w in
            ItineraryStop(
                index: i, id: w.id, name: w.name, note: w.note, timeZone: zones[i].0,
                timeZoneSource: zones[i].1, arrival: nil, departure: nil, fixedArrival: w.fixedArrival,
                stay: w.stay, wait: 0, late: 0, night: nil)
        }
        itinerary = Itinerary(
            trip: trip.name, startAssumed: trip.startDate == nil, dailyDrivingLimit: limit,
            dailyStart: String(format: "%02d:%02d", trip.dailyStartMinutes / 60, trip.dailyStartMinutes % 60),
            stops: stops, legs: [], days: [], warnings: [],
            totals: ItineraryTotals(days: 0, drivingSeconds: 0, distanceMeters: 0), notes: []
        )
        if let start = trip.startDate, !stops.isEmpty {
            itinerary.stops[0].departure = start
        } else if let clock = clocks.first {
            let tomorrow = now.addingTimeInterval(24 * 3600)
            let start = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: clock.startOfDay(tomorrow))
            itinerary.stops[0].departure = start
            itinerary.notes.append("No start date set: assuming \(clock.dayString(start)) at \(itinerary.dailyStart).")
        }
        if zones.contains(where: { $0.1 == .fallback }) {
            itinerary.notes.append("Stops with no known time zone show UTC times.")
        }
    }

    mutating func run() {
        guard !trip.waypoints.isEmpty else { return }
        let count = trip.waypoints.count
        for i in 0..<(count - 1) {
            // Asked once a leg: placing the ends and sampling the line is the costly part of a leg.
            let crossing = waterCrossing(i)
            let (distance, drive, estimated, straight) = timing(ofLeg: i, acrossTheSea: crossing == .sea)
            let sea = crossing == .sea
            switch crossing {
            case .sea:
                warn(
                    .noRoad, leg: i, seconds: 0,
                    "\(name(i)) → \(name(i + 1)): \(WaterCrossing.sea.text); not counted as driving, and the times after it do not include the crossing."
                )
            case .ferry:
                warn(
                    .ferryNeeded, leg: i, seconds: 0,
                    "\(name(i)) → \(name(i + 1)): \(crossing!.text); the drive time does not include the crossing.")
            case .offshore:
                warn(.seaOnTheLine, leg: i, seconds: 0, "\(name(i)) → \(name(i + 1)): \(crossing!.text).")
            case nil: break
            }
            if dayDriving > 0 && dayDriving + drive > limit {
                breakForLimit(at: i)
            }
            if drive > limit {
                warn(
                    .legOverLimit, leg: i, seconds: drive - limit,
                    "The leg \(name(i)) → \(name(i + 1)) alone takes \(Formatting.duration(drive)), over the \(Formatting.duration(limit)) daily limit: add a stop on the way."
                )
            }
            let departure = itinerary.stops[i].departure!
            itinerary.legs.append(
                ItineraryLeg(
                    from: i, to: i + 1, day: dayNumber, distanceMeters: distance,
                    driveSeconds: drive, estimated: estimated, noRoad: sea ? true : nil,
                    ferry: { if case let .ferry(name) = crossing { name } else { nil } }()))
            dayDriving += drive
            dayDistance += distance
            fuelMeters += straight ? estimate.roadMeters(straightMeters: distance) : distance
            arrive(at: i + 1, time: departure.addingTimeInterval(drive), isLast: i + 1 == count - 1)
        }
        closeDay(at: count - 1, end: .tripEnd)
        finish()
    }

    /// Distance, drive seconds, whether the time is estimated and whether the distance is the
    /// straight line (so fuel needs the road factor), for leg `i`.
    ///
    /// A leg from the offline estimate has a time, but no router gave it: it is estimated all the same.
    /// A leg across the sea is not driven: no distance, no time.
    private func timing(ofLeg i: Int, acrossTheSea: Bool) -> (Double, Double, estimated: Bool, straight: Bool) {
        let from = trip.waypoints[i].coordinate, to = trip.waypoints[i + 1].coordinate
        if acrossTheSea { return (0, 0, true, false) }
        if i < inputLegs.count, inputLegs[i].from == from, inputLegs[i].to == to {
            let leg = inputLegs[i]
            if let seconds = leg.durationSeconds, seconds.isFinite, seconds >= 0 {
                return (leg.distanceMeters, seconds, leg.source == .estimate, false)
            }
            return (leg.distanceMeters, estimate.seconds(straightMeters: leg.distanceMeters), true, true)
        }
        let straight = Geodesic.distance(from, to)
        return (straight, estimate.seconds(straightMeters: straight), true, true)
    }

    /// How leg `i` crosses water: the router's leg says so when there is one for these stops (a
    /// road answer never does), else the land data.
    private func waterCrossing(_ i: Int) -> WaterCrossing? {
        let from = trip.waypoints[i].coordinate, to = trip.waypoints[i + 1].coordinate
        if i < inputLegs.count, inputLegs[i].from == from, inputLegs[i].to == to {
            let leg = inputLegs[i]
            return leg.crossing ?? (leg.source.isRoad ? nil : Landmasses.shared.offshore(from: from, to: to))
        }
        return Landmasses.shared.crossing(from: from, to: to) ?? Landmasses.shared.offshore(from: from, to: to)
    }

    private mutating func arrive(at i: Int, time: Date, isLast: Bool) {
        itinerary.stops[i].arrival = time
        var ready = time
        if let fixed = itinerary.stops[i].fixedArrival {
            if time > fixed {
                itinerary.stops[i].late = time.timeIntervalSince(fixed)
                if itinerary.stops[i].late >= 60 {
                    warn(
                        .lateArrival, stop: i, seconds: itinerary.stops[i].late,
                        "\(name(i)) is reached \(Formatting.duration(itinerary.stops[i].late)) after its fixed arrival time.")
                }
            } else {
                itinerary.stops[i].wait = fixed.timeIntervalSince(time)
                ready = fixed
            }
        }
        guard !isLast else { return }
        ready.addTimeInterval(itinerary.stops[i].stay)
        itinerary.stops[i].departure = ready
        if trip.waypoints[i].overnight {
            itinerary.stops[i].night = .planned
            closeDay(at: i, end: .overnight)
            startNextDay(at: i)
        }
    }

    /// Ends the day at stop `i` because the leg from it would take the day over the limit.
    private mutating func breakForLimit(at i: Int) {
        itinerary.stops[i].night = .drivingLimit
        closeDay(at: i, end: .drivingLimit)
        startNextDay(at: i)
    }

    private mutating func startNextDay(at i: Int) {
        let ready = itinerary.stops[i].departure ?? itinerary.stops[i].arrival!
        itinerary.stops[i].departure = clocks[i].next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: ready)
        dayNumber += 1
        dayFirstStop = i
        dayDriving = 0
        dayDistance = 0
    }

    private mutating func closeDay(at last: Int, end: ItineraryDay.End) {
        let first = dayFirstStop
        let setOff = itinerary.stops[first].departure ?? itinerary.stops[first].arrival
        itinerary.days.append(
            ItineraryDay(
                number: dayNumber, date: setOff.map(clocks[first].dayString) ?? "",
                firstStop: first, lastStop: last, drivingSeconds: dayDriving,
                distanceMeters: dayDistance, end: end))
        if dayDriving > limit {
            warn(
                .dayOverLimit, day: dayNumber, seconds: dayDriving - limit,
                "Day \(dayNumber) drives \(Formatting.duration(dayDriving)), over the \(Formatting.duration(limit)) daily limit.")
        }
    }

    private mutating func finish() {
        let legs = itinerary.legs
        var totals = ItineraryTotals(
            days: itinerary.days.count,
            drivingSeconds: legs.reduce(0) { $0 + $1.driveSeconds },
            distanceMeters: legs.reduce(0) { $0 + $1.distanceMeters })
        if let consumption = trip.fuelConsumption, let volume = consumption.volume(forMeters: fuelMeters) {
            totals.fuelVolume = volume
            totals.fuelUnit = consumption.unit.volumeSymbol
            totals.fuelCost = trip.fuelPrice.map { $0 * volume }
        }
        itinerary.totals = totals
        let estimated = legs.filter(\.estimated).count
        if estimated > 0 {
            itinerary.notes.append(
                "Drive times of \(estimated) of \(legs.count) legs are estimated from the straight-line distance (\(estimate.summary))."
            )
        }
    }

    private func name(_ i: Int) -> String { trip.waypoints[i].name }

    private mutating func warn(
        _ kind: ItineraryWarning.Kind, stop: Int? = nil, leg: Int? = nil, day: Int? = nil,
        seconds: Double, _ message: String
    ) {
        itinerary.warnings.append(
            ItineraryWarning(
                kind: kind, stop: stop, leg: leg, day: day,
                seconds: seconds, message: message))
    }
}
