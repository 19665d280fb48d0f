import Foundation

/// Runs a program to completion and collects what it printed.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// Runs `executable` with `arguments`, standard input from /dev/null and `environment` (this
    /// process's when nil); throws when it cannot
    /// start, or exits non-zero or by a signal unless `check` is false.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process, whose wait can miss the exit of a
    /// program that leaves a daemon behind (a tmux client starting its server).
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           check: Bool = true) throws -> Result {
        // Files, not pipes: the daemon may keep a pipe open for ever.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        let outPath = scratch.path + ".out", errPath = scratch.path + ".err"
        defer { unlink(outPath); unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        let name = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        guard spawned == 0 else { throw TmuxError.failed(command: name, output: String(cString: strerror(spawned))) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let exited = raw & 0x7F == 0
        let status = exited ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        let result = Result(status: status,
                            output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                            error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        if check, !exited || status != 0 {
            throw TmuxError.failed(command: name, output: result.error + result.output)
        }
        return result
    }
}

/// Starts a program with posix_spawn and waits for it with waitpid.
///
/// Foundation's `Process.waitUntilExit` on Linux can miss a child's exit and spin for ever (seen
/// here: a zombie `roadtrip` and a test runner at 90 % CPU), so no test waits through it.
public enum Spawn {
    /// Runs `executable` with `arguments` and exactly `environment`, in `directory` (through
    /// coreutils `env -C`), standard streams from and to the given files; returns the exit status
    /// (128 + the signal when a signal ended it).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           directory: String? = nil, stdin: String = "/dev/null",
                           stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let program = directory == nil ? executable : "/usr/bin/env"
        let argv0 = directory.map { ["/usr/bin/env", "-C", $0, executable] } ?? [executable]
        let argv = (argv0 + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
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
                  let close = stat.lastIndex(of: ")") else { return nil }
            // Fields after "(comm)": state, then the parent id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    /// The one-letter scheduler state of `pid` ("R", "S", "T" when stopped, "Z"), or nil when it is gone.
    public static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
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
