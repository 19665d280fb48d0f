import Foundation
import Testing
import RoadtripCore
@testable import Itinerary

@Suite struct ItineraryOutputTests {
    typealias F = ItineraryFixtures

    private func sample() -> Itinerary {
        var stops = F.stops(4)
        stops[1].stay = 1800
        stops[3].fixedArrival = F.local("2026-03-29 04:00", "Europe/Berlin")
        let trip = Trip(
            name: "Night run", waypoints: stops, startDate: F.local("2026-03-28 20:00", "Europe/Berlin"),
            dailyDrivingLimit: 6 * 3600, fuelConsumption: .litresPer100km(7), fuelPrice: 2)
        return ItineraryPlanner.plan(trip: trip, legs: F.legs(stops, hours: [3, 2.5, 1]))
    }

    @Test func textShowsDaysTimesZonesAndTheSuggestedOvernight() {
        let lines = ItineraryTextRenderer.lines(sample(), unit: .kilometers)
        #expect(
            lines[0]
                == "Night run: 2 days, Sat 28 Mar – Sun 29 Mar 2026 · 1 night · 6 h 30 min driving · 650 km · fuel 91.00 (45.5 L)"
        )
        #expect(lines.contains("Day 1 · Sat 28 Mar 2026 · 5 h 30 min driving · 550 km"))
        #expect(lines.contains("  20:00 GMT+1  depart  S0"))
        #expect(lines.contains("  23:00        arrive  S1 · stay 30 min"))
        #expect(lines.contains("Day 2 · Sun 29 Mar 2026 · 1 h driving · 100 km"))
        #expect(lines.contains("  03:00 GMT+2  arrive  S2"))
        #expect(lines.contains("  03:00        night   S2"))
        #expect(lines.contains("  Daily limit of 6 h (the next leg, 1 h, starts in the morning): night at S2."))
        #expect(lines.contains("  08:00        depart  S2"))
        #expect(
            lines.contains(
                "  ! S3 is reached 5 h after its fixed arrival (Sun 29 Mar 04:00): the 6 h daily limit ends the driving before it."
            ))
        #expect(lines.contains("    - Drive over the limit by 30 min that day (roadtrip edit-stop 'Night run' 4 --over-limit)."))
        #expect(lines.contains("    - Drop the fixed time (roadtrip edit-stop 'Night run' 4 --arrive \"\")."))
    }

    @Test func jsonCarriesLocalTimesWithOffsetsAndStableKeys() throws {
        let itinerary = sample()
        let data = try itinerary.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "trip", "startAssumed", "plannedBackwards", "dailyDrivingLimit", "dailyStart", "stops", "legs",
                "days", "suggestedNights", "warnings", "totals", "notes"
            ])
        let stops = try #require(object["stops"] as? [[String: Any]])
        #expect(stops[0]["departure"] as? String == "2026-03-28T20:00:00+01:00")
        #expect(stops[2]["arrival"] as? String == "2026-03-29T03:00:00+02:00")
        #expect(stops[2]["night"] as? String == "drivingLimit")
        #expect(stops[0]["timeZone"] as? String == "Europe/Berlin")
        let days = try #require(object["days"] as? [[String: Any]])
        // The drive to S2 ends at 03:00 on Sunday: Saturday ends on the road, the night at S2 is Sunday's.
        #expect(days.map { $0["end"] as? String } == ["onTheRoad", "tripEnd"])
        let back = try JSONDecoder().decode(Itinerary.self, from: data)
        #expect(back == itinerary)
    }
}
