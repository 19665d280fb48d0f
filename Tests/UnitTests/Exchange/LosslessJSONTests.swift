import Exchange
import Foundation
import RoadtripCore
import Testing

/// JSON export then import gives back the same trip, field for field, whatever fields the model grows.
@Suite struct LosslessJSONTests {
    /// Every field of the trip and of its stops set away from its default, so a field the
    /// exchange drops cannot hide behind a default on both sides.
    static let everyField = Trip(
        name: "Alps — every field",
        waypoints: [
            Waypoint(
                name: "Genève", coordinate: Coordinate(latitude: 46.2044, longitude: 6.1432), stay: 5400, nights: 3,
                note: "Old town walk; jet d'eau", fixedArrival: Date(timeIntervalSince1970: 1_783_065_600),
                timeZone: "Europe/Zurich", region: "Geneva", country: "Switzerland", via: true, overLimit: true),
            Waypoint(
                name: "東京 🗼", coordinate: Coordinate(latitude: 35.6895, longitude: 139.69171), stay: 60, nights: 1,
                note: "Tower at dusk", fixedArrival: Date(timeIntervalSince1970: 1_783_152_000),
                timeZone: "Asia/Tokyo", region: "Tokyo", country: "Japan", via: true, overLimit: true)
        ],
        startDate: Date(timeIntervalSince1970: 1_783_000_000), dailyDrivingLimit: 5 * 3600, dailyStartMinutes: 7 * 60 + 30,
        fuelConsumption: .milesPerUSGallon(31.5), fuelPrice: 3.89, avoid: [.tolls, .ferries],
        range: VehicleRange(meters: 420_000, refill: .charging))

    @Test func theFixtureSetsEveryFieldOfTheModel() throws {
        let blankStop = Waypoint(name: "", coordinate: Coordinate(latitude: 0, longitude: 0))
        // Not part of any file: an example is never written (JSONTripStore leaves it out).
        let notInFiles: Set = ["isExample"]
        for (label, value) in Mirror(reflecting: Self.everyField).children where !notInFiles.contains(label!) {
            let blank = Mirror(reflecting: Trip(name: "")).descendant(label!)
            #expect("\(value)" != "\(blank ?? "nil")", "Trip.\(label!) is left at its default in the fixture: set it")
        }
        for stop in Self.everyField.waypoints {
            for (label, value) in Mirror(reflecting: stop).children {
                let blank = Mirror(reflecting: blankStop).descendant(label!)
                #expect("\(value)" != "\(blank ?? "nil")", "Waypoint.\(label!) is left at its default in the fixture: set it")
            }
        }
    }

    @Test func exportThenImportKeepsEveryFieldButTheIds() throws {
        let data = try TripExporter.export(Self.everyField, format: .json)
        let imported = try TripImporter().importData(data, fileName: "alps.json").trip
        #expect(imported.id != Self.everyField.id)
        #expect(Set(imported.waypoints.map(\.id)).isDisjoint(with: Self.everyField.waypoints.map(\.id)))
        #expect(imported.waypoints.count == Self.everyField.waypoints.count)
        // Field by field, so a new field the exchange forgets is named in the failure.
        for (label, value) in Mirror(reflecting: Self.everyField).children where label != "id" && label != "waypoints" {
            #expect("\(Mirror(reflecting: imported).descendant(label!) ?? "nil")" == "\(value)", "Trip.\(label!)")
        }
        for (original, back) in zip(Self.everyField.waypoints, imported.waypoints) {
            for (label, value) in Mirror(reflecting: original).children where label != "id" {
                #expect("\(Mirror(reflecting: back).descendant(label!) ?? "nil")" == "\(value)", "Waypoint.\(label!)")
            }
        }
    }

    @Test func importCleansTextAndDropsUnknownZones() throws {
        var trip = Self.everyField
        trip.waypoints[0].note = "Line one\nline two\u{1B}]0;retitled\u{07}"
        trip.waypoints[0].region = "\u{1B}[31mRed"
        trip.waypoints[1].timeZone = "Mars/Olympus_Mons"
        let imported = try TripImporter().importData(try TripExporter.export(trip, format: .json), fileName: "t.json").trip
        #expect(imported.waypoints[0].note == "Line one line two")
        #expect(imported.waypoints[0].region == "Red")
        #expect(imported.waypoints[1].timeZone == nil)
        #expect(imported.dailyDrivingLimit == trip.dailyDrivingLimit)
    }
}
