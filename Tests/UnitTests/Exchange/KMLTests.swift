import Foundation
import RoadtripCore
import Testing
import ZIPFoundation
@testable import Exchange

/// KML and KMZ: what roadtrip writes, what Google My Maps and Google Earth write, and hostile files.
@Suite struct KMLTests {
    let importer = TripImporter()

    static let detailed: Trip = {
        var trip = ExchangeTestFiles.awkwardTrip
        trip.waypoints[0].stay = 5400
        trip.waypoints[0].overnight = true
        trip.waypoints[0].note = "Old town <walk> & boat; \"tickets\""
        trip.waypoints[0].fixedArrival = Date(timeIntervalSince1970: 1_783_065_600)
        trip.waypoints[0].timeZone = "Europe/Zurich"
        return trip
    }()

    @Test func exportIsAPlacemarkPerStopLongitudeFirstAndTheRoute() throws {
        let text = String(decoding: try TripExporter.export(Self.detailed, format: .kml), as: UTF8.self)
        #expect(text.contains("<kml xmlns=\"http://www.opengis.net/kml/2.2\">"))
        #expect(text.contains("<Point><coordinates>8.541694,47.376887</coordinates></Point>"))
        #expect(text.components(separatedBy: "<Placemark>").count - 1 == Self.detailed.waypoints.count + 1)
        #expect(text.contains("<LineString>"))
        #expect(text.contains("Stay 1 h 30 min · 1 night"))
        #expect(text.contains("Old town &lt;walk&gt; &amp; boat"))
    }

