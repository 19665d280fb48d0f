import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
import Routing
import Testing
import TestSupport

/// `roadtrip roads import/list/forget` through the real binary: Monaco and Helsinki merged into one
/// region in one call, its legs compared with a real osrm-routed serving the same data, legs
/// outside it estimated with their reason, and `forget` back to estimates.
@Suite(.serialized) struct CLIRoadsTests {
    static let monaco = CLIAlongTests.monaco
    static let helsinki = CLIAlongTests.helsinki
    /// Two points on Helsinki's streets inside the extract, about a kilometre apart.
    static let helsinkiA = Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let helsinkiB = Coordinate(latitude: 60.1712, longitude: 24.9458)

    static func trip() -> Trip {
        Trip(
            name: "Two cities",
            waypoints: [
                Waypoint(name: "Casino", coordinate: Monaco.casino), Waypoint(name: "Stade", coordinate: Monaco.stadium),
                Waypoint(name: "Larvotto", coordinate: Monaco.larvotto),
                Waypoint(name: "Esplanadi", coordinate: helsinkiA), Waypoint(name: "Kruununhaka", coordinate: helsinkiB)
            ])
    }

    /// The legs `show --json` gives: distance, duration and source.
    static func legs(_ outcome: RoadtripProcess.Outcome) throws -> [(meters: Double, seconds: Double?, source: String)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let legs = try #require((object["route"] as? [String: Any])?["legs"] as? [[String: Any]], "\(outcome)")
        return legs.map {
            (($0["distanceMeters"] as? Double) ?? -1, $0["durationSeconds"] as? Double, ($0["source"] as? String) ?? "")
        }
    }

    /// What a real osrm-routed on `dataset` says of `from` → `to`: metres and seconds.
    static func osrm(_ server: URL, _ from: Coordinate, _ to: Coordinate) async throws -> (Double, Double) {
        let path = String(format: "%.6f,%.6f;%.6f,%.6f", from.longitude, from.latitude, to.longitude, to.latitude)
        let url = try #require(URL(string: "\(server.absoluteString)/route/v1/driving/\(path)?overview=false"))
        let (data, _) = try await URLSession.shared.data(from: url)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let route = try #require((answer?["routes"] as? [[String: Any]])?.first, "\(String(decoding: data, as: UTF8.self))")
        return (route["distance"] as? Double ?? -1, route["duration"] as? Double ?? -1)
    }

