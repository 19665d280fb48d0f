import Foundation
import RoadtripCore

/// What the plan needs to know of one leg, worked out once however many times the trip is run.
struct LegFacts {
    var distance: Double
    var drive: Double
    var estimated: Bool
    /// Whether the distance is the straight line, so fuel needs the road factor.
    var straight: Bool
    var crossing: WaterCrossing?
    /// The road's shape when the router gave it; else the leg is the geodesic between its stops.
    var line: [Coordinate]

    var acrossTheSea: Bool { crossing == .sea }

    /// The facts of every leg of `trip` (shaping points already folded in).
    ///
    /// A leg without a drive time (geodesic) or one that no longer matches its stops is timed with
    /// `estimate` on the straight-line distance. A leg across the sea is not driven.
    static func all(_ trip: Trip, legs: [Leg], estimate: DriveTimeEstimate) -> [LegFacts] {
        let stops = trip.waypoints
        return stops.indices.dropLast().map { i in
            let from = stops[i].coordinate, to = stops[i + 1].coordinate
            var facts: LegFacts
            if i < legs.count, legs[i].from == from, legs[i].to == to {
                let leg = legs[i]
                let crossing = leg.crossing ?? (leg.source.isRoad ? nil : Landmasses.shared.offshore(from: from, to: to))
                let line = leg.geometry.flatMap { $0.count >= 2 ? $0 : nil } ?? [from, to]
                if let seconds = leg.durationSeconds, seconds.isFinite, seconds >= 0 {
                    facts = LegFacts(
                        distance: leg.distanceMeters, drive: seconds, estimated: leg.source == .estimate, straight: false,
                        crossing: crossing, line: line)
                } else {
                    facts = LegFacts(
                        distance: leg.distanceMeters, drive: estimate.seconds(straightMeters: leg.distanceMeters),
                        estimated: true, straight: true, crossing: crossing, line: line)
                }
            } else {
                let straight = Geodesic.distance(from, to)
                let crossing = Landmasses.shared.crossing(from: from, to: to) ?? Landmasses.shared.offshore(from: from, to: to)
                facts = LegFacts(
                    distance: straight, drive: estimate.seconds(straightMeters: straight), estimated: true, straight: true,
                    crossing: crossing, line: [from, to])
            }
            if facts.acrossTheSea {
                facts.distance = 0
                facts.drive = 0
                facts.straight = false
            }
            return facts
        }
    }
}

/// One run of the trip through the clock: every arrival, night and drive, from a given start.
///
/// Rules, in order of the road:
/// - The trip leaves its first stop at `start` (its stay, nights and fixed arrival do not apply:
///   the trip begins there).
/// - At each later stop the trip arrives, waits for a fixed arrival reached early (or is late for
///   it), stays `stay`, then spends its nights: N nights leave at the daily start time on the Nth
///   morning after the stay is over.
/// - A leg longer than what is left of the day's limit is driven until the limit runs out; the
///   night is suggested there and the rest is driven from the next morning. When less than
///   `shortRest` of the day is left at a stop, the night is at that stop instead; after a fixed
///   arrival kept in the evening, the night is there too.
/// - The leg into a stop whose fixed arrival the person chose to keep over the limit is driven
///   whole.
struct ItineraryRun {
    /// Below this much driving left in the day, a long leg starts the next morning, not now.
    static let shortRest: TimeInterval = 30 * 60
    /// A place for the night this close to the road is taken at once.
    static let nearTheRoad = 15_000.0
    /// A place for the night farther than this from the road is no suggestion: the point is.
    static let offTheRoad = 40_000.0
    /// A place for the night this close to one of the leg's stops is that stop.
    static let sameStopMeters = 5_000.0

    let trip: Trip
    let facts: [LegFacts]
    let clocks: [LocalClock]
    let limit: TimeInterval
    /// Nil while searching for a start: no place is looked up then.
    let nightPlaces: NightPlaceLookup?

    private(set) var arrivals: [Date?] = []
    private(set) var departures: [Date?] = []
    private(set) var waits: [TimeInterval] = []
    private(set) var lates: [TimeInterval] = []
    private(set) var nights: [Int] = []
    private(set) var nightKinds: [ItineraryStop.Night?] = []
    /// Every event in time order, each with the instant it happens.
    private(set) var events: [ItineraryEvent] = []
    private(set) var suggested: [SuggestedNight] = []
    private(set) var legParts: [Int] = []
    /// The driving of the day that reaches each stop, counted up to its arrival.
    private(set) var drivenByArrival: [TimeInterval] = []
    /// Stops with a planned night reached by driving a little over the limit (at most `shortRest`).
    private(set) var pushedOn: [Bool] = []
    private var dayDriving: TimeInterval = 0

