import Foundation
import HTTP
import RoadtripCore
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Why OSRM could not be set up (a bad URL, a missing program, a server that would not start);
/// `description` is one line for the person.
public struct OSRMSetupError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// An `osrm-routed` this process started for a prepared dataset (`--osrm-data REGION.osrm`),
/// listening on a free loopback port, stopped by `stop()`, when released, or when the process exits.
public final class OSRMServer: Sendable {
    public let dataset: URL
    public let port: Int
    /// "http://127.0.0.1:PORT": hand it to `OSRMConfiguration`.
    public let baseURL: URL
    private let process: ChildProcess
    private let logFile: URL
    private let stopped = Mutex(false)

    private init(dataset: URL, port: Int, process: ChildProcess, logFile: URL) {
        self.dataset = dataset
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.process = process
        self.logFile = logFile
    }

    deinit { stop() }

    /// Starts osrm-routed for `dataset` (the `X.osrm` base path that Scripts/servers/osrm.sh prepare
    /// prints) and returns once it answers HTTP. Loading a country takes a while, hence the
    /// generous default; Monaco loads in well under a second.
    public static func start(
        dataset path: String, binary: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readyTimeout: Duration = .seconds(300)
    ) async throws -> OSRMServer {
        let dataset = URL(fileURLWithPath: path).standardizedFileURL
        let algorithm = try algorithm(for: dataset)
        guard let routed = binary ?? OSRMBinaries.locate("osrm-routed", environment: environment) else {
            if let configured = environment["ROADTRIP_OSRM_BIN"], !configured.isEmpty {
                throw OSRMSetupError(
                    description: "ROADTRIP_OSRM_BIN=\(configured) is not an osrm-routed program: point it at one, "
                        + "or unset it (roadtrip roads import installs OSRM when it finds none)")
            }
            throw OSRMSetupError(
                description: "osrm-routed not found (looked in ROADTRIP_OSRM_BIN, ROADTRIP_OSRM_HOME, roadtrip's own copy, "
                    + "the install's own folder and PATH): roadtrip roads import installs it, or set ROADTRIP_OSRM_BIN to its path"
            )
        }
        var lastError = OSRMSetupError(description: "osrm-routed could not start")
        // The free port may be taken between finding and binding it: try a few.
        for _ in 0..<3 {
            guard let port = FreePort.loopback() else {
                throw OSRMSetupError(description: "no free port on 127.0.0.1 for osrm-routed")
            }
            let server = try launch(routed, dataset: dataset, algorithm: algorithm, port: port)
            do {
                try await server.waitUntilReady(timeout: readyTimeout)
                return server
            } catch let error as OSRMSetupError {
                server.stop()
                lastError = error
                if !error.description.contains("in use") { throw error }
            }
        }
        throw lastError
    }

    /// Stops the server: SIGTERM, then SIGKILL if it has not gone within two seconds.
    public func stop() {
        let first: Bool = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        process.stop(grace: 2)
        ChildRegistry.shared.remove(process.pid)
        try? FileManager.default.removeItem(at: logFile)
    }

    public var isRunning: Bool { process.isRunning }

    /// When the dataset's routing graph was last written: changes when it is prepared again.
    var preparedAt: Date { Self.preparedAt(dataset) }

    /// When `dataset`'s routing graph was last written; the distant past when it has none.
    static func preparedAt(_ dataset: URL) -> Date {
        let graph = ["mldgr", "hsgr"].map { dataset.path + "." + $0 }
            .first { FileManager.default.fileExists(atPath: $0) }
        let attributes = graph.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) }
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }

    /// MLD is what Scripts/servers/osrm.sh prepares; a CH dataset (osrm-contract) works too.
    static func algorithm(for dataset: URL) throws -> String {
        let files = FileManager.default
        if files.fileExists(atPath: dataset.path + ".mldgr") { return "MLD" }
        if files.fileExists(atPath: dataset.path + ".hsgr") { return "CH" }
        let hint =
            dataset.path.hasSuffix(".osm.pbf")
            ? "prepare it first: Scripts/servers/osrm.sh prepare \(dataset.path)"
            : "give the X.osrm path that Scripts/servers/osrm.sh prepare printed"
        throw OSRMSetupError(description: "\(dataset.path) is not a prepared OSRM dataset: \(hint)")
    }

    private static func launch(_ routed: URL, dataset: URL, algorithm: String, port: Int) throws -> OSRMServer {
        let logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-osrm-routed-\(getpid())-\(port).log")
        // WARNING keeps the per-request access log out of the file; start-up errors still land there.
        // Tables up to 5,000 stops (the default is 100): the best order asks for one table per trip.
        // It serves roadtrip alone: a minute of keep-alive (OSRM's default is 5 s) keeps a trip
        // edited with pauses, or asked for by a test process busy elsewhere, on one connection.
        let arguments = [
            "--algorithm", algorithm, "--ip", "127.0.0.1", "--port", String(port),
            "--verbosity", "WARNING", "--max-table-size", "5000", "--keepalive-timeout", "60", dataset.path
        ]
        let process: ChildProcess
        do {
            // Both streams appending, so neither writes over the other.
            try? FileManager.default.removeItem(at: logFile)
            process = try ChildProcess.spawn(
                routed.path, arguments, stdout: .appending(logFile.path),
                stderr: .appending(logFile.path))
        } catch {
            throw OSRMSetupError(description: "cannot run \(routed.path): \(error)")
        }
        ChildRegistry.shared.add(process.pid)
        return OSRMServer(dataset: dataset, port: port, process: process, logFile: logFile)
    }

    /// Polls with real HTTP requests: any answer, even an error status, means it is serving.
    private func waitUntilReady(timeout: Duration) async throws {
        let probe = HTTPClient(timeout: .seconds(1), maxBodyBytes: 1 << 16)
        let url = baseURL.appendingPathComponent("nearest/v1/driving/0,0")
        let deadline = ContinuousClock.now + timeout
        while !Task.isCancelled {
            guard process.isRunning else {
                throw OSRMSetupError(description: "osrm-routed stopped at start: \(lastLogLine())")
            }
            // The last probe is one that began after the deadline: a process whose threads were all
            // busy elsewhere may come back long after it, to a server that has been ready for a while.
            let began = ContinuousClock.now
            if case .success = await probe.get(url) { return }
            if began >= deadline { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        throw OSRMSetupError(description: "osrm-routed did not answer on port \(port) in time")
    }

    private func lastLogLine() -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return line.isEmpty ? "exit status \(process.status ?? 0)" : line
    }
}
