import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `export` through the real binary.
@Suite struct CLIExportTests {
    @Test func gpxGoesToStandardOutputWithTheStopsAsRouteAndWaypoints() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("export", "Côte", "--format", "gpx")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let gpx = result.stdout
        #expect(gpx.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        #expect(gpx.components(separatedBy: "<rtept ").count - 1 == 3)
        #expect(gpx.components(separatedBy: "<wpt ").count - 1 == 3)
        #expect(gpx.contains("<rtept lat=\"43.7009\" lon=\"7.2683\">\n      <name>Nice</name>"))
        #expect(gpx.hasSuffix("</gpx>\n"))
    }

    @Test func outputFileNamesTheFormatAndIsWrittenWhole() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("export", "Alps", "-o", "alps.geojson")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Exported “Alps” (2 stops) as geojson to alps.geojson.\n")
        let written = try Data(contentsOf: sandbox.file("alps.geojson"))
        let collection = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        let points = features.compactMap { $0["geometry"] as? [String: Any] }.filter { $0["type"] as? String == "Point" }
        // RFC 7946: longitude first.
        #expect(points.first?["coordinates"] as? [Double] == [6.1432, 46.2044])
        // No temporary file is left beside it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func jsonAndCSVFormats() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let csv = try sandbox.run("export", "Alps", "--format", "csv")
        #expect(csv.status == 0)
        #expect(csv.stdout == "order,name,latitude,longitude\r\n1,Genève,46.2044,6.1432\r\n2,Chamonix,45.9237,6.8694\r\n")
        let json = try sandbox.run("export", "Alps", "--format", "json", "-o", "-")
        #expect(json.status == 0 && json.stderr.isEmpty)
        let document = try JSONDecoder().decode(TripDocument.self, from: json.stdoutData)
        #expect(document.trips == [CLITrips.alps])
    }

    @Test func anExplicitFormatWinsOverTheExtension() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("export", "Alps", "--format", "csv", "-o", "alps.txt").status == 0)
        #expect(try String(contentsOf: sandbox.file("alps.txt"), encoding: .utf8).hasPrefix("order,name"))
    }

    @Test func userErrorsWriteNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let unknown = try sandbox.run("export", "Nowhere", "--format", "gpx", "-o", "x.gpx")
        #expect(unknown.isOneLineUserError, "\(unknown)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("x.gpx").path))
        let noFolder = try sandbox.run("export", "Alps", "-o", "missing/folder/alps.gpx")
        #expect(noFolder.isOneLineUserError, "\(noFolder)")
        #expect(noFolder.stderr.contains("missing/folder/alps.gpx"))
    }

    @Test func anExportOntoAFolderFailsAndLeavesItAlone() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        try FileManager.default.createDirectory(at: sandbox.file("out.gpx"), withIntermediateDirectories: false)
        let result = try sandbox.run("export", "Alps", "-o", "out.gpx")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("out.gpx"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.file("out.gpx").path).isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func usageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let noFormat = try sandbox.run("export", "Alps")
        #expect(noFormat.isUsageError, "\(noFormat)")
        #expect(noFormat.stderr.contains("--format gpx|geojson|kml|kmz|json|csv"))
        #expect(try sandbox.run("export", "Alps", "-o", "alps.shp").isUsageError)
        #expect(try sandbox.run("export", "Alps", "--format", "shp").isUsageError)
        #expect(try sandbox.run("export", "--format", "gpx").isUsageError)
        #expect(try sandbox.run("export", "Alps", "--format", "gpx", "-o").isUsageError)
    }

    /// What the command writes passes parsers that are not ours: gpxpy and the GPX 1.1 XSD
    /// (xmllint), and Python's json with the RFC 7946 rules (Scripts/checks/check_exports.py).
    @Test func exportedFilesPassIndependentParsersAndTheSchema() throws {
        let sandbox = try CLISandbox(trips: [CLIRoundTripTests.tricky])
        let id = CLIRoundTripTests.tricky.id.uuidString
        #expect(try sandbox.run("export", id, "-o", "trip.gpx").status == 0)
        #expect(try sandbox.run("export", id, "-o", "trip.geojson").status == 0)
        #expect(try sandbox.run("export", id, "-o", "trip.kml").status == 0)
        #expect(try sandbox.run("export", id, "--format", "kmz", "-o", "trip.zip").status == 0)

        let checked = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/checks/check_exports.py").path,
                "--gpx", sandbox.file("trip.gpx").path, "--geojson", sandbox.file("trip.geojson").path,
                "--kml", sandbox.file("trip.kml").path, "--kml", sandbox.file("trip.zip").path
            ],
            check: false)
        let stdout = Data(checked.output.utf8)
        let problems = checked.error
        try #require(checked.status != 2, "a validation tool is missing: \(problems)")
        #expect(checked.status == 0, "\(problems)")
        // The independent reading names the stops in order.
        let read = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        let gpx = try #require((read["gpx"] as? [[String: Any]])?.first)
        let names = (gpx["waypoints"] as? [[Any]])?.map { $0.first as? String }
        #expect(names == CLIRoundTripTests.tricky.waypoints.map(\.name))
        for kml in try #require(read["kml"] as? [[String: Any]]) {
            let points = try #require(kml["points"] as? [[Any]])
            #expect(points.map { $0.first as? String } == CLIRoundTripTests.tricky.waypoints.map(\.name))
            for (point, stop) in zip(points, CLIRoundTripTests.tricky.waypoints) {
                #expect(abs((point[1] as? Double ?? 0) - stop.coordinate.latitude) < 1e-7)
                #expect(abs((point[2] as? Double ?? 0) - stop.coordinate.longitude) < 1e-7)
            }
        }
    }
}
