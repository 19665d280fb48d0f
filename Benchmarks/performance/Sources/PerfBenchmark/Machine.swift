import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if let stdin { process.standardInput = try? FileHandle(forReadingFrom: stdin) }
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Wall time of running the command to completion, in ms, with its output discarded; nil when it fails.
    static func time(_ program: String, _ arguments: [String], stdin: URL? = nil) -> Double? {
        var ok = false
        let ms = milliseconds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
            process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if let stdin { process.standardInput = try? FileHandle(forReadingFrom: stdin) }
            guard (try? process.run()) != nil else { return }
            process.waitUntilExit()
            ok = process.terminationStatus == 0
        }
        return ok ? ms : nil
    }
}
