import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private server.
///
/// Each session runs its own tmux server (`-L` with a unique socket name, `-f /dev/null` so
/// no user configuration leaks in), so tests never see each other's panes. Panes stay on
/// screen after their command ends (`remain-on-exit`), so what it printed last can be read.
public final class TmuxSession {
    /// The tmux server's socket name (`tmux -L <socket>`).
    public let socket: String
    public let width: Int
    public let height: Int
    private var killed = false
    private var serverPID: pid_t?

    /// TERM inside the pane when none is given: tmux's own entry, or `screen` where it is missing.
    public static var defaultTerm: String {
        let dirs = ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"]
        let hasTmux = dirs.contains { FileManager.default.fileExists(atPath: $0 + "/t/tmux-256color") }
        return hasTmux ? "tmux-256color" : "screen"
    }

    /// Whether the tmux program is installed.
    public static var isAvailable: Bool { (try? Self.executable()) != nil }

    /// Starts `command` (run directly, no shell, unless the command is one) in a new detached
    /// session of `width`×`height` cells, with TERM set to `term` and `environment` added to
    /// this process's (less NO_COLOR, the app's data paths and terminal size variables).
    public init(
        command: [String], width: Int = 100, height: Int = 30, term: String = TmuxSession.defaultTerm,
        environment: [String: String] = [:], workingDirectory: URL? = nil
    ) throws {
        precondition(!command.isEmpty, "a tmux session needs a command")
        socket = "roadtrip-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        var args = [
            "start-server", ";",
            "set-option", "-g", "default-terminal", term, ";",
            "set-option", "-g", "remain-on-exit", "on", ";",
            "set-option", "-g", "history-limit", "0", ";",
            "new-session", "-d", "-s", "roadtrip", "-x", String(width), "-y", String(height)
        ]
        if let workingDirectory { args += ["-c", workingDirectory.path] }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(name)=\(value)"] }
        args += command
        try tmux(args, environment: Self.serverEnvironment())
        serverPID = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit { kill() }

