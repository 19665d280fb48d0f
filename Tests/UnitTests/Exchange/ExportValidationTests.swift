import Foundation
import RoadtripCore
import Testing
import TestSupport
@testable import Exchange

/// Exported files read back by parsers that are not ours: gpxpy and the GPX 1.1 XSD
/// (through xmllint) for GPX, Python's json module and RFC 7946 rules for GeoJSON.
///
/// Needs python3 with gpxpy and xmllint (`pip install gpxpy`, `apt-get install libxml2-utils`);
/// when they are missing the test fails and says what to install, rather than passing unchecked.
@Suite(.serialized) struct ExportValidationTests {
    struct Report: Decodable {
        struct GPX: Decodable {
            struct Route: Decodable {
                var name: String?
                var points: [[JSONScalar]]
            }
            struct Track: Decodable {
                var name: String?
                var segments: [[[Double]]]
            }
            var name: String?
            var waypoints: [[JSONScalar]]
            var routes: [Route]
            var tracks: [Track]
        }
        struct GeoJSON: Decodable {
            var name: String?
            var points: [[JSONScalar]]
            var line_points: Int
            var line_parts: Int
        }
        var gpx: [GPX]
        var geojson: [GeoJSON]
    }

    enum JSONScalar: Decodable, Equatable {
        case text(String), number(Double), null
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let d = try? c.decode(Double.self) {
                self = .number(d)
            } else {
                self = .text(try c.decode(String.self))
            }
        }
        var number: Double? { if case let .number(d) = self { d } else { nil } }
        var text: String? { if case let .text(s) = self { s } else { nil } }
    }

    @Test func gpxAndGeoJSONPassIndependentParsersAndTheSchema() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trip = ExchangeTestFiles.awkwardTrip
        let legs = ExchangeRoundTripTests().osrmLegs(trip)
        let gpxPath = folder.appendingPathComponent("trip.gpx").path
        let geoPath = folder.appendingPathComponent("trip.geojson").path
        let plainGPX = folder.appendingPathComponent("plain.gpx").path
        try ExportFile.write(try TripExporter.export(trip, legs: legs, format: .gpx), to: gpxPath)
        try ExportFile.write(try TripExporter.export(trip, format: .geojson), to: geoPath)
        try ExportFile.write(try TripExporter.export(trip, format: .gpx), to: plainGPX)

        let (status, stdout, stderr) = try runScript(["--gpx", gpxPath, "--gpx", plainGPX, "--geojson", geoPath])
        try #require(status != 2, "a validation tool is missing: \(stderr)")
        #expect(status == 0, "Scripts/checks/check_exports.py found problems:\n\(stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(stdout.utf8))

        let gpx = try #require(report.gpx.first)
        #expect(gpx.name == trip.name)
        #expect(gpx.waypoints.map { $0[0].text } == trip.waypoints.map(\.name))
        #expect(gpx.routes.first?.points.map { $0[0].text } == trip.waypoints.map(\.name))
        for (read, stop) in zip(gpx.routes.first?.points ?? [], trip.waypoints) {
            #expect(abs(read[1].number! - stop.coordinate.latitude) < 1e-7)
            #expect(abs(read[2].number! - stop.coordinate.longitude) < 1e-7)
        }
        #expect(gpx.tracks.first?.segments.first?.count == 2 * trip.waypoints.count - 1)
        #expect(report.gpx[1].tracks.isEmpty)

        let geo = try #require(report.geojson.first)
        #expect(geo.points.map { $0[0].text } == trip.waypoints.map(\.name))
        for (read, stop) in zip(geo.points, trip.waypoints) {
            #expect(abs(read[2].number! - stop.coordinate.latitude) < 1e-7)
            #expect(abs(read[3].number! - stop.coordinate.longitude) < 1e-7)
        }
        #expect(geo.line_parts == 2, "the Suva–Apia leg is cut at the antimeridian")
    }

    @Test func theCheckerItselfCatchesAnInvalidFile() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Name after wpt children out of schema order, and a latitude beyond 90.
        let bad = try ExchangeTestFiles.write(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="roadtrip" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><name>x</name></rte>
              <wpt lat="95" lon="1"><name>A</name></wpt>
            </gpx>
            """, named: "bad.gpx", in: folder)
        let badGeo = try ExchangeTestFiles.write(
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1]}}]}"#,
            named: "bad.geojson", in: folder)
        let (status, _, stderr) = try runScript(["--gpx", bad, "--geojson", badGeo])
        try #require(status != 2, "a validation tool is missing: \(stderr)")
        #expect(status == 1)
        #expect(stderr.contains("GPX 1.1 schema"))
        #expect(stderr.contains("a position must be [longitude, latitude]"))
    }

    private func runScript(_ arguments: [String]) throws -> (Int32, String, String) {
        let script = ExchangeTestFiles.repositoryRoot.appendingPathComponent("Scripts/checks/check_exports.py").path
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script] + arguments, check: false)
        return (result.status, result.output, result.error)
    }
}
