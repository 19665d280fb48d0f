import Foundation
import Testing
import RoadtripCore
import Routing
@testable import Itinerary

@Suite struct ItineraryPlannerTests {
    typealias F = ItineraryFixtures

    private func plan(
        _ stops: [Waypoint], hours: [Double], start: Date?, limit: Double = 8,
        lookup: TimeZoneLookup = .none, fuel: FuelConsumption? = nil, price: Double? = nil
    ) -> Itinerary {
        let trip = Trip(
            name: "T", waypoints: stops, startDate: start, dailyDrivingLimit: limit * 3600,
            fuelConsumption: fuel, fuelPrice: price)
        return ItineraryPlanner.plan(trip: trip, legs: F.legs(stops, hours: hours), timeZones: lookup)
    }

    @Test func aDrivePastMidnightEndsOnTheNextCalendarDay() {
        var stops = F.stops(3)
        stops[1].stay = 1800
        let it = plan(stops, hours: [2, 1.5], start: F.local("2026-01-10 20:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[0].departure, "Europe/Berlin") == "2026-01-10 20:00")
        #expect(F.wall(it.stops[1].arrival, "Europe/Berlin") == "2026-01-10 22:00")
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-01-10 22:30")
        #expect(F.wall(it.stops[2].arrival, "Europe/Berlin") == "2026-01-11 00:00")
        #expect(it.stops[2].departure == nil)
        // Day N is a calendar day: the drive that sets off at 22:30 is Saturday's, the arrival at 00:00 Sunday's.
        #expect(it.days.map(\.date) == ["2026-01-10", "2026-01-11"])
        #expect(it.days[0].drivingSeconds == 3.5 * 3600 && it.days[1].drivingSeconds == 0)
        #expect(it.days.map(\.end) == [.onTheRoad, .tripEnd])
        #expect(it.warnings.isEmpty)
    }

    @Test func drivingThroughTheNightClocksSpringForward() {
        // Europe/Berlin goes from 02:00 CET to 03:00 CEST on 29 March 2026.
        let it = plan(F.stops(3), hours: [3, 2], start: F.local("2026-03-28 22:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[1].arrival, "Europe/Berlin") == "2026-03-29 01:00")
        #expect(F.wall(it.stops[2].arrival, "Europe/Berlin") == "2026-03-29 04:00")
        #expect(it.stops[2].arrival!.timeIntervalSince(it.stops[0].departure!) == 5 * 3600)
    }

    @Test func nightAcrossTheClockChangeIsAnHourShorter() {
        var stops = F.stops(3)
        stops[1].overnight = true
        let it = plan(stops, hours: [4, 2], start: F.local("2026-03-28 14:00", "Europe/Berlin"))
        #expect(F.wall(it.stops[1].arrival, "Europe/Berlin") == "2026-03-28 18:00")
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-03-29 08:00")
        #expect(it.stops[1].departure!.timeIntervalSince(it.stops[1].arrival!) == 13 * 3600)
        #expect(F.wall(it.stops[2].arrival, "Europe/Berlin") == "2026-03-29 10:00")
        #expect(it.stops[1].night == .planned)
        #expect(it.days.map(\.end) == [.overnight, .tripEnd])
        #expect(it.days.map(\.date) == ["2026-03-28", "2026-03-29"])
        #expect(it.legs.map(\.day) == [1, 2])
    }

    @Test func aDailyStartTheClocksSkipBeginsJustAfterTheJump() {
        var stops = F.stops(3)
        stops[1].overnight = true
        let trip = Trip(
            name: "T", waypoints: stops, startDate: F.local("2026-03-28 14:00", "Europe/Berlin"),
            dailyStartMinutes: 2 * 60 + 30)
        let it = ItineraryPlanner.plan(trip: trip, legs: F.legs(stops, hours: [1, 1]))
        // 02:30 does not exist on 29 March in Berlin: the day sets off at 03:30 CEST, 01:30 UTC.
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-03-29 03:30")
        #expect(F.wall(it.stops[1].departure, "UTC") == "2026-03-29 01:30")
    }

    @Test func timesAreLocalToEachStopsZone() {
        var stops = F.stops(3)
        stops[0].timeZone = "Europe/London"
        stops[1].timeZone = "Europe/Berlin"
        stops[2].timeZone = nil  // typed by hand: the lookup answers
        let lookup = TimeZoneLookup { _ in TimeZone(identifier: "America/New_York") }
        let it = plan(stops, hours: [5, 1], start: F.local("2026-06-01 09:00", "Europe/London"), lookup: lookup)
        #expect(F.wall(it.stops[1].arrival, "Europe/Berlin") == "2026-06-01 15:00")
        #expect(it.stops[1].timeZone.identifier == "Europe/Berlin")
        #expect(it.stops[2].timeZone.identifier == "America/New_York")
        #expect(it.stops[2].timeZoneSource == .lookup)
        #expect(F.wall(it.stops[2].arrival, "America/New_York") == "2026-06-01 10:00")
    }

    @Test func nextDayStartsAtTheDailyStartWhereTheNightIsSpent() {
        var stops = F.stops(3, zone: "America/Chicago")
        stops[1].timeZone = "America/Denver"
        stops[1].overnight = true
        let it = plan(stops, hours: [10, 1], start: F.local("2026-08-01 07:00", "America/Chicago"), limit: 12)
        #expect(F.wall(it.stops[1].arrival, "America/Denver") == "2026-08-01 16:00")
        #expect(F.wall(it.stops[1].departure, "America/Denver") == "2026-08-02 08:00")
        #expect(F.wall(it.stops[2].arrival, "America/Chicago") == "2026-08-02 10:00")
    }

    @Test func stopsWithNoKnownZoneUseUTCAndSaySo() {
        var stops = F.stops(2)
        stops[0].timeZone = nil
        let it = plan(stops, hours: [1], start: F.local("2026-05-01 08:00", "UTC"))
        #expect(it.stops[0].timeZone.secondsFromGMT() == 0)
        #expect(it.stops[0].timeZoneSource == .fallback)
        #expect(it.notes.contains { $0.contains("UTC") })
    }

    @Test func earlyForAFixedArrivalWaitsThenStays() {
        var stops = F.stops(3)
        stops[1].fixedArrival = F.local("2026-05-01 12:00", "Europe/Berlin")
        stops[1].stay = 3600
        let it = plan(stops, hours: [2, 1], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        #expect(it.stops[1].wait == 2 * 3600)
        #expect(it.stops[1].late == 0)
        #expect(F.wall(it.stops[1].departure, "Europe/Berlin") == "2026-05-01 13:00")
        #expect(F.wall(it.stops[2].arrival, "Europe/Berlin") == "2026-05-01 14:00")
        #expect(it.warnings.isEmpty)
    }

    @Test func lateForAFixedArrivalWarnsHowLate() throws {
        var stops = F.stops(3)
        stops[2].fixedArrival = F.local("2026-05-01 11:00", "Europe/Berlin")
        stops[1].stay = 1800
        let it = plan(stops, hours: [2, 2], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        let warning = try #require(it.warnings.first)
        #expect(warning.kind == .lateArrival)
        #expect(warning.stop == 2)
        #expect(warning.seconds == 1.5 * 3600)
        #expect(warning.message.contains("1 h 30 min"))
        #expect(it.stops[2].late == 1.5 * 3600)
    }

    @Test func withLittleOfTheDayLeftTheNightIsAtTheStopBeforeALongLeg() {
        // 7 h 45 min driven: the 15 min left of an 8 h day are not worth starting the next 3 h leg for.
        let it = plan(F.stops(4), hours: [4, 3.75, 3], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        #expect(it.days.count == 2)
        #expect(it.days[0].lastStop == 2 && it.days[0].end == .drivingLimit && it.days[0].nightAt == 2)
        #expect(it.stops[2].night == .drivingLimit && it.stops[2].nights == 1)
        #expect(F.wall(it.stops[2].departure, "Europe/Berlin") == "2026-05-02 08:00")
        #expect(F.wall(it.stops[3].arrival, "Europe/Berlin") == "2026-05-02 11:00")
        let driving: [Double] = [27_900, 10_800]
        #expect(it.days.map(\.drivingSeconds) == driving)
        #expect(it.suggestedNights.isEmpty && it.warnings.isEmpty)
    }

    @Test func withMoreOfTheDayLeftTheLegIsSplitWhereTheLimitRunsOut() {
        let it = plan(F.stops(4), hours: [3, 3, 3], start: F.local("2026-05-01 09:00", "Europe/Berlin"))
        #expect(it.days.count == 2)
        let driving: [Double] = [28_800, 3_600]
        #expect(it.days.map(\.drivingSeconds) == driving)
        #expect(it.days[0].end == .drivingLimit && it.days[0].suggestedNight == 0)
        let night = it.suggestedNights[0]
        #expect(night.leg == 2 && night.day == 1 && night.beforeStop == it.stops[3].id)
        // Two of the leg's three hours, so two thirds of its distance (the fixtures' legs are 100 km an hour).
        #expect(abs(night.alongMeters - 200_000) < 1)
        #expect(F.wall(it.stops[3].arrival, "Europe/Berlin") == "2026-05-02 09:00")
        #expect(it.warnings.isEmpty)
    }

    @Test func exactlyTheLimitIsNotABreak() {
        let it = plan(F.stops(3), hours: [4, 4], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        #expect(it.days.count == 1)
    }

    @Test func aLegLongerThanWhatIsLeftOfTheDayIsSplitWhereTheLimitRunsOut() {
        let it = plan(F.stops(3), hours: [2, 9], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        #expect(it.days.count == 2)
        #expect(it.days.map(\.drivingSeconds) == [8 * 3600, 3 * 3600])
        #expect(it.legs[1].parts == 2)
        #expect(it.suggestedNights.count == 1 && it.suggestedNights[0].leg == 1 && it.suggestedNights[0].day == 1)
        #expect(it.days[0].end == .drivingLimit && it.days[0].suggestedNight == 0)
        #expect(it.warnings.isEmpty)
    }

    @Test func overnightAtTheLastStopAddsNoDay() {
        var stops = F.stops(3)
        stops[2].overnight = true
        let it = plan(stops, hours: [1, 1], start: F.local("2026-05-01 08:00", "Europe/Berlin"))
        #expect(it.days.count == 1)
        #expect(it.totals.days == 1)
    }

    @Test func totalsWithFuelCost() throws {
        let it = plan(
            F.stops(3), hours: [2, 3], start: F.local("2026-05-01 08:00", "Europe/Berlin"),
            fuel: .litresPer100km(6.5), price: 1.8)
        #expect(it.totals.drivingSeconds == 5 * 3600)
        #expect(it.totals.distanceMeters == 500_000)
        let volume = try #require(it.totals.fuelVolume), cost = try #require(it.totals.fuelCost)
        #expect(abs(volume - 32.5) < 1e-9)
        #expect(abs(cost - 58.5) < 1e-9)
    }

    @Test func noFuelCostWithoutAPrice() {
        let it = plan(
            F.stops(2), hours: [2], start: F.local("2026-05-01 08:00", "Europe/Berlin"),
            fuel: .litresPer100km(6.5))
        #expect(it.totals.fuelVolume != nil && it.totals.fuelCost == nil)
    }

    @Test func geodesicLegsAreTimedByTheEstimateAndSaySo() throws {
        let stops = F.stops(2)
        let legs = GeodesicRouteProvider().instantLegs(for: stops.map(\.coordinate))
        let trip = Trip(name: "T", waypoints: stops, startDate: F.local("2026-05-01 08:00", "Europe/Berlin"))
        let it = ItineraryPlanner.plan(trip: trip, legs: legs)
        let leg = try #require(it.legs.first)
        #expect(leg.estimated)
        #expect(abs(leg.driveSeconds - legs[0].distanceMeters * 1.25 / (80 / 3.6)) < 1e-6)
        #expect(it.notes.contains { $0.contains("estimated") })
    }

    @Test func legsOfTheOfflineEstimateAreEstimatedButNotStretchedTwiceForFuel() throws {
        let stops = F.stops(2)
        let legs = EstimateRouteProvider().instantLegs(for: stops.map(\.coordinate))
        let trip = Trip(
            name: "T", waypoints: stops, startDate: F.local("2026-05-01 08:00", "Europe/Berlin"),
            fuelConsumption: .litresPer100km(10))
        let it = ItineraryPlanner.plan(trip: trip, legs: legs)
        let leg = try #require(it.legs.first)
        #expect(leg.estimated && leg.driveSeconds == legs[0].durationSeconds)
        #expect(it.notes.contains { $0.contains("estimated") })
        // The estimate's distance is already the road's: fuel is 10 L per 100 km of it.
        #expect(abs(try #require(it.totals.fuelVolume) - legs[0].distanceMeters / 10_000) < 1e-9)
    }

    @Test func legsThatNoLongerMatchTheStopsAreEstimated() {
        let stops = F.stops(3)
        let stale = F.legs(Array(stops.reversed()), hours: [1, 1])
        let trip = Trip(name: "T", waypoints: stops, startDate: F.local("2026-05-01 08:00", "Europe/Berlin"))
        let it = ItineraryPlanner.plan(trip: trip, legs: stale)
        #expect(it.legs.allSatisfy { $0.estimated })
        #expect(it.legs.count == 2)
    }

    @Test func withoutAStartDateTheNextDaysStartIsAssumed() {
        let trip = Trip(name: "T", waypoints: F.stops(2), dailyStartMinutes: 7 * 60 + 30)
        let now = F.local("2026-05-01 15:00", "Europe/Berlin")
        let it = ItineraryPlanner.plan(trip: trip, legs: F.legs(trip.waypoints, hours: [1]), now: now)
        #expect(it.startAssumed)
        #expect(F.wall(it.stops[0].departure, "Europe/Berlin") == "2026-05-02 07:30")
        #expect(it.notes.contains { $0.contains("No start date") })
    }

    @Test func emptyAndSingleStopTrips() {
        let empty = ItineraryPlanner.plan(trip: Trip(name: "E"), legs: [])
        #expect(empty.days.isEmpty && empty.totals.days == 0)
        let one = ItineraryPlanner.plan(
            trip: Trip(
                name: "O", waypoints: F.stops(1),
                startDate: F.local("2026-05-01 08:00", "UTC")), legs: [])
        #expect(one.days.count == 1 && one.legs.isEmpty)
    }
}
