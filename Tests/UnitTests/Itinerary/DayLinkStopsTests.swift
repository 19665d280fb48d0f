import Foundation
import RoadtripCore
import Testing

@testable import Itinerary

/// The points a day's links to a phone drive through: after a night between stops, the day sets off
/// from that night's place, not from the stop behind it.
@Suite struct DayLinkStopsTests {
    typealias F = ItineraryFixtures

    @Test func aDaySplitMidLegEndsAtItsNightAndTheNextDayStartsThere() throws {
        let stops = F.stops(4)
        let trip = Trip(
            name: "T", waypoints: stops, startDate: F.local("2026-05-01 09:00", "Europe/Berlin"), dailyDrivingLimit: 8 * 3600)
        let plan = ItineraryPlanner.plan(trip: trip, legs: F.legs(stops, hours: [3, 3, 3]), timeZones: .none)
        try #require(plan.days.count == 2 && plan.suggestedNights.count == 1)
        let first = try #require(plan.linkStops(day: 1, trip: trip))
        #expect(first.map(\.number) == [1, 2, 3, nil])
        #expect(first.last?.name.hasPrefix("Night near") == true)
        let second = try #require(plan.linkStops(day: 2, trip: trip))
        #expect(second.map(\.number) == [nil, 4] && second.first == first.last)
        let links = NavigationLinks.links(for: second, app: .google)
        #expect(links.count == 1 && links[0].fromNumber == nil && links[0].toNumber == 4 && !links[0].title.hasPrefix("Stops"))
        #expect(plan.linkStops(day: 3, trip: trip) == nil)
        #expect(plan.day(ofStop: 0) == 1 && plan.day(ofStop: 3) == 2)
    }
}
