import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
@testable import Routing
import Testing
import TestSupport

/// The real Valhalla the routing tests run on: the programs that Scripts/servers/valhalla.sh installs from
/// the pyvalhalla wheel when they are missing, and the Monaco tiles it builds once into the tests'
/// work folder. Nothing is skipped: a machine that cannot run Valhalla fails these tests.
enum ValhallaFixture {
    /// Where the Monaco tiles are built: beside the other tests' scratch data, ignored by git.
    static let tilesFolder = OSRMFixture.packageRoot.appendingPathComponent("Tests/EndToEndTests/.work/valhalla-monaco")

    /// The config of the Monaco tiles (`…/valhalla.json`), built once per test process.
    static let monacoConfig: Result<String, OSRMFixture.SetupFailure> = {
        let script = OSRMFixture.packageRoot.appendingPathComponent("Scripts/servers/valhalla.sh").path
        let result: ProcessRunner.Result
        do {
            result = try ProcessRunner.run(
                URL(fileURLWithPath: "/bin/bash"), [script, "monaco", tilesFolder.path], check: false)
        } catch {
            return .failure(OSRMFixture.SetupFailure(text: "cannot run Scripts/servers/valhalla.sh: \(error)"))
        }
        let path = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, !path.isEmpty else {
            return .failure(OSRMFixture.SetupFailure(text: "Scripts/servers/valhalla.sh monaco failed: " + result.error))
        }
        return .success(path)
    }()

    /// A real valhalla_service serving Monaco on a free loopback port.
    static func startMonaco() async throws -> ValhallaTestServer {
        let config = try monacoConfig.get()
        var lastError: Error = OSRMFixture.SetupFailure(text: "valhalla_service could not start")
        // The free port may be taken between finding and binding it: try a few.
        for _ in 0..<3 {
            let port = try #require(FreePort.loopback())
            let server = try ValhallaTestServer(config: config, port: port)
            do {
                try await server.waitUntilReady(timeout: .seconds(120))
                return server
            } catch {
                server.stop()
                lastError = error
            }
        }
        throw lastError
    }

    /// How the tests talk to the real server: patient, as `OSRMFixture.patientTimeout`.
    static func configuration(_ server: URL) -> ValhallaConfiguration {
        ValhallaConfiguration(baseURL: server, timeout: OSRMFixture.patientTimeout)
    }

    /// Valhalla's own answer for the stops, asked without the provider (a POST with the body
    /// written here): per-leg length in metres and time in seconds.
    static func ownLegs(_ server: URL, _ stops: [Coordinate], excluding: [String] = []) async throws
        -> [(distance: Double, duration: Double)]
    {
        let locations: [[String: Any]] = stops.map { ["lat": $0.latitude, "lon": $0.longitude, "type": "break"] }
        var body: [String: Any] = ["locations": locations, "costing": "auto", "units": "kilometers"]
        if !excluding.isEmpty {
            body["costing_options"] = ["auto": Dictionary(uniqueKeysWithValues: excluding.map { ("exclude_" + $0, true) })]
        }
        var request = URLRequest(url: server.appendingPathComponent("route"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        struct Answer: Decodable {
            struct Trip: Decodable { var legs: [Leg] }
            struct Leg: Decodable { var summary: Summary }
            struct Summary: Decodable {
                var length: Double
                var time: Double
            }
            var trip: Trip
        }
        let answer = try JSONDecoder().decode(Answer.self, from: data)
        return answer.trip.legs.map { ($0.summary.length * 1000, $0.summary.time) }
    }
}

extension ValhallaFixture {
    /// Valhalla's own travel matrix for the stops, asked without the provider (a POST): seconds
    /// and metres, nil where no road joins a pair.
    static func ownMatrix(_ server: URL, _ stops: [Coordinate]) async throws -> (durations: [[Double?]], distances: [[Double?]]) {
        let locations: [[String: Any]] = stops.map { ["lat": $0.latitude, "lon": $0.longitude] }
        let body: [String: Any] = [
            "sources": locations, "targets": locations, "costing": "auto", "units": "kilometers", "verbose": false
        ]
        var request = URLRequest(url: server.appendingPathComponent("sources_to_targets"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        struct Answer: Decodable {
            struct Matrices: Decodable {
                var durations: [[Double?]]
                var distances: [[Double?]]
            }
            var sources_to_targets: Matrices
        }
        let matrices = try JSONDecoder().decode(Answer.self, from: data).sources_to_targets
        return (matrices.durations, matrices.distances.map { $0.map { $0.map { $0 * 1000 } } })
    }
}

/// valhalla_service started through `Scripts/servers/valhalla.sh serve` (which `exec`s it, so its pid is
/// the server's), stopped by `stop()` or when released.
final class ValhallaTestServer: Sendable {
    let port: Int
    let baseURL: URL
    private let process: ChildProcess
    private let logFile: URL
    /// The copy of the config naming this port, which `serve` writes beside it.
    private let servedConfig: URL

    init(config: String, port: Int) throws {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        logFile = ValhallaFixture.tilesFolder.appendingPathComponent("serve-\(port).log")
        try? FileManager.default.removeItem(at: logFile)
        servedConfig = URL(fileURLWithPath: String(config.dropLast(".json".count)) + "-\(port).json")
        let script = OSRMFixture.packageRoot.appendingPathComponent("Scripts/servers/valhalla.sh").path
        process = try ChildProcess.spawn(
            "/bin/bash", [script, "serve", config, String(port)], stdout: .appending(logFile.path),
            stderr: .appending(logFile.path))
    }

    deinit { stop() }

    func stop() {
        if process.isRunning { _ = process.stop(grace: 2) }
        try? FileManager.default.removeItem(at: logFile)
        try? FileManager.default.removeItem(at: servedConfig)
    }

    /// Polls `/status` with real HTTP requests until the server answers.
    func waitUntilReady(timeout: Duration) async throws {
        var probe = URLRequest(url: baseURL.appendingPathComponent("status"))
        probe.timeoutInterval = 1
        let deadline = ContinuousClock.now + timeout
        while true {
            guard process.isRunning else {
                let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
                throw OSRMFixture.SetupFailure(text: "valhalla_service stopped at start: \(log.suffix(400))")
            }
            // As OSRMServer's: the last probe begins after the deadline, so a test process whose
            // threads were busy elsewhere for the whole wait still sees a server that is ready.
            let began = ContinuousClock.now
            if let (_, response) = try? await URLSession.shared.data(for: probe),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            if began >= deadline { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw OSRMFixture.SetupFailure(text: "valhalla_service did not answer on port \(port) in time")
    }
}
