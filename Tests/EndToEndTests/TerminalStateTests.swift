import Foundation
import Testing
import TestSupport

/// The terminal is given back as it was: `stty -g` in the pane is the same before the app
/// started and after it ended, however it ended.
///
/// Each test first proves the app really changed the settings while running (read from
/// outside through the pane's tty), so an app that never took the terminal over cannot pass.
/// Endings run under a plain `sh -c` that restores nothing itself, unlike an interactive
/// bash, which would hide a leak by resetting the terminal after a job dies of a signal.
@Suite(.serialized)
struct TerminalStateTests {
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case quit, ctrlC, sigterm, sighup, segfault, abort

        var testDescription: String { rawValue }

        /// The signal sent to the app process from outside, if the ending is one.
        var signal: Int32? {
            switch self {
            case .sigterm: SIGTERM
            case .sighup: SIGHUP
            case .segfault: SIGSEGV
            case .abort: SIGABRT
            case .quit, .ctrlC: nil
            }
        }
    }

    @Test(arguments: Ending.allCases)
    func settingsAreRestored(after ending: Ending) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        // `trap :` keeps the wrapper alive through Ctrl-C (which reaches the whole foreground group)
        // while the app, started from it, still gets SIGINT's default disposition.
        let script = """
            trap : INT; stty -g > before.part; mv before.part before; \
            \(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(data.path)); \
            echo $? > status; stty -g > after.part; mv after.part after
            """
        let session = try TmuxSession(command: ["sh", "-c", script], environment: appEnvironment(dir), workingDirectory: dir.url)
        defer { session.kill() }
        try #require(dir.waitForFile("before"), "the pane's shell never ran")
        let before = try #require(saved("before", in: dir))
        let running = try waitForAppToTakeOver(session, shellSettings: before)
        #expect(try session.mouseModes().contains("sgr"), "mouse reporting is not on while the app runs")
        #expect(running != before)

        switch ending {
        case .quit: try session.send(keys: ["q"])
        case .ctrlC: try session.send(keys: ["C-c"])
        default:
            let app = try #require(ProcessTree.children(of: try session.panePID()).first, "no app process under the pane's shell")
            kill(app, ending.signal!)
        }
        let ended = dir.waitForFile("after", timeout: 20)
        let screen = (try? session.capture()) ?? ""
        try #require(ended, "the app did not end after \(ending); screen:\n\(screen)")
        #expect(saved("after", in: dir) == before, "terminal settings changed after \(ending)")
        let status = dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines)
        switch ending {
        case .quit:
            #expect(status == "0")
        case .ctrlC, .sigterm, .sighup:
            // Ending in order may exit 0 or die again by the signal (128+n), as shells expect.
            let sig = ending == .ctrlC ? SIGINT : ending.signal!
            #expect(status == "0" || status == String(128 + sig), "exit status \(status ?? "none")")
        case .segfault, .abort:
            // The crash handler restores the terminal and then the signal still kills the process.
            #expect(status == String(128 + ending.signal!), "exit status \(status ?? "none")")
        }
    }

    @Test func settingsAreRestoredOnSuspendAndAfterResume() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        // An interactive sh (dash on Debian) for job control; unlike bash it keeps no tty state of its own.
        let session = try TmuxSession(
            command: ["sh", "-i"], environment: appEnvironment(dir).merging(["PS1": "$ "]) { $1 },
            workingDirectory: dir.url)
        defer { session.kill() }
        let shell = try session.panePID()
        try session.waitFor(text: "$")
        try session.typeLine("stty -g > before.part; mv before.part before")
        try #require(dir.waitForFile("before"))
        let before = try #require(saved("before", in: dir))

        try session.typeLine("\(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(data.path))")
        let running = try waitForAppToTakeOver(session, shellSettings: before)

        let app = try #require(ProcessTree.children(of: shell).first, "no app process under the shell")
        try session.send(keys: ["C-z"])
        try session.waitFor(text: "Stopped")
        #expect(ProcessTree.state(of: app) == "T", "Ctrl-Z did not stop the app")
        try session.typeLine("stty -g > suspended.part; mv suspended.part suspended")
        try #require(dir.waitForFile("suspended"))
        #expect(saved("suspended", in: dir) == before, "terminal settings not restored while suspended")
        #expect(try session.mouseModes().isEmpty, "mouse reporting left on for the shell while suspended")

        try session.typeLine("fg")
        // Redrawn whole on resume: the app's screen again, with nothing of the shell's left on it.
        try session.waitUntil(timeout: 15, "the app redrawn after fg") { $0.contains("roadtrip") && !$0.contains("Stopped") }
        #expect(ProcessTree.state(of: app) != "T", "fg did not resume the app")
        #expect(
            try sttySettings(session.paneTTY()) == running,
            "the app's terminal settings were not taken back after fg")
        #expect(try session.mouseModes().contains("sgr"), "mouse reporting not turned on again after fg")

        try session.send(keys: ["q"])
        let deadline = Date().addingTimeInterval(15)
        while !ProcessTree.children(of: shell).isEmpty, Date() < deadline { usleep(50_000) }
        try #require(ProcessTree.children(of: shell).isEmpty, "the app did not quit after fg and q")
        try session.typeLine("stty -g > after.part; mv after.part after")
        try #require(dir.waitForFile("after"))
        #expect(saved("after", in: dir) == before, "terminal settings changed after Ctrl-Z, fg and quit")
        #expect(try session.mouseModes().isEmpty, "mouse reporting left on after quitting")
    }

    /// Keeps the app away from the user's own data and settings.
    private func appEnvironment(_ dir: TemporaryDirectory) -> [String: String] {
        [
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "ROADTRIP_DATA": dir.file("trips.json").path,
            "XDG_DATA_HOME": dir.file("xdg").path, "XDG_CACHE_HOME": dir.file("cache").path
        ]
    }

    /// Waits until the app has drawn its screen and switched the terminal to its own settings;
    /// returns those settings (as `stty -g` prints them).
    private func waitForAppToTakeOver(_ session: TmuxSession, shellSettings: String) throws -> String {
        let tty = try session.paneTTY()
        try session.waitUntil(timeout: 20, "the app's screen") { screen in
            screen.contains("roadtrip") && (try? sttySettings(tty)).map { $0 != shellSettings } == true
        }
        return try sttySettings(tty)
    }

    /// Settings the pane's shell saved with `stty -g` into `name`.
    private func saved(_ name: String, in dir: TemporaryDirectory) -> String? {
        dir.read(name)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func sttySettings(_ tty: String) throws -> String {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/stty"), ["-g", "-F", tty]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Without a usable terminal the app explains why on one line and exits non-zero, having
/// written nothing to the terminal and changed none of its settings.
@Suite(.serialized)
struct TerminalRefusalTests {
    @Test func refusesWhenOutputIsNotATerminal() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["XDG_DATA_HOME"] = dir.file("xdg").path
        // Standard input is /dev/null and standard output a file: neither is a terminal.
        let result = try ProcessRunner.run(
            RoadtripBinary.url, ["--data", dir.file("trips.json").path],
            environment: environment, check: false)
        #expect(result.status != 0)
        #expect(result.output.isEmpty, "wrote to standard output: \(result.output)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.error)")
        #expect(result.error.contains("not a terminal"))
        #expect(!result.error.contains("\u{1B}"))
    }

    @Test(arguments: ["TERM=no-such-terminal", "-u TERM"])
    func refusesAnUnknownOrMissingTerminalType(setting: String) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        // The app starts once everything the pane shows is being recorded (`go`); its standard
        // output stays the terminal, so every byte it writes there lands in `pane-output`.
        let script = """
            while [ ! -e go ]; do sleep 0.05; done; stty -g > before.part; mv before.part before; \
            env \(setting) \(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(dir.file("trips.json").path)) \
            2> err; echo $? > status; stty -g > after.part; mv after.part after
            """
        let session = try TmuxSession(
            command: ["sh", "-c", script],
            environment: ["LANG": "C.UTF-8", "XDG_DATA_HOME": dir.file("xdg").path],
            workingDirectory: dir.url)
        defer { session.kill() }
        try session.recordOutput(to: dir.file("pane-output"))
        try dir.write("", to: "go")
        try #require(dir.waitForFile("after", timeout: 20), "the app did not end")
        #expect(dir.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) != "0")
        #expect((dir.read("pane-output") ?? "").isEmpty, "wrote to the terminal: \(dir.read("pane-output") ?? "")")
        let error = dir.read("err") ?? ""
        #expect(error.split(separator: "\n").count == 1, "stderr: \(error)")
        #expect(error.contains(setting.hasPrefix("TERM=") ? "no-such-terminal" : "TERM is not set"), "stderr: \(error)")
        #expect(dir.read("after") == dir.read("before"))
    }
}

