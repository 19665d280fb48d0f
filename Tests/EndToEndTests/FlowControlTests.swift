import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Ctrl-S is a key here (save, in the editor and the settings form), even in a terminal whose
/// flow control is on (`stty ixon`, the default of most): the app turns it off while it runs and
/// gives it back when it ends.
@Suite(.serialized)
struct FlowControlTests {
    @Test func ctrlSSavesTheStopWithFlowControlOnAndIxonIsBackAfterwards() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let lyon = Waypoint(name: "Lyon", coordinate: Coordinate(latitude: 45.76, longitude: 4.84))
        let sandbox = try CLISandbox(trips: [Trip(name: "Flow", waypoints: [lyon])])
        let script = """
            stty ixon; \(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); \
            stty -a > after.part; mv after.part after
            """
        let session = try TmuxSession(
            command: ["sh", "-c", script],
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
                "XDG_CACHE_HOME": sandbox.file("cache").path
            ],
            workingDirectory: sandbox.folder)
        defer { session.kill() }
        try session.waitFor(text: "Flow")
        let tty = try session.paneTTY()
        let running = try ProcessRunner.run(URL(fileURLWithPath: "/bin/stty"), ["-a", "-F", tty]).output
        #expect(running.contains("-ixon"), "flow control still on while the app runs")

        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Trip: Flow")
        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Edit stop")
        try session.send(keys: ["Tab", "Tab"])
        try session.type("2h")
        try session.send(keys: ["C-s"])
        // Saved and back on the trip screen: the editor's title is gone, the stop shows its stay.
        try session.waitUntil("the trip screen after Ctrl-S") { !$0.contains("Edit stop") && $0.contains("Trip: Flow") }
        #expect(try sandbox.trips().first?.waypoints.first?.stay == 7200)

        try session.send(keys: ["q"])
        try session.send(keys: ["q"])
        let after = sandbox.file("after")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: after.path), Date() < deadline { usleep(50_000) }
        let settings = try String(contentsOf: after, encoding: .utf8)
        #expect(settings.contains(" ixon") && !settings.contains("-ixon"), "flow control not given back: \(settings)")
    }
}
