import Foundation
import PropertyBased
import RoadtripCore
import Testing
@testable import Itinerary

/// The itinerary as the trip's calendar: nights, days with no driving, drives split at the limit,
/// fixed arrivals planned backwards, and the choices when the limit and a fixed time clash.
@Suite struct ItineraryCalendarDaysTests {
    typealias F = ItineraryFixtures

    private func plan(
        _ stops: [Waypoint], hours: [Double], start: Date?, limit: Double = 8, nightPlaces: NightPlaceLookup = .none,
        now: Date = Date()
    ) -> Itinerary {
        let trip = Trip(name: "T", waypoints: stops, startDate: start, dailyDrivingLimit: limit * 3600)
        return ItineraryPlanner.plan(
            trip: trip, legs: F.legs(stops, hours: hours), nightPlaces: nightPlaces, now: now)
    }

    @Test func twoNightsMakeADayWithNoDrivingAndTheHeaderCountsTheRealSpan() {
        var stops = F.stops(3)
        stops[1].nights = 2
        let it = plan(stops, hours: [3, 3], start: F.local("2026-05-10 08:00", "Europe/Berlin"))
        #expect(it.days.map(\.date) == ["2026-05-10", "2026-05-11", "2026-05-12"])
        #expect(it.days.map(\.end) == [.overnight, .rest, .tripEnd])
        #expect(it.days[1].drivingSeconds == 0 && it.days[1].firstStop == 1)
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-05-12 08:00")
        #expect(it.totals.days == 3 && it.totals.nights == 2)
        let text = ItineraryTextRenderer.lines(it, unit: .kilometers)
        #expect(text[0].hasPrefix("T: 3 days, Sun 10 May – Tue 12 May 2026 · 2 nights · "))
        #expect(text.contains("Day 2 · Mon 11 May 2026 · S1, no driving"))
        // The night begins in the evening; the day before it is the stop's.
        #expect(text.contains("  18:00        night   S1 · night 1 of 2"))
        #expect(text.contains("  18:00 GMT+2  night   S1 · night 2 of 2"))
    }

