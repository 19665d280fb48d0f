import Foundation

/// Runs the real `roadtrip` binary as a subprocess and captures what it wrote where.
public enum RoadtripProcess {
    /// What one run did.
    public struct Outcome: Sendable, CustomStringConvertible {
        public var status: Int32
        public var stdoutData: Data
        public var stderrData: Data

        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrData, as: UTF8.self) }

        /// For test failure messages.
        public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The binary under test: `$ROADTRIP_BIN`, else `.build/debug/roadtrip` in this checkout.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ROADTRIP_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.appendingPathComponent(".build/debug/roadtrip")
    }

    /// The checkout this file is in (Tests/TestSupport/ is two folders down).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `roadtrip args…` with `stdin` as its standard input (empty when nil) in `directory`
    /// (a fresh empty folder when nil) and waits for it.
    ///
    /// The environment is only `LANG=C.UTF-8`, a `HOME` that holds nothing, and `env`: the
    /// developer's own `$ROADTRIP_DATA` or trips never leak into a test. Output goes through
    /// files, so a large export cannot fill a pipe and stall the child.
    public static func run(
        _ args: [String], stdin: Data? = nil, env: [String: String] = [:],
        directory: URL? = nil
    ) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw MissingBinary(path: binary.path)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-process-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("stdin")
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let status = try Spawn.run(
            binary.path, args, environment: ["LANG": "C.UTF-8", "HOME": folder.path].merging(env) { $1 },
            directory: (directory ?? folder).path, stdin: input.path,
            stdout: output.path, stderr: errors.path)
        return Outcome(status: status, stdoutData: try Data(contentsOf: output), stderrData: try Data(contentsOf: errors))
    }

    /// The binary was not built: a clear failure instead of a confusing one.
    public struct MissingBinary: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "roadtrip binary not found at \(path): run `swift build` first or set ROADTRIP_BIN"
        }
    }
}
