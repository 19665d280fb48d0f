import Foundation
import RoadtripCore
import Testing
@testable import Exchange

@Suite struct GPXImportTests {
    let importer = TripImporter()

    @Test func routeFromAnotherToolBecomesTheStops() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("route-from-garmin.gpx"))
        #expect(result.format == .gpx)
        #expect(result.trip.name == "Côte d'Azur & Alps", "metadata name wins")
        #expect(
            result.trip.waypoints.map(\.name) == [
                "Nice", "Monaco", "Menton <old town>", "Col de la Bonette — 2802 m", "Chamonix-Mont-Blanc"
            ])
        #expect(result.trip.waypoints[2].coordinate == Coordinate(latitude: 43.7760, longitude: 7.5048))
        #expect(result.explanation == "Route \"Riviera loop\" of 5 points became 5 stops. Not used: 1 waypoint.")
    }

    @Test func givenNameWinsAndIdsAreNew() throws {
        let first = try importer.importFile(at: ExchangeTestFiles.fixture("route-from-garmin.gpx"), name: "Summer")
        let second = try importer.importFile(at: ExchangeTestFiles.fixture("route-from-garmin.gpx"), name: "Summer")
        #expect(first.trip.name == "Summer")
        #expect(first.trip.id != second.trip.id)
        #expect(Set(first.trip.waypoints.map(\.id)).isDisjoint(with: second.trip.waypoints.map(\.id)))
    }

    @Test func shortTrackKeepsEveryPointAcrossSegments() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("hike-with-track.gpx"))
        #expect(result.trip.name == "Morning drive")
        #expect(result.trip.waypoints.map(\.name) == ["Stop 1", "Stop 2", "Lunch stop", "Stop 4", "Lausanne"])
        #expect(result.explanation == "Track \"Morning drive\" of 5 points became 5 stops.")
    }

    @Test func longTrackIsReducedToStartEndAndItsCorners() throws {
        // A zigzag of 4 straight runs, 1,200 points each: the corners are the shape.
        let corners = [(45.0, 5.0), (45.0, 6.0), (46.0, 6.0), (46.0, 7.0), (45.5, 8.0)]
        var points: [String] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<1200 {
                let t = Double(k) / 1200
                points.append(#"<trkpt lat="\#(a.0 + t * (b.0 - a.0))" lon="\#(a.1 + t * (b.1 - a.1))"/>"#)
            }
        }
        points.append(#"<trkpt lat="45.5" lon="8"/>"#)
        let gpx =
            #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined(separator: "\n") + "</trkseg></trk></gpx>"
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try importer.importFile(at: ExchangeTestFiles.write(gpx, named: "zigzag.gpx", in: folder))

        #expect(result.trip.name == "zigzag", "no name in the file: the file's name")
        let kept = result.trip.waypoints.map { ($0.coordinate.latitude, $0.coordinate.longitude) }
        #expect(kept.count == corners.count)
        for (got, want) in zip(kept, corners) {
            #expect(abs(got.0 - want.0) < 1e-9 && abs(got.1 - want.1) < 1e-9)
        }
        #expect(result.trip.waypoints.first?.name == "Start" && result.trip.waypoints.last?.name == "End")
        #expect(result.explanation == "Track of 4,801 points reduced to 5 stops (start, end and 3 shape points).")
    }

    @Test func wigglyTrackStaysWithinTheStopBudget() {
        let points = (0..<5000).map { i -> Coordinate in
            let t = Double(i) / 5000
            return Coordinate(latitude: 45 + sin(t * 40) * 0.3, longitude: 5 + t * 4)
        }
        let kept = DouglasPeucker.kept(points, maxPoints: 25)
        #expect(kept.count == 25)
        #expect(kept.first == 0 && kept.last == 4999)
        #expect(kept == kept.sorted())
    }

    @Test func namedTrackPointsBecomeTheStops() throws {
        var points = (0..<100).map { #"<trkpt lat="45" lon="\#(5 + Double($0) / 100)"/>"# }
        points[10] = #"<trkpt lat="45" lon="5.1"><name>Fuel</name></trkpt>"#
        points[70] = #"<trkpt lat="45" lon="5.7"><name>Lake</name></trkpt>"#
        let gpx =
            #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>T</name><trkseg>"#
            + points.joined() + "</trkseg></trk></gpx>"
        let result = try importer.importData(Data(gpx.utf8), fileName: "named.gpx")
        #expect(result.trip.waypoints.map(\.name) == ["Fuel", "Lake"])
        #expect(result.explanation == "Track \"T\" of 100 points: its 2 named points became the stops.")
    }

    @Test func waypointsOnlyAndTrackLeftOut() throws {
        let gpx = """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="1" lon="2"><name>A</name></wpt><wpt lat="3" lon="4"/>
              <trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="3" lon="4"/></trkseg></trk>
            </gpx>
            """
        let result = try importer.importData(Data(gpx.utf8), fileName: "w.gpx")
        #expect(result.trip.waypoints.map(\.name) == ["A", "Stop 2"])
        #expect(result.explanation == "2 waypoints became 2 stops. Not used: a track of 2 points.")
    }

    @Test func namesLoseEscapeSequencesAndControls() throws {
        let gpx = """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>Evil&#x1B;]0;pwned&#x7;  trip</name></metadata>
              <wpt lat="1" lon="2"><name>&#x1B;[31mRed&#x1B;[0m
              stop&#x9B;2J</name></wpt>
              <wpt lat="1" lon="2"><name>&#x202E;abc&#x7F;</name></wpt>
              <wpt lat="1" lon="2"><name>&#x1B;[2J</name></wpt>
            </gpx>
            """
        let result = try importer.importData(Data(gpx.utf8), fileName: "evil.gpx")
        #expect(result.trip.name == "Evil trip")
        #expect(result.trip.waypoints.map(\.name) == ["Red stop", "abc", "Stop 3"])
    }

    @Test func gpx10AndLatin1AreRead() throws {
        var bytes = Array(
            #"<?xml version="1.0" encoding="ISO-8859-1"?><gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><name>Bavaria</name><wpt lat="48.1" lon="11.5"><name>M"#
                .utf8)
        bytes += [0xFC]  // ü in Latin-1
        bytes += Array("nchen</name></wpt></gpx>".utf8)
        let result = try importer.importData(Data(bytes), fileName: "old.gpx")
        #expect(result.trip.waypoints.map(\.name) == ["München"])
        #expect(result.trip.name == "Bavaria")
    }
}
