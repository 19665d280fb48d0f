import Foundation
import Testing
@testable import RoadtripCore

@Suite struct TripFieldsCodingTests {
    private let oldFile = """
        {"formatVersion": 1, "trips": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Old",
          "waypoints": [{"id": "7F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Paris",
                         "latitude": 48.8566, "longitude": 2.3522}]}]}
        """

    @Test func fileWithoutTheNewFieldsReadsAsDefaults() throws {
        let document = try JSONDecoder().decode(TripDocument.self, from: Data(oldFile.utf8))
        let trip = try #require(document.trips.first)
        #expect(trip.startDate == nil)
        #expect(trip.dailyDrivingLimit == 8 * 3600)
        #expect(trip.dailyStartMinutes == 480)
        #expect(trip.fuelConsumption == nil && trip.fuelPrice == nil)
        let stop = try #require(trip.waypoints.first)
        #expect(stop.stay == 0 && stop.overnight == false && stop.note == "")
        #expect(stop.fixedArrival == nil && stop.timeZone == nil)
        #expect(stop.coordinate == Coordinate(latitude: 48.8566, longitude: 2.3522))
    }

    @Test func newFieldsRoundTripWithDatesAsISO8601Text() throws {
        let start = Date(timeIntervalSince1970: 1_774_735_200)  // 2026-03-28T22:00:00Z
        let stop = Waypoint(
            name: "Lyon", coordinate: Coordinate(latitude: 45.76, longitude: 4.84),
            stay: 5400, overnight: true, note: "Bouchon at 8",
            fixedArrival: start.addingTimeInterval(3600), timeZone: "Europe/Paris")
        let trip = Trip(
            name: "New", waypoints: [stop], startDate: start, dailyDrivingLimit: 6 * 3600,
            dailyStartMinutes: 450, fuelConsumption: .milesPerUSGallon(32), fuelPrice: 3.59)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(TripDocument(trips: [trip]))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""startDate":"2026-03-28T22:00:00Z""#))
        #expect(text.contains(#""fixedArrival":"2026-03-28T23:00:00Z""#))
        #expect(text.contains(#""fuelConsumption":{"unit":"mpg-us","value":32}"#))
        let back = try JSONDecoder().decode(TripDocument.self, from: data)
        #expect(back.trips == [trip])
    }

    @Test func datesWithOffsetsAreRead() throws {
        let json = """
            {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "T", "waypoints": [],
             "startDate": "2026-07-01T08:00:00+02:00"}
            """
        let trip = try JSONDecoder().decode(Trip.self, from: Data(json.utf8))
        #expect(trip.startDate == Date(timeIntervalSince1970: 1_782_885_600))
    }

    @Test(arguments: [
        (#""startDate": "next Tuesday""#, "startDate"),
        (#""dailyStartMinutes": 1440"#, "dailyStartMinutes"),
        (#""dailyDrivingLimit": 0"#, "dailyDrivingLimit"),
        (#""fuelPrice": -1"#, "fuelPrice"),
        (#""fuelConsumption": {"unit": "L/100km", "value": 0}"#, "fuelConsumption")
    ])
    func badValuesAreRefusedNamingTheField(field: String, name: String) {
        let json = #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "T", "waypoints": [], "# + field + "}"
        #expect {
            try JSONDecoder().decode(Trip.self, from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains(name)
        }
    }

    @Test func fuelVolumeInTheConsumptionsUnit() throws {
        let litres = try #require(FuelConsumption.litresPer100km(6.5).volume(forMeters: 200_000))
        #expect(abs(litres - 13) < 1e-9)
        let gallons = try #require(FuelConsumption.milesPerUSGallon(30).volume(forMeters: 1609.344 * 300))
        #expect(abs(gallons - 10) < 1e-9)
    }
}
