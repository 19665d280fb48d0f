import Foundation
import RoadtripCore
import Testing
@testable import Exchange

/// A trip leaves in one format and comes back with the same names, order and places.
@Suite struct ExchangeRoundTripTests {
    let importer = TripImporter()

    private func roundTrip(_ trip: Trip, _ format: ExchangeFormat, legs: [Leg] = []) throws -> ImportResult {
        let data = try TripExporter.export(trip, legs: legs, format: format)
        return try importer.importData(data, fileName: "trip.\(format.fileExtension)")
    }

    @Test(arguments: ExchangeFormat.allCases)
    func awkwardTripSurvivesEveryFormat(format: ExchangeFormat) throws {
        let trip = ExchangeTestFiles.awkwardTrip
        let back = try roundTrip(trip, format)
        #expect(back.format == format)
        #expect(ExchangeTestFiles.sameStops(back.trip.waypoints, trip.waypoints, tolerance: 0), "exact, not just 1e-7")
        if format != .csv { #expect(back.trip.name == trip.name) }
        #expect(back.trip.id != trip.id)
        #expect(Set(back.trip.waypoints.map(\.id)).isDisjoint(with: trip.waypoints.map(\.id)))
    }

    @Test func gpxFromAnotherToolToTripToGPX() throws {
        let first = try importer.importFile(at: ExchangeTestFiles.fixture("route-from-garmin.gpx"))
        let again = try roundTrip(first.trip, .gpx, legs: osrmLegs(first.trip))
        #expect(ExchangeTestFiles.sameStops(again.trip.waypoints, first.trip.waypoints))
        #expect(again.trip.name == first.trip.name)
        #expect(again.explanation.hasPrefix("Route \"Côte d'Azur & Alps\" of 5 points became 5 stops. Not used: a track of"))
    }

    @Test func geoJSONFromAnotherToolToTripToGeoJSON() throws {
        let first = try importer.importFile(at: ExchangeTestFiles.fixture("points-from-geojson-io.geojson"))
        let again = try roundTrip(first.trip, .geojson, legs: osrmLegs(first.trip))
        #expect(ExchangeTestFiles.sameStops(again.trip.waypoints, first.trip.waypoints))
        #expect(again.trip.name == first.trip.name)
        #expect(again.explanation == "3 points became 3 stops. The route line was not needed.")
    }

    @Test func randomTripsSurviveGPXAndGeoJSON() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10 {
            let stops = (0..<Int.random(in: 1...12, using: &generator)).map { i in
                Waypoint(
                    name: "Stop \(i) \(Int.random(in: 0...999_999, using: &generator))",
                    coordinate: Coordinate(
                        latitude: .random(in: -90...90, using: &generator),
                        longitude: .random(in: -180..<180, using: &generator)))
            }
            let trip = Trip(name: "Random", waypoints: stops)
            for format in [ExchangeFormat.gpx, .geojson] {
                let back = try roundTrip(trip, format)
                #expect(ExchangeTestFiles.sameStops(back.trip.waypoints, trip.waypoints))
            }
        }
    }

    /// Legs whose geometry bends through a point off the straight line, as OSRM's would.
    func osrmLegs(_ trip: Trip) -> [Leg] {
        zip(trip.coordinates, trip.coordinates.dropFirst()).map { a, b in
            let bend = Coordinate(latitude: (a.latitude + b.latitude) / 2 + 0.01, longitude: (a.longitude + b.longitude) / 2)
            return Leg(from: a, to: b, distanceMeters: 1, source: .osrm, geometry: [a, bend, b])
        }
    }
}
