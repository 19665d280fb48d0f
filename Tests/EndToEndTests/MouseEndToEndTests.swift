import Foundation
import RoadtripCore
import Testing
import TestSupport

/// The mouse in the real binary: reports sent as a terminal sends them (SGR form) into a tmux pane,
/// then the screen and the data file read.
@Suite(.serialized)
struct MouseEndToEndTests {
    private static func stop(_ name: String, _ lat: Double, _ lon: Double) -> Waypoint {
        Waypoint(name: name, coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    private static let stops = [
        stop("Alpha", 45.0, 5.0), stop("Bravo", 45.2, 5.4), stop("Charlie", 45.5, 5.9), stop("Delta", 45.8, 6.3),
        stop("Echo", 46.1, 6.8)
    ]

    private func start(_ sandbox: CLISandbox, width: Int = 100, height: Int = 30, config: String? = nil) throws -> TmuxSession {
        var environment = [
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
            "XDG_CACHE_HOME": sandbox.file("cache").path, "XDG_STATE_HOME": sandbox.file("state").path
        ]
        if let config {
            try config.write(to: sandbox.file("config.toml"), atomically: true, encoding: .utf8)
            environment["ROADTRIP_CONFIG"] = sandbox.file("config.toml").path
        }
        // The shell stays after the app so the pane's mouse modes can be read once it has ended.
        let script = "\(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ENDED; sleep 60"
        return try TmuxSession(
            command: ["sh", "-c", script], width: width, height: height, environment: environment,
            workingDirectory: sandbox.folder)
    }

    /// The row (from 0) of the first line holding `text`.
    private func row(of text: String, in screen: String) throws -> Int {
        try #require(screen.components(separatedBy: "\n").firstIndex { $0.contains(text) }, "\(text) not on screen:\n\(screen)")
    }

    private func selectedLine(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.hasPrefix("▶") } ?? ""
    }

    @Test func clickDoubleClickDragAndWheelDriveTheListsAndTheModesAreGivenBack() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [
            Trip(name: "Coast", waypoints: [Self.stops[0]]), Trip(name: "Alps loop", waypoints: Self.stops),
            Trip(name: "Desert", waypoints: [Self.stops[1]])
        ])
        let session = try start(sandbox)
        defer { session.kill() }
        var screen = try session.waitFor(text: "Desert")
        #expect(try session.mouseModes().isSuperset(of: ["sgr", "standard"]), "mouse reporting is not on")

        // A click selects the row under it; a double-click opens it.
        try session.click(x: 5, y: try row(of: "Desert", in: screen))
        screen = try session.waitUntil("Desert selected") { selectedLine($0).contains("Desert") }
        try session.click(x: 5, y: try row(of: "Alps loop", in: screen), times: 2)
        screen = try session.waitFor(text: "Trip: Alps loop")

        // Dragging Bravo's row onto Delta's moves Bravo there, as one step that u undoes.
        try session.drag(from: (4, try row(of: "Bravo", in: screen)), to: (4, try row(of: "Delta", in: screen)))
        try session.waitUntil("Bravo moved") { selectedLine($0).contains("Bravo") && selectedLine($0).contains("4") }
        var names = try waitForSaved(sandbox) { $0 == ["Alpha", "Charlie", "Delta", "Bravo", "Echo"] }
        #expect(names == ["Alpha", "Charlie", "Delta", "Bravo", "Echo"])
        try session.send(keys: ["u"])
        names = try waitForSaved(sandbox) { $0 == Self.stops.map(\.name) }
        #expect(names == Self.stops.map(\.name))

        // The wheel over the list moves the selection; over the map it leaves the stops alone.
        screen = try session.capture()
        try session.click(x: 5, y: try row(of: "Alpha", in: screen))
        try session.mouse(.wheelDown, x: 5, y: try row(of: "Alpha", in: screen))
        try session.mouse(.wheelDown, x: 5, y: try row(of: "Alpha", in: screen))
        try session.waitUntil("wheel moved to Charlie") { selectedLine($0).contains("Charlie") }

        // A click on a status-line hint presses its key: "a add" opens the editor for a new stop.
        screen = try session.capture()
        let status = screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let hintColumn = try #require(
            status.range(of: "a add").map { status.distance(from: status.startIndex, to: $0.lowerBound) })
        try session.click(x: hintColumn + 2, y: try row(of: status, in: screen))
        try session.waitFor(text: "Add stop")
        try session.send(keys: ["Escape"])
        try session.waitFor(text: "Trip: Alps loop")

        try session.send(keys: ["q"])
        try session.waitFor(text: "Coast")
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
        #expect(try session.mouseModes().isEmpty, "mouse reporting left on after the app ended")
    }

    @Test func theHelpBoxTakesClicksAndTheWheelInsteadOfTheListUnderIt() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Trip(name: "Alps loop", waypoints: Self.stops)])
        let session = try start(sandbox, width: 80, height: 24)
        defer { session.kill() }
        try session.waitFor(text: "Alps loop")
        try session.send(keys: ["Enter"])
        var screen = try session.waitFor(text: "Trip: Alps loop")
        let echo = try row(of: "Echo", in: screen)
        try session.send(keys: ["?"])
        screen = try session.waitFor(text: "Keys: ")
        // The help box covers the list: a click on it closes it and selects nothing under it.
        try session.click(x: 40, y: 12)
        screen = try session.waitUntil("help closed") { !$0.contains("Keys: ") }
        #expect(selectedLine(screen).contains("Alpha"), "the click reached the list under the help:\n\(screen)")
        try session.click(x: 5, y: echo)
        try session.waitUntil("Echo selected") { selectedLine($0).contains("Echo") }
    }

    @Test func mouseFalseInTheConfigLeavesTheMouseToTheTerminal() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Trip(name: "Alps loop", waypoints: Self.stops)])
        let session = try start(sandbox, config: "mouse = false\n")
        defer { session.kill() }
        try session.waitFor(text: "Alps loop")
        #expect(try session.mouseModes().isEmpty)
        let settings = try ProcessRunner.run(
            RoadtripBinary.url, ["config"], environment: ["ROADTRIP_CONFIG": sandbox.file("config.toml").path]
        ).output
        #expect(settings.contains("mouse") && settings.contains("false"), "\(settings)")
    }

    /// The stop names of the first trip in the data file, once `done` holds for them.
    private func waitForSaved(_ sandbox: CLISandbox, _ done: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        var names: [String] = []
        while Date() < deadline {
            names = (try? sandbox.trips().first { $0.name == "Alps loop" }?.waypoints.map(\.name)) ?? []
            if done(names) { return names }
            usleep(50_000)
        }
        return names
    }
}