    init(trip: Trip, facts: [LegFacts], clocks: [LocalClock], nightPlaces: NightPlaceLookup?) {
        self.trip = trip
        self.facts = facts
        self.clocks = clocks
        self.limit = trip.dailyDrivingLimit
        self.nightPlaces = nightPlaces
        let n = trip.waypoints.count
        arrivals = Array(repeating: nil, count: n)
        departures = Array(repeating: nil, count: n)
        waits = Array(repeating: 0, count: n)
        lates = Array(repeating: 0, count: n)
        nights = Array(repeating: 0, count: n)
        nightKinds = Array(repeating: nil, count: n)
        drivenByArrival = Array(repeating: 0, count: n)
        pushedOn = Array(repeating: false, count: n)
        legParts = Array(repeating: 1, count: max(0, n - 1))
    }

    /// Runs the trip from `start`, up to stop `until` (the whole trip when nil).
    mutating func run(from start: Date, until: Int? = nil) {
        let last = min(until ?? trip.waypoints.count - 1, trip.waypoints.count - 1)
        guard last >= 0 else { return }
        var t = start
        for i in 0...last {
            if i > 0 { t = arrive(at: i, time: t) }
            guard i < last else { break }
            t = leave(i, ready: t)
            t = drive(leg: i, from: t)
        }
    }

    /// Arrives at stop `i`; returns when the stop's time (wait and stay) is over.
    private mutating func arrive(at i: Int, time: Date) -> Date {
        arrivals[i] = time
        drivenByArrival[i] = dayDriving
        events.append(ItineraryEvent(kind: .arrive, time: time, zone: clocks[i].zone, stop: i))
        var ready = time
        if let fixed = trip.waypoints[i].fixedArrival {
            if time > fixed {
                lates[i] = time.timeIntervalSince(fixed)
            } else {
                waits[i] = fixed.timeIntervalSince(time)
                ready = fixed
            }
        }
        if i == trip.waypoints.count - 1 { return ready }
        return ready.addingTimeInterval(trip.waypoints[i].stay)
    }