    @Test func twoExtractsImportedInOneCallRouteLikeARealServerOnTheSameData() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        _ = try OSRMFixture.monacoDataset.get()  // OSRM's programs, installed in the checkout
        let sandbox = try CLISandbox(trips: [Self.trip()])
        // A patient timeout: the figures are checked, not the speed of a machine loaded by other tests.
        let env = ["XDG_CACHE_HOME": sandbox.file("cache").path, "ROADTRIP_OSRM_TIMEOUT": "120"]
        let imported = try sandbox.run(
            ["roads", "import", Self.monaco, Self.helsinki, "--name", "riviera-and-helsinki"], environment: env)
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.stderr.contains("merging 2 extracts with osmium") && imported.stderr.contains("estimated"), "\(imported)")
        #expect(imported.stdout.contains("Places of “monaco” imported too") && imported.stdout.contains("Places of “helsinki”"))
        // Nothing half-made is left beside the region.
        let roads = try FileManager.default.contentsOfDirectory(atPath: sandbox.file("roads").path)
        #expect(roads == ["riviera-and-helsinki"], "\(roads)")

        let list = try sandbox.run(["roads", "list", "--json"], environment: env)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["name"] as? String == "riviera-and-helsinki")
        let extracts = try #require(rows[0]["extracts"] as? [[String: Any]])
        #expect(extracts.map { $0["file"] as? String } == ["monaco.osm.pbf", "helsinki.osm.pbf"])
        let boxes = extracts.compactMap { $0["bounds"] as? [String: Double] }
        #expect(boxes.count == 2)
        #expect(boxes[0]["south"]! < Monaco.casino.latitude && Monaco.casino.latitude < boxes[0]["north"]!)
        #expect(boxes[1]["west"]! < Self.helsinkiA.longitude && Self.helsinkiA.longitude < boxes[1]["east"]!)
        #expect((rows[0]["bytes"] as? Int ?? 0) > 100_000)
        let config = try sandbox.run(["config"], environment: env)
        #expect(config.stdout.contains("imported roads: riviera-and-helsinki (used when no router is named)"), "\(config)")

        // No flag: legs inside each extract are the region's roads, the leg between them an estimate that says why.
        let shown = try sandbox.run(["show", "Two cities", "--json"], environment: env)
        #expect(shown.status == 0, "\(shown)")
        #expect(
            shown.stderr.contains("1 of 4 legs estimated: leg 3 → 4 is not inside one imported road region"), "\(shown.stderr)")
        let legs = try Self.legs(shown)
        #expect(legs.map(\.source) == ["osrm", "osrm", "estimate", "osrm"], "\(legs)")

        // The same data served by a real osrm-routed, started here on its own.
        let entry = try #require(RoadRegionsFolder(dataFile: sandbox.dataURL).entry("riviera-and-helsinki"))
        let server = try await OSRMServer.start(
            dataset: entry.dataset.path, binary: OSRMFixture.routedBinary, environment: [:], readyTimeout: .seconds(120))
        defer { server.stop() }
        let stops = Self.trip().waypoints.map(\.coordinate)
        for index in [0, 1, 3] {
            let (meters, seconds) = try await Self.osrm(server.baseURL, stops[index], stops[index + 1])
            #expect(abs(legs[index].meters - meters) < 1, "leg \(index + 1): \(legs[index].meters) ≠ \(meters)")
            #expect(abs((legs[index].seconds ?? -1) - seconds) < 1, "leg \(index + 1)")
        }

        // Forgotten: every leg is an estimate again, and the places stay.
        let forgot = try sandbox.run(["roads", "forget", "riviera-and-helsinki"], environment: env)
        #expect(forgot.status == 0 && forgot.stdout.contains("places forget monaco"), "\(forgot)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("roads/riviera-and-helsinki").path))
        let after = try Self.legs(try sandbox.run(["show", "Two cities", "--json"], environment: env))
        #expect(after.map(\.source) == Array(repeating: "estimate", count: 4), "\(after)")
        let empty = try sandbox.run(["roads", "list"], environment: env)
        #expect(empty.stdout.contains("No road region is imported"))
        let again = try sandbox.run(["roads", "forget", "riviera-and-helsinki"], environment: env)
        #expect(again.isOneLineUserError && again.stderr.contains("No road region is imported"), "\(again)")
    }

    @Test func aNamedRouterStillWinsOverImportedRoads() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        _ = try OSRMFixture.monacoDataset.get()
        let sandbox = try CLISandbox(trips: [Self.trip()])
        // A patient timeout: the figures are checked, not the speed of a machine loaded by other tests.
        let env = ["XDG_CACHE_HOME": sandbox.file("cache").path, "ROADTRIP_OSRM_TIMEOUT": "120"]
        #expect(try sandbox.run(["roads", "import", Self.monaco, "--no-places"], environment: env).status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("places/monaco.json").path))
        // A server nobody answers on: --osrm wins, so the legs fall back with OSRM's reason, not the region's.
        let named = try sandbox.run(
            ["show", "Two cities", "--json", "--osrm", "http://127.0.0.1:9", "--osrm-timeout", "2"], environment: env)
        #expect(named.stderr.contains("127.0.0.1:9") && !named.stderr.contains("imported road region"), "\(named.stderr)")
    }

    @Test func badExtractsAreRefusedInOneLineAndLeaveNothing() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [])
        let missing = try sandbox.run("roads", "import", "nowhere/utah-latest.osm.pbf")
        #expect(missing.isOneLineUserError && missing.stderr.contains("download.geofabrik.de"), "\(missing)")
        let notPBF = try sandbox.run("roads", "import", CLISandbox.fixture("mymaps.kml").path)
        #expect(notPBF.isOneLineUserError && notPBF.stderr.contains("is not an OpenStreetMap extract"), "\(notPBF)")
        // A file named .osm.pbf that is not one.
        let fake = sandbox.file("fake.osm.pbf")
        try Data("not a protobuf at all, just words and spaces".utf8).write(to: fake)
        let broken = try sandbox.run("roads", "import", fake.path)
        #expect(broken.isOneLineUserError && broken.stderr.contains("Not imported"), "\(broken)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("roads/fake").path))
        let unknown = try sandbox.run("roads", "forget", "atlantis")
        #expect(unknown.isOneLineUserError, "\(unknown)")
    }

    @Test func ctrlCDuringAnImportLeavesNothingHalfMade() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        _ = try OSRMFixture.monacoDataset.get()
        let sandbox = try CLISandbox(trips: [])
        let process = try ChildProcess.spawn(
            RoadtripBinary.url.path,
            ["roads", "import", "--data", sandbox.dataURL.path, Self.monaco, Self.helsinki, "--no-places"],
            stdout: .file(sandbox.file("out").path), stderr: .file(sandbox.file("err").path))
        // Interrupted once a step is running: the merge or the extract.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let err = (try? String(contentsOf: sandbox.file("err"), encoding: .utf8)) ?? ""
            if err.contains("Step 2 of 4") || err.contains("Step 1 of 4") { break }
            usleep(5_000)
        }
        process.send(SIGINT)
        let status = process.wait()
        let err = (try? String(contentsOf: sandbox.file("err"), encoding: .utf8)) ?? ""
        let left = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.file("roads").path)) ?? []
        if status == 0 {
            // The import finished before the signal landed: then it is whole.
            #expect(left == ["monaco-helsinki"], "\(left)")
        } else {
            #expect(status == 130 && err.contains("Cancelled: nothing was imported"), "\(status) \(err)")
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    @Test func escTypedAtTheTerminalCancelsTheImport() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        _ = try OSRMFixture.monacoDataset.get()
        let sandbox = try CLISandbox(trips: [])
        // Esc typed at once: it waits in the terminal until the import reads keys, and cancels the first step.
        let run = try sandbox.runOnTerminal(
            ["roads", "import", Self.monaco, Self.helsinki, "--no-places"], input: "\u{1B}")
        let (status, screen) = try #require(run, "util-linux script is not installed")
        #expect(status == 130 && screen.contains("Cancelled: nothing was imported"), "\(status)\n\(screen)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.file("roads").path)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
