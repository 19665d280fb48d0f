import Foundation
import Routing
import Testing
import TestSupport

/// Choosing the routing engine: `router` and `valhalla` in the config file, `--router` and the
/// OSRM options over them. A port nothing listens on shows which engine was asked, by its name
/// in the one-line reason.
@Suite struct RouterConfigTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-router-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("xdg/roadtrip"), withIntermediateDirectories: true)
    }

    private func run(_ args: [String], config: String) throws -> RoadtripProcess.Outcome {
        try config.write(to: folder.appendingPathComponent("xdg/roadtrip/config.toml"), atomically: true, encoding: .utf8)
        return try RoadtripProcess.run(
            args,
            env: [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path,
                "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path
            ], directory: folder)
    }

    @Test func theConfigFileChoosesValhallaAndTheOSRMFlagsOverrideIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try #require(FreePort.loopback())
        let config = "router = \"valhalla\"\nvalhalla = \"http://127.0.0.1:\(port)\"\n"
        let route = ["route", "43.7393,7.4276", "43.7314,7.4199"]

        let shown = try run(["config"], config: config)
        #expect(shown.stdout.contains("router        valhalla  (config file)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("valhalla      http://127.0.0.1:\(port)  (config file)"), "\(shown.stdout)")

        let valhalla = try run(route, config: config)
        #expect(valhalla.status == 0, "\(valhalla)")
        #expect(valhalla.stderr == "roadtrip: leg 1 estimated: Valhalla 127.0.0.1:\(port) unreachable (cannot connect)\n")

        for flags in [["--osrm", "http://127.0.0.1:\(port)"], ["--router", "osrm", "http://127.0.0.1:\(port)"]] {
            let osrm = try run(route + flags, config: config)
            #expect(osrm.stderr == "roadtrip: leg 1 estimated: OSRM 127.0.0.1:\(port) unreachable (cannot connect)\n", "\(flags)")
        }
        let flagShown = try run(["config", "--router", "osrm", "http://127.0.0.1:\(port)"], config: config)
        #expect(flagShown.stdout.contains("osrm          http://127.0.0.1:\(port)  (--router)"), "\(flagShown.stdout)")
        #expect(flagShown.stdout.contains("router        osrm  (--router)"), "\(flagShown.stdout)")
    }

    @Test func aRouterTheFileCannotServeStopsEveryCommand() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [
            ("router = \"valhalla\"\n", ":1: router = \"valhalla\" needs the server: valhalla = \"http://HOST:PORT\""),
            (
                "valhalla = \"http://h\"\nrouter = \"graphhopper\"\n",
                ":2: router must be \"osrm\" or \"valhalla\", not \"graphhopper\""
            )
        ]
        for (text, said) in cases {
            let result = try run(["list"], config: text)
            #expect(result.status == 1, "\(text): \(result)")
            #expect(result.stderr.contains(said), "\(text): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}