    /// Presses keys by tmux name: "Enter", "Escape", "S-Up", "C-c", "BSpace", "PPage", "F1", "q".
    public func send(keys: [String]) throws {
        guard !keys.isEmpty else { return }
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (no key-name lookup), as pasted or typed characters.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Types `text` one character at a time with a pause after each, as a person types.
    public func typeSlowly(_ text: String, pause: TimeInterval = 0.015) throws {
        for character in text {
            try type(String(character))
            Thread.sleep(forTimeInterval: pause)
        }
    }

    /// Pastes `text` as a terminal does: bracketed (marked as a paste) when the program asked for
    /// that, as plain typed characters otherwise.
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "roadtrip-paste", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "roadtrip-paste", "-t", target])
    }

    /// A mouse button at column `x`, row `y` (from 0), as a terminal reports it in SGR form once the
    /// program turned mouse reporting on: `press` and `release` false for a press, true for a release.
    public func mouse(_ button: MouseButton, x: Int, y: Int, release: Bool = false) throws {
        try type("\u{1B}[<\(button.rawValue);\(x + 1);\(y + 1)" + (release ? "m" : "M"))
    }

    /// A click (press and release) at column `x`, row `y`; `times` 2 is a double-click.
    public func click(x: Int, y: Int, times: Int = 1) throws {
        for _ in 0..<times {
            try mouse(.left, x: x, y: y)
            try mouse(.left, x: x, y: y, release: true)
        }
    }

    /// A press at one cell and a release at another: a drag.
    public func drag(from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        try mouse(.left, x: from.x, y: from.y)
        try mouse(.left, x: to.x, y: to.y, release: true)
    }

    /// A mouse button or a notch of the wheel, by its SGR button number.
    public enum MouseButton: Int {
        case left = 0, right = 2, wheelUp = 64, wheelDown = 65, ctrlWheelUp = 80, ctrlWheelDown = 81
    }

    /// Which mouse modes the program in the pane has turned on, as tmux tracks them: "any", "sgr", "standard".
    public func mouseModes() throws -> Set<String> {
        let text = try tmux([
            "display-message", "-p", "-t", target, "#{mouse_any_flag} #{mouse_sgr_flag} #{mouse_standard_flag}"
        ])
        let flags = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        return Set(zip(["any", "sgr", "standard"], flags).filter(\.1).map(\.0))
    }

    /// Where the terminal cursor is (column, row), and whether it is shown.
    public func cursor() throws -> (x: Int, y: Int, visible: Bool) {
        let text = try tmux(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y} #{cursor_flag}"])
        let parts = text.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        guard parts.count == 3 else { throw TmuxError.failed(command: "display-message cursor", output: text) }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Types a shell command line and presses Enter.
    public func typeLine(_ line: String) throws {
        try type(line)
        try send(keys: ["Enter"])
    }

    /// The visible screen of the pane as plain text, one line per row.
    public func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target])
    }

    /// How long a wait lasts before it fails: long, because a loaded CI machine running every suite
    /// at once has taken more than 10 s to show a search's answer, and a wait that succeeds costs only
    /// the time it takes.
    public static let patience: TimeInterval = 40

    /// Polls the screen until it contains `text`; returns that screen, or throws with the last one.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = TmuxSession.patience) throws -> String {
        try waitUntil(timeout: timeout, "\"\(text)\" on screen") { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds; returns that screen, or throws with the last one.
    @discardableResult
    public func waitUntil(
        timeout: TimeInterval = TmuxSession.patience, _ what: String, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while true {
            screen = try capture()
            if condition(screen) { return screen }
            if Date() >= deadline { throw TmuxError.timeout(waitingFor: what, screen: screen) }
            usleep(50_000)
        }
    }

    /// The process id of the pane's command.
    public func panePID() throws -> pid_t {
        let text = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TmuxError.failed(command: "display-message pane_pid", output: text)
        }
        return pid
    }

    /// The pane's terminal device (/dev/pts/N), for reading its settings from outside.
    public func paneTTY() throws -> String {
        try tmux(["display-message", "-p", "-t", target, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane's command has ended.
    public func isPaneDead() throws -> Bool {
        try tmux(["display-message", "-p", "-t", target, "#{pane_dead}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Appends every byte the pane's programs write to its terminal from now on to `file`
    /// (tmux pipe-pane), escape sequences included.
    public func recordOutput(to file: URL) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        try tmux(["pipe-pane", "-o", "-t", target, "cat >> " + shellQuote(file.path)])
    }

    /// Changes the window's size, as dragging a terminal window's corner would.
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    /// Ends the session and its server.
    public func kill() {
        guard !killed else { return }
        killed = true
        if (try? tmux(["kill-server"])) == nil, let serverPID { Foundation.kill(serverPID, SIGKILL) }
    }

    private let target = "=roadtrip:"

    @discardableResult
    private func tmux(_ args: [String], environment: [String: String]? = nil) throws -> String {
        try ProcessRunner.run(Self.executable(), ["-L", socket, "-f", "/dev/null"] + args, environment: environment).output
    }

    /// What the server (and so every pane) inherits: this process's environment without what
    /// would change the app under test behind a test's back (a test runner's NO_COLOR, the
    /// developer's own data file, an outer tmux, a fixed terminal size).
    private static func serverEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "NO_COLOR", "ROADTRIP_DATA", "XDG_DATA_HOME", "XDG_CACHE_HOME", "TMUX", "TMUX_PANE",
            "COLUMNS", "LINES", "ESCDELAY", "TERM"
        ] {
            environment[name] = nil
        }
        return environment
    }

    private static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: dir).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TmuxError.notInstalled
    }
}

/// What went wrong driving tmux.
public enum TmuxError: Error, CustomStringConvertible {
    case notInstalled
    case failed(command: String, output: String)
    case timeout(waitingFor: String, screen: String)

    public var description: String {
        switch self {
        case .notInstalled: "tmux is not installed (apt-get install tmux)"
        case .failed(let command, let output): "tmux \(command) failed: \(output)"
        case .timeout(let what, let screen): "timed out waiting for \(what); the screen was:\n\(screen)"
        }
    }
}