    /// The description retells the data fields for people: read back as a note, it grew by one
    /// "Stay 1 h 30 min" at every export and import.
    @Test func aStayWithoutANoteComesBackWithoutANoteHoweverOftenItGoesRound() throws {
        var trip = Trip(
            name: "Round and round",
            waypoints: [
                Waypoint(name: "A", coordinate: Coordinate(latitude: 46, longitude: 7)),
                Waypoint(name: "B", coordinate: Coordinate(latitude: 46.5, longitude: 7.5))
            ])
        trip.waypoints[0].stay = 5400
        trip.waypoints[1].nights = 2
        var current = trip
        for _ in 0..<3 {
            let data = try TripExporter.export(current, format: .kml)
            current = try importer.importData(data, fileName: "round.kml").trip
        }
        #expect(current.waypoints.map(\.note) == ["", ""])
        #expect(current.waypoints.map(\.stay) == [5400, 0])
        #expect(current.waypoints.map(\.nights) == [0, 2])
        // Another tool's description, with data fields of its own, is still the note.
        let myMaps = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Cafe</name>
            <description>Best cake in town</description><ExtendedData><Data name="rating"><value>5</value></Data></ExtendedData>
            <Point><coordinates>7,46</coordinates></Point></Placemark></Document></kml>
            """
        let cafe = try importer.importData(Data(myMaps.utf8), fileName: "cafe.kml").trip
        #expect(cafe.waypoints.first?.note == "Best cake in town")
    }

    @Test func theRoadGeometryIsTheLineWhenEveryLegHasIt() throws {
        let trip = Trip(
            name: "Two",
            waypoints: [
                Waypoint(name: "A", coordinate: Coordinate(latitude: 46, longitude: 7)),
                Waypoint(name: "B", coordinate: Coordinate(latitude: 46.1, longitude: 7.2))
            ])
        let road = [
            Coordinate(latitude: 46, longitude: 7), Coordinate(latitude: 46.05, longitude: 7.15),
            Coordinate(latitude: 46.1, longitude: 7.2)
        ]
        let leg = Leg(from: road[0], to: road[2], distanceMeters: 20_000, durationSeconds: 1200, source: .osrm, geometry: road)
        let text = String(decoding: try TripExporter.export(trip, legs: [leg], format: .kml), as: UTF8.self)
        #expect(text.contains("7.15,46.05"))
        #expect(text.contains("The road route"))
    }

    @Test(arguments: [ExchangeFormat.kml, .kmz])
    func roundTripKeepsStopsAndTheirDetails(_ format: ExchangeFormat) throws {
        let data = try TripExporter.export(Self.detailed, format: format)
        let back = try importer.importData(data, fileName: "trip.\(format.rawValue)").trip
        #expect(back.name == Self.detailed.name)
        #expect(ExchangeTestFiles.sameStops(back.waypoints, Self.detailed.waypoints))
        let first = try #require(back.waypoints.first)
        #expect(first.stay == 5400 && first.overnight)
        #expect(first.note == Self.detailed.waypoints[0].note)
        #expect(first.fixedArrival == Self.detailed.waypoints[0].fixedArrival)
        #expect(first.timeZone == "Europe/Zurich")
        // Found by content as well as by name.
        #expect(try importer.importData(data, fileName: "-").format == format)
    }

    @Test func googleMyMapsFoldersBecomeStopsWithTheirDescriptions() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("mymaps.kml"))
        #expect(result.trip.name == "Iceland ring road")
        #expect(result.trip.waypoints.map(\.name) == ["Reykjavík", "Þingvellir", "Seljalandsfoss"])
        #expect(result.trip.waypoints[0].note == "Pick up the car Hallgrímskirkja & harbour")
        #expect(result.trip.waypoints[0].coordinate == Coordinate(latitude: 64.1466, longitude: -21.9426))
        #expect(result.trip.waypoints[2].note == "Waterfall you can walk behind")
        #expect(result.explanation == "3 placemarks became 3 stops. Not used: 1 line.")
    }

    @Test func descriptionsLoseTheirTagsButKeepTheirWords() {
        #expect(StopSelection.plainText("<b>Bold</b><br/>line <a href=\"x\">link</a>") == "Bold line link")
        #expect(StopSelection.plainText("Distance < 5 km & views > 3") == "Distance < 5 km & views > 3")
        #expect(StopSelection.plainText("a <b") == "a <b")
        #expect(
            StopSelection.plainText("Fish &amp;amp; chips &amp;lt;3 &quot;hot&quot; it&#39;s")
                == "Fish &amp; chips &lt;3 \"hot\" it's")
        #expect(StopSelection.plainText("<!-- note -->Line\u{1B}[2J one\nline two") == "Line one line two")
        // No `>` after thousands of `<`: one pass, not one search per `<`.
        let started = Date()
        #expect(StopSelection.plainText(String(repeating: "<a", count: 200_000)).count == 400_000)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aLongDescriptionIsCutAndTheImportSaysSo() throws {
        let long = String(repeating: "word ", count: 400)
        let kml =
            "<kml><Document><Placemark><name>A</name><description>\(long)</description><Point><coordinates>7,46</coordinates></Point></Placemark></Document></kml>"
        let result = try importer.importData(Data(kml.utf8), fileName: "long.kml")
        #expect(result.trip.waypoints[0].note.count == TextLimits.note)
        #expect(
            result.explanation.hasSuffix(
                "1 name or note too long were cut to \(TextLimits.name) characters (notes \(TextLimits.note))."))
    }

    @Test func googleEarthNestedFoldersPrefixesAndMultiGeometry() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("google-earth.kml"))
        #expect(result.trip.waypoints.map(\.name) == ["Passo Gardena", "Passo Giau"])
        #expect(result.trip.waypoints[0].coordinate == Coordinate(latitude: 46.55111, longitude: 11.80806))
    }

    @Test func aFileOfLinesOnlyIsReducedLikeATrack() throws {
        let coordinates = (0..<500).map { "\(7 + Double($0) / 100),\(46 + Double($0) / 200),0" }.joined(separator: " ")
        let kml =
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><Placemark><LineString><coordinates>\(coordinates)</coordinates></LineString></Placemark></Document></kml>"
        let result = try importer.importData(Data(kml.utf8), fileName: "line.kml")
        #expect((2...TripImporter.defaultMaxStops).contains(result.trip.waypoints.count))
        #expect(result.trip.waypoints.first?.coordinate == Coordinate(latitude: 46, longitude: 7))
    }

    /// What Google Earth saves from a GPS: a Placemark holding a gx:Track of `when` and `gx:coord` pairs.
    @Test func aGoogleEarthRecordedTrackIsReducedLikeAGPXTrack() throws {
        let pairs = (0..<300).map { i in
            "<when>2026-07-01T10:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z</when>"
                + "<gx:coord>\(11 + Double(i) / 1000) \(46.5 + Double(i) / 2000) 1800</gx:coord>"
        }.joined()
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>
            <name>Ride</name><Placemark><name>Track 1</name><gx:Track>\(pairs)</gx:Track></Placemark></Document></kml>
            """
        let result = try importer.importData(Data(kml.utf8), fileName: "ride.kml")
        #expect(result.trip.name == "Ride")
        #expect((2...TripImporter.defaultMaxStops).contains(result.trip.waypoints.count))
        #expect(result.trip.waypoints.first?.coordinate == Coordinate(latitude: 46.5, longitude: 11))
        #expect(result.trip.waypoints.last?.coordinate == Coordinate(latitude: 46.5 + 299.0 / 2000, longitude: 11 + 299.0 / 1000))
        #expect(result.explanation.hasPrefix("Line of 300 points reduced to"), "\(result.explanation)")

        let off = kml.replacingOccurrences(of: "<gx:coord>11.0 46.5 1800", with: "<gx:coord>11.0 95 1800")
        do {
            _ = try importer.importData(Data(off.utf8), fileName: "ride.kml")
            Issue.record("an out-of-range gx:coord was imported")
        } catch {
            #expect(error.description == "ride.kml:2: <gx:coord> latitude 95 is out of range (-90...90)")
        }
    }

