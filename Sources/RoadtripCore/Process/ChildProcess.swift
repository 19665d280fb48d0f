import Foundation
#if canImport(Glibc)
    import Glibc
#endif

// GNU extensions that Glibc's Swift module hides: a pipe born close-on-exec (so a child spawned by
// another thread in between cannot inherit it and hold it open), and a working folder for the child.
@_silgen_name("pipe2")
private func c_pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func c_addchdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32
// Closes every descriptor from `from` up in the child (glibc 2.34).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func c_addclosefrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// A program this process started with posix_spawn and reaps with waitpid.
///
/// Foundation's `Process` on Linux can miss a child's exit and spin in `waitUntilExit` for ever
/// (seen here: `OSRMServer.stop()` and a test runner both hung on a child that was already a
/// zombie), so nothing in roadtrip or its tests waits through it.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `reaped` is only touched under `lock`; the rest is set once in init (FileHandle is not marked Sendable on Linux).
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A file, created (mode 0600) or truncated.
        case file(String)
        /// A file, created (mode 0600) or added to: standard output and error can share one.
        case appending(String)
        /// A pipe whose other end this process holds (`input`, `output` or `errors`).
        case pipe
    }

    struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    /// The writing end of the child's standard input, when it was `.pipe`; close it to send EOF.
    public let input: FileHandle?
    /// The reading end of the child's standard output, when it was `.pipe`.
    public let output: FileHandle?
    /// The reading end of the child's standard error, when it was `.pipe`.
    public let errors: FileHandle?

    private let lock = NSLock()
    private var reaped: Int32?

    private init(pid: pid_t, input: FileHandle?, output: FileHandle?, errors: FileHandle?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// Starts `executable` (a path) with `arguments`, `environment` (this process's when nil) and
    /// the given streams, in `directory` when one is given.
    public static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, stdin: Stream = .null, stdout: Stream = .null,
        stderr: Stream = .null
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32: Int32] = [:]
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .appending(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard c_pipe2(&ends, O_CLOEXEC) == 0 else {
                    throw SpawnError(description: "cannot make a pipe: \(Self.reason(errno))")
                }
                let (mine, theirs) = fd == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                parentEnds[fd] = mine
                childEnds.append(theirs)
                // dup2 clears close-on-exec on the copy, so only the child's own end survives exec.
                posix_spawn_file_actions_adddup2(&actions, theirs, fd)
            }
        }
        if let directory { _ = c_addchdir(&actions, directory) }
        // The child gets its three streams and nothing else of ours: an inherited socket or pipe end
        // would stay open as long as it (or a daemon it starts) lives, and a reader would never see EOF.
        _ = c_addclosefrom(&actions, 3)
        // Nor our signal state: threads of this process (Dispatch's workers) block most signals,
        // and a child starting with SIGTERM or SIGCHLD blocked cannot be stopped, or cannot reap.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            parentEnds.values.forEach { close($0) }
            throw SpawnError(description: "cannot run \(executable): \(reason(spawned))")
        }
        let handle = { (fd: Int32) in parentEnds[fd].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) } }
        return ChildProcess(pid: pid, input: handle(0), output: handle(1), errors: handle(2))
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { reap() == nil }

    /// The exit status once it has ended: the program's code, 128 + the signal that ended it, or
    /// -1 when something else in this process reaped it first.
    public var status: Int32? { reap() }

    /// Waits for the child to end and returns its status (as `status`).
    @discardableResult
    public func wait() -> Int32 {
        // waitid with WNOWAIT blocks until the end without reaping, so the reaping itself stays under
        // the lock and a concurrent `isRunning` can never take the status from under us.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        while true {
            if let status = reap() { return status }
            usleep(1000)
        }
    }

    /// Sends `signal` unless the child has already been reaped (its pid may then be someone else's).
    public func send(_ signal: Int32) {
        lock.withLock {
            if reaped == nil { _ = kill(pid, signal) }
        }
    }

    /// SIGTERM, then SIGKILL if it has not ended within `grace` seconds; returns its status.
    @discardableResult
    public func stop(grace: TimeInterval = 2) -> Int32 {
        send(SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { usleep(10_000) }
        send(SIGKILL)
        return wait()
    }

    private func reap() -> Int32? {
        lock.withLock {
            if let reaped { return reaped }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            guard result == pid else {
                // ECHILD: something else reaped it (SIGCHLD set to SIG_IGN, a waitpid(-1)); it has ended.
                if result == -1 && errno == ECHILD { reaped = -1 }
                return reaped
            }
            reaped = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            return reaped
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
