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
        #expect(result.stdout == """
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

    @Test func namesWithEscapeSequencesAreCleanedOnTheWayIn() throws {
        let sandbox = try CLISandbox()
        let csv = "order,name,latitude,longitude\n1,\u{1B}[2J\u{1B}]0;owned\u{07}Nice\u{9B}31m,43.7,7.26\n2,Cannes\u{7F},43.55,7.01\n"
        let result = try sandbox.run("import", "-", "--format", "csv", stdin: Data(csv.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.trips().first?.waypoints.map(\.name) == ["Nice", "Cannes"])
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func usageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("import").isUsageError)
        #expect(try sandbox.run("import", "a.gpx", "--format", "kml").isUsageError)
        #expect(try sandbox.run("import", "a.gpx", "b.gpx").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }
}

/// Bad files: one line naming the file and the problem, status 1, the data file byte for byte as it was.
@Suite struct CLIBadImportTests {
    /// Writes `content` as `name` in a sandbox that holds the usual trips, imports it, and
    /// checks the refusal; returns the message.
    @discardableResult
    private func refused(_ name: String, _ content: String?, format: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        if let content { try Data(content.utf8).write(to: sandbox.file(name)) }
        let result = try sandbox.run(["import", name] + (format.map { ["--format", $0] } ?? []))
        #expect(result.isOneLineUserError, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("roadtrip: \(name)"), "\(result)", sourceLocation: sourceLocation)
        #expect(sandbox.dataBytes() == before, "the data file changed", sourceLocation: sourceLocation)
        return result.stderr
    }

    @Test func malformedXML() throws {
        #expect(try refused("broken.gpx", #"<gpx version="1.1"><wpt lat="1""#).contains("malformed XML"))
    }

    @Test func malformedJSON() throws {
        #expect(try refused("broken.geojson", #"{"type": "FeatureCollection", "features": ["#).contains("not valid JSON"))
        try refused("broken.json", #"{"formatVersion": 1, "trips": [}"#)
    }

    @Test func emptyFiles() throws {
        #expect(try refused("empty.gpx", "").contains("empty"))
        #expect(try refused("blank.csv", "  \n\n").contains("empty"))
    }

    @Test func wrongRoot() throws {
        let kml = try String(contentsOf: CLISandbox.fixture("wrong-root.kml"), encoding: .utf8)
        #expect(try refused("places.kml", kml, format: "gpx").contains("root element is <kml>"))
        #expect(try refused("array.geojson", "[1, 2, 3]").contains("array.geojson"))
    }

    @Test func billionLaughsAndExternalEntities() throws {
        let laughs = try String(contentsOf: CLISandbox.fixture("billion-laughs.gpx"), encoding: .utf8)
        #expect(try refused("laughs.gpx", laughs).contains("entity declarations are refused"))
        let external = """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>\
            <gpx version="1.1"><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """
        #expect(try refused("external.gpx", external).contains("entity declarations are refused"))
    }

    @Test func missingOrOutOfRangeCoordinates() throws {
        let gpx = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="91" lon="2"/></gpx>"#
        #expect(try refused("far.gpx", gpx).contains("latitude 91 is out of range"))
        let missing = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="45"/></gpx>"#
        try refused("missing.gpx", missing)
        try refused("nan.csv", "order,name,latitude,longitude\n1,A,NaN,7\n")
    }

    @Test func aFileTooLargeIsRefusedUnread() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        // Sparse: 200 MB on paper, nothing on disk.
        let big = sandbox.file("huge.gpx")
        try #require(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let result = try sandbox.run("import", "huge.gpx")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr == "roadtrip: huge.gpx: the file is 200 MB; imports are limited to 50 MB\n")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func unreadableFiles() throws {
        #expect(try refused("nothere.gpx", nil).contains("No such file"))
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let folder = try sandbox.run("import", sandbox.folder.path)
        #expect(folder.isOneLineUserError)
        #expect(folder.stderr.contains("is a folder"))
    }

    @Test func emptyStandardInputIsNamedAsSuch() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let result = try sandbox.run("import", "-")
        #expect(result.stderr == "roadtrip: standard input: the file is empty\n")
        #expect(result.status == 1)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func aFailedImportCreatesNoDataFile() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run("import", "-", stdin: Data("<kml/>".utf8))
        #expect(result.isOneLineUserError, "\(result)")
        #expect(sandbox.dataBytes() == nil)
    }

    @Test func aBrokenDataFileIsNotWrittenOver() throws {
        let sandbox = try CLISandbox()
        let broken = Data("{ not json".utf8)
        try broken.write(to: sandbox.dataURL)
        let result = try sandbox.run("import", CLISandbox.fixture("route-from-garmin.gpx").path)
        #expect(result.isOneLineUserError, "\(result)")
        #expect(sandbox.dataBytes() == broken)
    }

    /// A save that fails (here: /proc takes no new files, even for root) is one line and status 1.
    @Test func aTripsFileThatCannotBeWrittenIsAUserError() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self") else { return }
        let gpx = CLISandbox.fixture("route-from-garmin.gpx").path
        let result = try RoadtripProcess.run(["import", gpx, "--data", "/proc/roadtrip-trips.json"])
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.hasPrefix("roadtrip: Not saved: /proc/roadtrip-trips.json"))
        #expect(!FileManager.default.fileExists(atPath: "/proc/roadtrip-trips.json"))
    }
}