    @Test func hostileAndBrokenFilesAreRefusedInOneLine() throws {
        func refusal(_ data: Data, _ name: String, importer: TripImporter = TripImporter()) -> String {
            do {
                _ = try importer.importData(data, fileName: name)
                return "imported"
            } catch {
                return error.description
            }
        }
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <kml><Document><Placemark><name>&b;</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>
            """
        #expect(refusal(Data(laughs.utf8), "l.kml").contains("entity declarations are refused"))
        let external =
            "<?xml version=\"1.0\"?><!DOCTYPE kml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><kml><Document><name>&x;</name></Document></kml>"
        #expect(refusal(Data(external.utf8), "x.kml").contains("entity declarations are refused"))
        let outOfRange = "<kml><Document><Placemark><Point><coordinates>12,95</coordinates></Point></Placemark></Document></kml>"
        #expect(refusal(Data(outOfRange.utf8), "r.kml") == "r.kml:1: <coordinates> latitude 95 is out of range (-90...90)")
        let garbage =
            "<kml><Document><Placemark><Point><coordinates>twelve,north</coordinates></Point></Placemark></Document></kml>"
        #expect(refusal(Data(garbage.utf8), "g.kml").contains("is not lon,lat"))
        #expect(refusal(Data("<kml><Document/></kml>".utf8), "e.kml").contains("no Placemarks"))
        #expect(refusal(Data("<gpx version=\"1.1\"/>".utf8), "w.kml").contains("expected <kml>"))
        #expect(
            refusal(Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x41, count: 64)), "c.kmz")
                .contains("the KMZ archive is damaged"))

        let images = try Archive(data: Data(), accessMode: .create)
        let png = Data(repeating: 7, count: 10)
        try images.addEntry(with: "files/pic.png", type: .file, uncompressedSize: Int64(png.count)) { position, size in
            png.subdata(in: Int(position)..<Int(position) + size)
        }
        #expect(refusal(try #require(images.data), "p.kmz").contains("holds no .kml document"))

        // A small archive that unpacks past the limit is refused before it is unpacked.
        var long = Self.detailed
        for i in long.waypoints.indices { long.waypoints[i].note = String(repeating: "z", count: 1000) }
        long.waypoints += Array(repeating: long.waypoints[0], count: 20)
        let bomb = try TripExporter.export(long, format: .kmz)
        let small = TripImporter(maxBytes: bomb.count + 100)
        #expect(refusal(bomb, "b.kmz", importer: small).contains("over the"))
    }
}