    /// Spends the nights at stop `i` (its own, or one where the limit leaves too little of the day
    /// for the next leg), then sets off; returns the departure.
    private mutating func leave(_ i: Int, ready: Date) -> Date {
        var count = trip.waypoints[i].nights
        var kind: ItineraryStop.Night? = count > 0 ? .planned : nil
        let next = facts[i].drive
        let room = limit - dayDriving
        if count == 0, dayDriving > 0, next > room + 60, room <= Self.shortRest, !keepsFixedOverLimit(i + 1) {
            count = 1
            kind = .drivingLimit
        } else if count == 0, i > 0, trip.waypoints[i].fixedArrival != nil, next > 0,
            clocks[i].evening(from: ready, dayStartMinutes: trip.dailyStartMinutes) <= ready
        {
            // Kept an appointment in the evening (a booking, a late ferry): the night is there,
            // not on the road after it.
            count = 1
            kind = .evening
        }
        var departure = ready
        if count > 0 {
            let clock = clocks[i]
            var morning = ready
            for night in 1...count {
                // The day at the stop (the stay, or a rest day) until the evening; then the night.
                let start = clock.evening(from: morning, dayStartMinutes: trip.dailyStartMinutes)
                morning = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: start.addingTimeInterval(1))
                events.append(
                    ItineraryEvent(
                        kind: .night, time: start, zone: clock.zone, end: morning, endZone: clock.zone, stop: i, night: night,
                        nights: count))
            }
            departure = morning
            dayDriving = 0
        } else if let arrival = arrivals[i], clocks[i].startOfDay(departure) > clocks[i].startOfDay(arrival),
            departure >= clocks[i].next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: arrival.addingTimeInterval(1))
        {
            // A long wait for a fixed arrival passed a morning: the day's driving starts afresh.
            dayDriving = 0
        }
        nights[i] = count
        nightKinds[i] = kind
        departures[i] = departure
        events.append(ItineraryEvent(kind: .depart, time: departure, zone: clocks[i].zone, stop: i))
        return departure
    }

    /// Drives leg `i` from `start`, splitting it where the day's limit runs out; returns the arrival.
    private mutating func drive(leg i: Int, from start: Date) -> Date {
        let f = facts[i]
        if f.acrossTheSea { return start }
        var t = start
        var left = f.drive
        var along = 0.0
        var part = 1
        let keepsTime = keepsFixedOverLimit(i + 1)
        // A few minutes short of a stop where a night is planned (a suggested night just added
        // as a stop, a town a little off the road): the night is there, not at the roadside.
        let plannedNight = i + 1 < trip.waypoints.count - 1 && trip.waypoints[i + 1].nights > 0
        var first = events.count
        while true {
            let room = limit - dayDriving
            if plannedNight, left > room + 60, left - room <= Self.shortRest, room > 0 {
                pushedOn[i + 1] = true
            }
            // Keeping a fixed time over the limit: what would be driven tomorrow is driven today.
            let absorbs =
                keepsTime && left - room <= limit + 60
                && wouldBeLate(i + 1, splitAt: t.addingTimeInterval(room), rest: left - room)
            if left <= room + 60 || absorbs || room <= 0 || pushedOn[i + 1] {
                let meters = f.distance - along
                events.append(
                    ItineraryEvent(
                        kind: .drive, time: t, zone: zone(i, along: along), end: t.addingTimeInterval(left),
                        endZone: clocks[i + 1].zone, leg: i, part: part, seconds: left, meters: meters))
                t.addTimeInterval(left)
                dayDriving += left
                break
            }
            let meters = f.drive > 0 ? f.distance * room / f.drive : 0
            let startZone = zone(i, along: along)
            along += meters
            let (night, nightZone) = suggestNight(leg: i, along: along, dayMeters: meters)
            events.append(
                ItineraryEvent(
                    kind: .drive, time: t, zone: startZone, end: t.addingTimeInterval(room), endZone: nightZone, leg: i,
                    part: part, seconds: room, meters: meters))
            t.addTimeInterval(room)
            left -= room
            let clock = LocalClock(nightZone)
            let morning = clock.next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: t.addingTimeInterval(1))
            events.append(
                ItineraryEvent(kind: .night, time: t, zone: nightZone, end: morning, endZone: nightZone, suggested: night))
            events.append(ItineraryEvent(kind: .depart, time: morning, zone: nightZone, suggested: night))
            t = morning
            dayDriving = 0
            part += 1
        }
        legParts[i] = part
        while first < events.count {
            if events[first].kind == .drive, part > 1 { events[first].parts = part }
            first += 1
        }
        return t
    }

    /// The place for the night: looked for where the limit runs out and a little before it (a tenth
    /// and a fifth of the day's drive back), so the night is on the road and within the day; the
    /// first found near the road (15 km) wins, else the nearest to the road within 40 km. The leg's
    /// own stops are no suggestion: the night is short of the one and past the other.
    private func place(
        near split: Coordinate, along: Double, dayMeters: Double, leg i: Int, point: (Double) -> Coordinate,
        in lookup: NightPlaceLookup
    ) -> NightPlaceLookup.Found? {
        let ends = [trip.waypoints[i].coordinate, trip.waypoints[i + 1].coordinate]
        var best: (place: NightPlaceLookup.Found, off: Double)?
        for back in [0.0, 0.1, 0.2] {
            let at = point(max(0, along - back * dayMeters))
            let found = lookup.place(near: at) { place in
                !ends.contains { Geodesic.distance($0, place.coordinate) < Self.sameStopMeters }
            }
            guard let found else { continue }
            let off = Geodesic.distance(found.coordinate, at)
            if off <= Self.nearTheRoad { return found }
            if off < (best?.off ?? .infinity) { best = (found, off) }
        }
        return best.flatMap { $0.off <= Self.offTheRoad ? $0.place : nil }
    }

    /// Whether stopping for the night at `split` and driving `rest` the next morning reaches stop
    /// `i` after its fixed arrival.
    private func wouldBeLate(_ i: Int, splitAt split: Date, rest: TimeInterval) -> Bool {
        guard let fixed = trip.waypoints[i].fixedArrival else { return false }
        let morning = clocks[i - 1].next(minutesAfterMidnight: trip.dailyStartMinutes, atOrAfter: split.addingTimeInterval(1))
        return morning.addingTimeInterval(rest) > fixed.addingTimeInterval(60)
    }

    /// Whether stop `i` has a fixed arrival the person chose to keep over the daily limit: the
    /// day that reaches it drives on instead of stopping for the night a day's drive short of it.
    private func keepsFixedOverLimit(_ i: Int) -> Bool {
        i < trip.waypoints.count && trip.waypoints[i].overLimit && trip.waypoints[i].fixedArrival != nil
    }

    /// The zone of a point `along` metres into leg `i`: the nearer stop's.
    private func zone(_ i: Int, along: Double) -> TimeZone {
        along * 2 <= facts[i].distance ? clocks[i].zone : clocks[i + 1].zone
    }

    /// Records the suggested night `along` metres into leg `i`; returns its index and time zone.
    private mutating func suggestNight(leg i: Int, along: Double, dayMeters: Double) -> (Int, TimeZone) {
        let f = facts[i]
        let lineLength = zip(f.line, f.line.dropFirst()).reduce(0) { $0 + Geodesic.distance($1.0, $1.1) }
        // The road's shape and its reported length differ a little: the point is the same share of each.
        func point(_ along: Double) -> Coordinate {
            LegLine.point((f.distance > 0 ? along / f.distance : 0) * lineLength, along: f.line)
        }
        let split = point(along)
        let found = nightPlaces.flatMap { place(near: split, along: along, dayMeters: dayMeters, leg: i, point: point, in: $0) }
        var zone = zone(i, along: along)
        if let id = found?.timeZone, let known = TimeZone(identifier: id) { zone = known }
        let day = suggested.count
        suggested.append(
            SuggestedNight(
                name: found?.name
                    ?? "\(Formatting.distance(along, unit: .kilometers)) into the drive to \(trip.waypoints[i + 1].name)",
                region: found?.region ?? "", country: found?.country ?? "", kind: found?.kind ?? "",
                latitude: found?.coordinate.latitude ?? split.latitude,
                longitude: found?.coordinate.longitude ?? split.longitude, leg: i, day: 0, alongMeters: along,
                beforeStop: trip.waypoints[i + 1].id,
                metersFromSplit: found.map { Geodesic.distance($0.coordinate, split) } ?? 0,
                timeZone: found?.timeZone))
        return (day, zone)
    }
}
