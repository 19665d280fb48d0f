import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// The full-screen planner in a real terminal (tmux): hostile names stay inert, and the lock holds.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && RoadtripBinary.exists, "needs tmux and a built roadtrip"))
struct FullScreenReliabilityTests {
    /// What tmux says about the pane, e.g. `#{pane_title}`.
    func query(_ session: TmuxSession, _ format: String) throws -> String {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["tmux", "-L", session.socket, "display-message", "-p", "-t", "roadtrip", format],
            check: false)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func hostileNamesNeitherRetitleNorRedrawTheTerminal() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(OutsideTextTests.hostileFile, to: "trips.json")
        let raw = folder.file("pane-output")
        let session = try TmuxSession(
            command: [
                "sh", "-c", "printf '\\033]2;before\\007'; sleep 0.3; exec \"$0\" --data \"$1\"",
                RoadtripBinary.url.path, file.path
            ], width: 100, height: 30)
        try session.recordOutput(to: raw)
        let titleBefore = try session.waitUntil(timeout: 10, "the title set") { _ in
            (try? query(session, "#{pane_title}")) == "before"
        }
        _ = titleBefore
        try session.waitFor(text: "^[]0;pwned^GEvil")
        try session.send(keys: ["Enter"])
        let detail = try session.waitFor(text: "^[[31mred^[[0m stop")
        #expect(detail.contains("^[[2J^[[10;5Hmoved"), "\(detail)")
        #expect(try query(session, "#{pane_title}") == "before")
        try session.send(keys: ["q", "q"])
        _ = try session.waitUntil(timeout: 10, "the planner to quit") { _ in (try? session.isPaneDead()) == true }
        #expect(try query(session, "#{pane_title}") == "before")
        let bytes = try Data(contentsOf: raw)
        for sequence in ["\u{1B}]0;pwned", "\u{1B}[31mred", "\u{1B}[2J\u{1B}[10;5Hmoved", "\u{C2}\u{9B}31m"] {
            #expect(bytes.range(of: Data(sequence.utf8)) == nil, "the app wrote \(sequence.debugDescription) to the terminal")
        }
    }

    @Test func secondCopyIsRefusedNamingTheFirst() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("trips.json")
        #expect(try RoadtripProcess.run(["new", "Alps", "--data", file.path]).status == 0)
        let first = try TmuxSession(command: [RoadtripBinary.url.path, "--data", file.path])
        try first.waitFor(text: "Alps")
        let pid = try first.panePID()

        let edit = try RoadtripProcess.run(["rename", "Alps", "Mine", "--data", file.path])
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("is open in another roadtrip (pid \(pid), full-screen planner)"), "\(edit.stderr)")

        // Wide enough that the one-line refusal is not wrapped. The shell keeps the pane open after
        // the refusal: tmux may drop what a pane printed if its program is gone before it reads it.
        let second = try TmuxSession(
            command: [
                "sh", "-c", "\"$0\" --data \"$1\"; echo \"exit status $?\"; sleep 60",
                RoadtripBinary.url.path, file.path
            ], width: 250)
        defer { second.kill() }
        let screen = try second.waitFor(text: "exit status")
        #expect(screen.contains("is open in another roadtrip (pid \(pid), full-screen planner)"), "\(screen)")
        #expect(screen.contains("exit status 1"), "\(screen)")

        // The first planner's edits still save.
        try first.send(keys: ["r", "C-u"])
        try first.type("Alps, mine")
        try first.send(keys: ["Enter"])
        try first.waitFor(text: "Renamed")
        // Saving is in the background, so the file may take a moment to catch up with the screen.
        let deadline = Date().addingTimeInterval(10)
        while (try? JSONTripStore(url: file).load()?.trips.map(\.name)) != ["Alps, mine"], Date() < deadline {
            usleep(20_000)
        }
        #expect(try JSONTripStore(url: file).load()?.trips.map(\.name) == ["Alps, mine"])
        try first.send(keys: ["q"])
        _ = try first.waitUntil(timeout: 10, "the planner to quit") { _ in (try? first.isPaneDead()) == true }
        #expect(try RoadtripProcess.run(["rename", "Alps", "Alps again", "--data", file.path]).status == 0)
    }
}