/// Colours by default; none at all when NO_COLOR is set, whatever its value.
@Suite(.serialized)
struct TerminalColourTests {
    @Test(arguments: [false, true])
    func coloursFollowNoColor(noColor: Bool) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let script = """
            while [ ! -e go ]; do sleep 0.05; done; \
            \(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(dir.file("trips.json").path)); touch done
            """
        var environment = ["LANG": "C.UTF-8", "XDG_DATA_HOME": dir.file("xdg").path]
        if noColor { environment["NO_COLOR"] = "" }
        let session = try TmuxSession(
            command: ["sh", "-c", script], term: "xterm-256color",
            environment: environment, workingDirectory: dir.url)
        defer { session.kill() }
        try session.recordOutput(to: dir.file("pane-output"))
        try dir.write("", to: "go")
        try session.waitFor(text: "roadtrip", timeout: 20)
        try session.send(keys: ["q"])
        try #require(dir.waitForFile("done", timeout: 20), "the app did not quit")
        let output = dir.read("pane-output") ?? ""
        // SGR parameters 30–37/40–47 (and 38;5/48;5) are colours; bold, reverse and the like are not.
        let colour = try Regex("\u{1B}\\[(?:[0-9]*;)*(?:3[0-8]|4[0-8])(?:;[0-9]*)*m")
        #expect(
            output.contains(colour) == !noColor,
            "colour sequences \(noColor ? "despite" : "without") NO_COLOR: \(output.debugDescription.prefix(600))")
    }
}