    @Test func nightsAtTheFirstStopDelayTheStart() {
        var stops = F.stops(2)
        stops[0].nights = 1
        let it = plan(stops, hours: [2], start: F.local("2026-05-10 09:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[0].departure, "Europe/Berlin") == "2026-05-11 08:00")
        #expect(it.days.count == 2 && it.days[0].end == .overnight)
    }

    @Test func aFixedArrivalKeptInTheEveningIsWhereTheNightIs() {
        var stops = F.stops(3)
        stops[1].fixedArrival = F.local("2026-05-10 19:00", "Europe/Berlin")
        let it = plan(stops, hours: [2, 3], start: F.local("2026-05-10 09:00", "Europe/Berlin"))
        #expect(it.stops[1].night == .evening)
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-05-11 08:00")
        let text = ItineraryTextRenderer.lines(it, unit: .kilometers)
        #expect(text.contains("  Arrived for the fixed time in the evening: night at S1."))
    }

    @Test func aStayInHoursAndNightsAreSeparate() {
        var stops = F.stops(3)
        stops[1].stay = 3 * 3600
        stops[1].nights = 1
        let it = plan(stops, hours: [2, 2], start: F.local("2026-05-10 08:00", "Europe/Berlin"))
        // Arrive 10:00, three hours there, the rest of the day, the night from the evening, off at 08:00.
        #expect(F.wall(it.stops[1].arrival, "Europe/Berlin") == "2026-05-10 10:00")
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-05-11 08:00")
        let night = it.days[0].events.first { $0.kind == .night }
        #expect(F.wall(night?.time, "Europe/Berlin") == "2026-05-10 18:00")
        #expect(ItineraryPhrases.arrivalDetails(it.stops[1]) == ["stay 3 h", "1 night"])
    }

    @Test func anOldOvernightWithAStayOfDaysKeepsItsMeaning() {
        // Files before nights: "stay 2d + overnight" left on the third morning; it still does.
        var stops = F.stops(3)
        stops[1].stay = 2 * 86400
        stops[1].overnight = true
        let it = plan(stops, hours: [2, 2], start: F.local("2026-05-10 08:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-05-13 08:00")
        #expect(it.totals.days == 4)
    }

    @Test func aLongDriveIsSplitEveryDayAndTheNightIsNamedByThePlaceFound() {
        let found = NightPlaceLookup(preferred: { point in
            NightPlaceLookup.Found(
                name: "Town at \(Int(point.longitude.rounded()))", region: "R", country: "C", kind: "town",
                coordinate: Coordinate(latitude: point.latitude + 0.05, longitude: point.longitude), timeZone: nil)
        })
        let it = plan(F.stops(2), hours: [20], start: F.local("2026-05-10 08:00", "Europe/Berlin"), nightPlaces: found)
        let driving: [Double] = [28_800, 28_800, 14_400]
        #expect(it.days.map(\.drivingSeconds) == driving)
        #expect(it.legs[0].parts == 3 && it.suggestedNights.count == 2)
        #expect(it.suggestedNights.map(\.day) == [1, 2])
        // 8 of 20 hours along a leg of 1° of longitude: 0.4° from the start.
        #expect(abs(it.suggestedNights[0].alongMeters - 800_000) < 1)
        #expect(it.suggestedNights[0].name.hasPrefix("Town at "))
        #expect(it.suggestedNights[0].metersFromSplit > 5_000 && it.suggestedNights[0].metersFromSplit < 6_000)
        #expect(it.days.allSatisfy { $0.drivingSeconds <= 8 * 3600 })
    }

    @Test func theLegsOwnStopIsNoSuggestionTheNextPlaceIs() {
        let town = NightPlaceLookup.Found(
            name: "S1", region: "", country: "", kind: "town", coordinate: Coordinate(latitude: 50, longitude: 6),
            timeZone: nil)
        let village = NightPlaceLookup.Found(
            name: "Dorf", region: "", country: "", kind: "village", coordinate: Coordinate(latitude: 50.05, longitude: 5.8),
            timeZone: nil)
        let start = F.local("2026-05-10 08:00", "Europe/Berlin")
        let onlyTheStop = plan(F.stops(2), hours: [10], start: start, nightPlaces: NightPlaceLookup(preferred: { _ in town }))
        #expect(onlyTheStop.suggestedNights.first?.name == "800 km into the drive to S1")
        let both = plan(
            F.stops(2), hours: [10], start: start,
            nightPlaces: NightPlaceLookup(preferred: { _ in town }, fallback: { _ in village }))
        #expect(both.suggestedNights.first?.name == "Dorf")
    }

    @Test func withNoStartAFixedArrivalIsPlannedBackwards() throws {
        var stops = F.stops(4)
        stops[2].nights = 1
        stops[3].fixedArrival = F.local("2026-07-04 15:00", "Europe/Berlin")
        let it = plan(stops, hours: [2, 3, 2], start: nil, now: F.local("2026-06-01 12:00", "Europe/Berlin"))
        #expect(it.plannedBackwards)
        // The night at S2 means setting off the day before, at the day's start.
        #expect(F.wall(it.stops[0].departure, "Europe/Berlin") == "2026-07-03 08:00")
        #expect(it.stops[3].late == 0)
        #expect(it.notes.first?.contains("planned backwards from the fixed arrival at S3") == true)
    }

    @Test func onTheFixedArrivalsOwnDayTheTripLeavesAsLateAsStillArrivesOnTime() {
        var stops = F.stops(3)
        stops[2].fixedArrival = F.local("2026-07-04 18:00", "Europe/Berlin")
        let it = plan(stops, hours: [2, 1], start: nil, now: F.local("2026-06-01 12:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[0].departure, "Europe/Berlin") == "2026-07-04 15:00")
        #expect(it.stops[2].wait < 60 && it.stops[2].late == 0)
    }

    @Test func whenTheLimitMakesAFixedArrivalLateTheChoicesAreOffered() throws {
        var stops = F.stops(3)
        stops[2].fixedArrival = F.local("2026-07-04 18:00", "Europe/Berlin")
        let it = plan(stops, hours: [5, 5], start: F.local("2026-07-04 07:00", "Europe/Berlin"))
        let warning = try #require(it.warnings.first { $0.kind == .lateArrival })
        #expect(warning.message.contains("the 8 h daily limit ends the driving before it"))
        let choices = warning.choices ?? []
        #expect(choices.count == 3)
        #expect(choices[0].hasPrefix("Leave earlier: by Fri 3 Jul 2026 08:00"))
        #expect(choices[1] == "Drive over the limit by 2 h that day (roadtrip edit-stop T 3 --over-limit).")
        #expect(choices[2] == "Drop the fixed time (roadtrip edit-stop T 3 --arrive \"\").")
    }

    @Test func drivingOverTheLimitIsDoneOnlyWhenChosenAndThenSaid() throws {
        var stops = F.stops(3)
        stops[2].fixedArrival = F.local("2026-07-04 18:00", "Europe/Berlin")
        stops[2].overLimit = true
        let it = plan(stops, hours: [5, 5], start: F.local("2026-07-04 07:00", "Europe/Berlin"))
        #expect(it.stops[2].late == 0 && it.days.count == 1)
        let warning = try #require(it.warnings.first)
        #expect(warning.kind == .dayOverLimit)
        #expect(
            warning.message
                == "The day that reaches S2 drives 10 h, 2 h over the 8 h limit, to arrive by its fixed time (as chosen).")
    }

    @Test func daysFollowTheLocalDateAcrossZonesAndTheOctoberChange() {
        // Las Vegas (Pacific) to St George, Utah (Mountain): the clock jumps an hour on the way.
        let stops = [
            Waypoint(
                name: "Las Vegas", coordinate: Coordinate(latitude: 36.17, longitude: -115.14), timeZone: "America/Los_Angeles"),
            Waypoint(name: "St George", coordinate: Coordinate(latitude: 37.10, longitude: -113.58), timeZone: "America/Denver")
        ]
        let it = plan(stops, hours: [2], start: F.local("2026-05-10 08:00", "America/Los_Angeles"))
        #expect(F.wall(it.stops[1].arrival, "America/Denver") == "2026-05-10 11:00")
        #expect(it.days.count == 1)
        // Europe's clocks go back on 25 October 2026: a night there is an hour longer, the morning still 08:00.
        var europe = F.stops(3)
        europe[1].nights = 1
        let autumn = plan(europe, hours: [2, 2], start: F.local("2026-10-24 08:00", "Europe/Berlin"))
        #expect(F.wall(autumn.stops[1].departure, "Europe/Berlin") == "2026-10-25 08:00")
        #expect(autumn.days.map(\.date) == ["2026-10-24", "2026-10-25"])
    }

    @Test func randomTripsHaveEveryStopOnceConsecutiveDaysAndTotalsThatAreTheLegs() async {
        await propertyCheck(
            count: 150, input: Gen.int(in: 2...9), Gen.int(in: 0...1_000_000), Gen.int(in: 3...12)
        ) { count, seed, limitHours in
            var random = SplitMix64(seed: UInt64(seed))
            var stops = F.stops(count)
            for i in stops.indices {
                stops[i].stay = Double(random.next() % 4) * 1800
                stops[i].nights = random.next() % 4 == 0 ? Int(random.next() % 3) : 0
            }
            let hours = (1..<count).map { _ in Double(random.next() % 40) / 4 }
            let it = plan(stops, hours: hours, start: F.local("2026-03-20 08:00", "Europe/Berlin"), limit: Double(limitHours))
            let arrivals = it.days.flatMap(\.events).filter { $0.kind == .arrive }.compactMap(\.stop)
            #expect(arrivals == Array(1..<count))
            let dates = it.days.map { DayNumber(F.local($0.date + " 12:00", "UTC"), TimeZone(identifier: "UTC")!).value }
            #expect(zip(dates, dates.dropFirst()).allSatisfy { $1 == $0 + 1 })
            #expect(it.days.map(\.number) == Array(1...max(1, it.days.count)))
            let driven = it.days.reduce(0) { $0 + $1.drivingSeconds }
            #expect(abs(driven - hours.reduce(0, +) * 3600) < 1)
            #expect(abs(it.totals.drivingSeconds - driven) < 1)
            // Between two nights, never more driving than the limit, but for the last half hour to
            // a stop where a night is planned, which the itinerary then says.
            var stretch = 0.0, longest = 0.0
            for event in it.days.flatMap(\.events) {
                if event.kind == .night { stretch = 0 }
                stretch += event.kind == .drive ? event.seconds ?? 0 : 0
                longest = max(longest, stretch)
            }
            let limit = Double(limitHours) * 3600
            #expect(longest <= limit + 1800 + 60)
            if longest > limit + 60 { #expect(it.warnings.contains { $0.kind == .dayOverLimit }) }
            let times = it.days.flatMap(\.events).map(\.time)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }
}

/// The split point follows the road the router gave, not the straight line.
@Suite struct ItinerarySplitOnTheRoadTests {
    @Test func theNightIsOnTheRoadsShape() throws {
        let a = Coordinate(latitude: 50, longitude: 5), b = Coordinate(latitude: 50, longitude: 7)
        // The road goes north first, then east, then back south: an L turned over, far from the straight line.
        let corner1 = Coordinate(latitude: 51, longitude: 5), corner2 = Coordinate(latitude: 51, longitude: 7)
        let shape = [a, corner1, corner2, b]
        let length = zip(shape, shape.dropFirst()).reduce(0) { $0 + Geodesic.distance($1.0, $1.1) }
        let stops = [
            Waypoint(name: "A", coordinate: a, timeZone: "Europe/Berlin"),
            Waypoint(name: "B", coordinate: b, timeZone: "Europe/Berlin")
        ]
        let leg = Leg(from: a, to: b, distanceMeters: length, durationSeconds: 10 * 3600, source: .osrm, geometry: shape)
        let trip = Trip(
            name: "L", waypoints: stops, startDate: ItineraryFixtures.local("2026-05-10 08:00", "Europe/Berlin"),
            dailyDrivingLimit: 5 * 3600)
        let it = ItineraryPlanner.plan(trip: trip, legs: [leg])
        let night = try #require(it.suggestedNights.first)
        // Half the road is the middle of its top: latitude 51, halfway east.
        #expect(abs(night.latitude - 51) < 0.02 && abs(night.longitude - 6) < 0.02, "\(night)")
    }
}
