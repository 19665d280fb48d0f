import Foundation

/// The real `roadtrip` binary, run as a child process with its output captured.
public enum RoadtripProcess {
    /// `$ROADTRIP_BIN` (set by `make test`), else the debug build beside this package.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ROADTRIP_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/roadtrip")
    }

    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        public var out: String { String(decoding: stdout, as: UTF8.self) }
        public var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `roadtrip arguments…` to the end.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = start(arguments, environment: environment)
        try process.process.run()
        // Read both pipes while it runs, so a full pipe never blocks it.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = process.stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = process.stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.process.waitUntilExit()
        return Outcome(status: process.process.terminationStatus, stdout: outData, stderr: errData)
    }

    /// A configured, not yet started process and its pipes, for tests that run two at once.
    public static func start(_ arguments: [String], environment: [String: String] = [:])
        -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        return (process, out, err)
    }
}
