import Foundation
import RoadtripCore

/// Runs a program to completion and collects what it printed.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// Runs `executable` with `arguments`, standard input from /dev/null and `environment` (this
    /// process's when nil); throws when it cannot start, or exits non-zero or by a signal unless
    /// `check` is false.
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        check: Bool = true
    ) throws -> Result {
        // Files, not pipes: a daemon it leaves behind (a tmux client starting its server) may keep a pipe open for ever.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        let outPath = scratch.path + ".out", errPath = scratch.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let name = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        let status: Int32
        do {
            status = try ChildProcess.spawn(
                executable.path, arguments, environment: environment,
                stdout: .file(outPath), stderr: .file(errPath)
            ).wait()
        } catch {
            throw TmuxError.failed(command: name, output: "\(error)")
        }
        let result = Result(
            status: status,
            output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        if check, status != 0 {
            throw TmuxError.failed(command: name, output: result.error + result.output)
        }
        return result
    }
}

/// Runs a program to its end with its standard streams from and to files.
public enum Spawn {
    /// Runs `executable` with `arguments` and exactly `environment`, in `directory`, standard
    /// streams from and to the given files; returns the exit status (128 + the signal when a
    /// signal ended it).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: String? = nil, stdin: String = "/dev/null",
        stdout: String, stderr: String
    ) throws -> Int32 {
        try ChildProcess.spawn(
            executable, arguments, environment: environment, directory: directory,
            stdin: .file(stdin), stdout: .file(stdout), stderr: .file(stderr)
        ).wait()
    }
}

/// Processes by parentage, read from /proc (Linux).
public enum ProcessTree {
    /// The ids of the processes whose parent is `pid`.
    public static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let child = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // Fields after "(comm)": state, then the parent id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    /// The one-letter scheduler state of `pid` ("R", "S", "T" when stopped, "Z"), or nil when it is gone.
    public static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// Waits until `pid` has a child and returns it, or nil after `timeout`.
    public static func waitForChild(of pid: pid_t, timeout: TimeInterval = 10) -> pid_t? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let child = children(of: pid).first { return child }
            usleep(20_000)
        }
        return nil
    }
}

/// Quotes `text` for a POSIX shell command line.
public func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
