import Foundation
import RoadtripCore
import Routing
import Testing

@testable import Itinerary

/// A leg across the sea is not a drive (issue 27): not in a day's driving, said in every
/// itinerary format, no drive event in the calendar, and the best order crosses as little as it can.
@Suite struct SeaCrossingTests {
    static func stop(_ name: String, _ lat: Double, _ lon: Double) -> Waypoint {
        Waypoint(name: name, coordinate: Coordinate(latitude: lat, longitude: lon))
    }
    static let losAngeles = stop("Los Angeles", 34.05, -118.24)
    static let honolulu = stop("Honolulu", 21.31, -157.86)
    static let lasVegas = stop("Las Vegas", 36.17, -115.14)

    func itinerary() -> Itinerary {
        let stops = [Self.lasVegas, Self.losAngeles, Self.honolulu]
        let trip = Trip(
            name: "Aloha", waypoints: stops, startDate: ItineraryFixtures.local("2026-05-01 08:00", "America/Los_Angeles"))
        return ItineraryPlanner.plan(trip: trip, legs: EstimateRouteProvider().instantLegs(for: stops.map(\.coordinate)))
    }

    @Test func theSeaIsNotDrivenNorCountedInTheDay() throws {
        let it = itinerary()
        let sea = try #require(it.legs.last)
        #expect(sea.noRoad == true)
        #expect(sea.driveSeconds == 0)
        #expect(sea.distanceMeters == 0)
        let road = try #require(it.legs.first)
        #expect(road.noRoad == nil)
        #expect(road.driveSeconds > 3 * 3600)
        #expect(it.days.reduce(0) { $0 + $1.drivingSeconds } == road.driveSeconds)
        #expect(it.warnings.contains { $0.kind == .noRoad && $0.message.contains("Los Angeles → Honolulu") })
    }

    @Test func everyFormatSaysSoAndTheCalendarHasNoDriveAcrossTheSea() {
        let it = itinerary()
        let text = ItineraryTextRenderer.lines(it, unit: .kilometers).joined(separator: "\n")
        #expect(text.contains("no road: across the sea (ferry or flight)"))
        #expect(!text.contains("drive   no road"))
        let ics = ItineraryCalendarRenderer.text(it, unit: .kilometers, now: Date(timeIntervalSince1970: 0))
        #expect(ics.contains("SUMMARY:Drive Las Vegas → Los Angeles"))
        #expect(!ics.contains("SUMMARY:Drive Los Angeles → Honolulu"))
    }

    @Test func theBestOrderNeverCountsTheSeaAsADrive() {
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(
            for: [Self.lasVegas, Self.losAngeles, Self.honolulu].map(\.coordinate))
        #expect(matrix.durations[1][2] == EstimatedTravelMatrixProvider.seaCrossingSeconds)
        #expect(matrix.durations[0][1] < 8 * 3600)
        // From Las Vegas the sea costs the same whichever coast it leaves from: crossing once is what counts.
        #expect(matrix.durations[0][2] == EstimatedTravelMatrixProvider.seaCrossingSeconds)
    }
}
