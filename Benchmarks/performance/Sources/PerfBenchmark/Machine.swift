import Foundation
import RoadtripCore

/// What the figures were measured on.
enum Machine {
    static func describe() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .map { String($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") }
            .flatMap { Int($0) }.map { String(format: "%.1f GiB", Double($0) / 1_048_576) } ?? "unknown"
        let swift = Command.run("swift", ["--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"
        let python = Command.run("python3", ["--version"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "none"
        let kernel = Command.run("uname", ["-sr"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return """
        Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (nproc), \(cpu), \(memory) RAM, \(kernel)
        Toolchain: \(swift); \(python); GeodSolve \(Command.run("dpkg-query", ["-W", "-f", "${Version}", "geographiclib-tools"]) ?? "not installed")
        """
    }
}

/// Runs programs and reads what they print.
enum Command {
    /// Standard output of `program` run with `arguments` (found on PATH), or nil when it fails to start or fails.
    static func run(_ program: String, _ arguments: [String], stdin: URL? = nil, environment: [String: String]? = nil) -> String? {
        let variables = environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } }
        guard let child = try? ChildProcess.spawn("/usr/bin/env", [program] + arguments, environment: variables,
                                                  stdin: stdin.map { .file($0.path) } ?? .null, stdout: .pipe)
        else { return nil }
        let data = child.output?.readDataToEndOfFile() ?? Data()
        guard child.wait() == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Milliseconds that `program` took to run to a successful end, or nil when it failed.
    static func time(_ program: String, _ arguments: [String], stdin: URL? = nil) -> Double? {
        var ok = false
        let ms = milliseconds {
            let path = program.hasPrefix("/") ? program : "/usr/bin/env"
            let argv = program.hasPrefix("/") ? arguments : [program] + arguments
            guard let child = try? ChildProcess.spawn(path, argv, stdin: stdin.map { .file($0.path) } ?? .null) else { return }
            ok = child.wait() == 0
        }
        return ok ? ms : nil
    }
}
