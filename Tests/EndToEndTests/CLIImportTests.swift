import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `import` through the real binary: what comes in, and that a bad file changes nothing.
@Suite struct CLIImportTests {
    @Test func aGPXRouteBecomesANewTripAndTheExplanationIsPrinted() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("import", CLISandbox.fixture("route-from-garmin.gpx").path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let trips = try sandbox.trips()
        #expect(trips.count == 4)
        #expect(Array(trips.prefix(3)) == CLITrips.all)
        let imported = trips[3]
        #expect(
            result.stdout == """
                Imported “\(imported.name)” (\(imported.id.uuidString)) from gpx with 5 stops.
                Route "Riviera loop" of 5 points became 5 stops. Not used: 1 waypoint.

                """)
    }

    @Test func aLongTrackIsReducedAndTheDecisionExplained() throws {
        let sandbox = try CLISandbox()
        let points = (0..<5000).map { i in
            "<trkpt lat=\"\(45 + Double(i) * 0.0005)\" lon=\"\(6 + sin(Double(i) / 300) * 0.5)\"/>"
        }.joined()
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">\
            <trk><name>Long drive</name><trkseg>\(points)</trkseg></trk></gpx>
            """
        try Data(gpx.utf8).write(to: sandbox.file("long.gpx"))
        let result = try sandbox.run("import", "long.gpx")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Track \"Long drive\" of 5,000 points reduced to"))
        let trip = try #require(try sandbox.trips().first)
        #expect(trip.name == "Long drive")
        #expect((2...25).contains(trip.waypoints.count))
        #expect(trip.waypoints.first?.coordinate == Coordinate(latitude: 45, longitude: 6))
    }

    @Test func standardInputWithANameAndAFormat() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let csv = try Data(contentsOf: CLISandbox.fixture("stops-from-spreadsheet.csv"))
        let result = try sandbox.run("import", "-", "--format", "csv", "--name", "Spreadsheet", stdin: csv)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("Imported “Spreadsheet” ("))
        #expect(try sandbox.trips().last?.name == "Spreadsheet")
    }

    @Test func standardInputIsRecognisedByContentAndNamedImportedTrip() throws {
        let sandbox = try CLISandbox()
        let geojson = try Data(contentsOf: CLISandbox.fixture("points-from-geojson-io.geojson"))
        let result = try sandbox.run("import", "-", stdin: geojson)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("from geojson with 3 stops"))
        #expect(try sandbox.trips().map(\.name) == ["Imported trip"])
    }

    @Test func aJSONExportComesBackAsANewTripWithNewIds() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("export", "Côte", "-o", "riviera.json").status == 0)
        let result = try sandbox.run("import", "riviera.json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("imported with new ids"))
        let trips = try sandbox.trips()
        let copy = trips[3]
        #expect(copy.name == CLITrips.riviera.name)
        #expect(copy.id != CLITrips.riviera.id)
        #expect(copy.waypoints.map(\.name) == CLITrips.riviera.waypoints.map(\.name))
        #expect(Set(copy.waypoints.map(\.id)).isDisjoint(with: CLITrips.riviera.waypoints.map(\.id)))
    }

    /// `export --format kml` and `--format kmz`, then `import` of each: the stops come back with their details.
    @Test(arguments: ["kml", "kmz"])
    func aKMLOrKMZExportComesBackWithItsStopsAndDetails(format: String) throws {
        var trip = CLITrips.alps
        trip.waypoints[0].stay = 5400
        trip.waypoints[0].overnight = true
        trip.waypoints[0].note = "Jet d'eau <at> 10 & lunch"
        let sandbox = try CLISandbox(trips: [trip])
        let exported = try sandbox.run("export", "Alps", "--format", format, "-o", "x.\(format)")
        #expect(exported.stdout == "Exported “Alps” (2 stops) as \(format) to x.\(format).\n", "\(exported)")
        let imported = try sandbox.run("import", "x.\(format)")
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
        #expect(
            imported.stdout.hasSuffix("from \(format) with 2 stops.\n2 placemarks became 2 stops. Not used: 1 line.\n"),
            "\(imported)")
        let copy = try #require(try sandbox.trips().last)
        #expect(copy.id != trip.id && copy.name == "Alps")
        #expect(copy.waypoints.map(\.name) == ["Genève", "Chamonix"])
        #expect(copy.waypoints.map(\.coordinate) == trip.waypoints.map(\.coordinate))
        #expect(copy.waypoints[0].stay == 5400 && copy.waypoints[0].overnight)
        #expect(copy.waypoints[0].note == trip.waypoints[0].note)
    }

    @Test func namesWithEscapeSequencesAreCleanedOnTheWayIn() throws {
        let sandbox = try CLISandbox()
        let csv =
            "order,name,latitude,longitude\n1,\u{1B}[2J\u{1B}]0;owned\u{07}Nice\u{9B}31m,43.7,7.26\n2,Cannes\u{7F},43.55,7.01\n"
        let result = try sandbox.run("import", "-", "--format", "csv", stdin: Data(csv.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.trips().first?.waypoints.map(\.name) == ["Nice", "Cannes"])
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func usageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("import").isUsageError)
        #expect(try sandbox.run("import", "a.gpx", "--format", "shp").isUsageError)
        #expect(try sandbox.run("import", "a.gpx", "b.gpx").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }
}
