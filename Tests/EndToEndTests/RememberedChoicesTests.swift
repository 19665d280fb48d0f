import Foundation
import RoadtripCore
import Testing
import TestSupport

/// The unit, the trip and the stop the person was on are kept between launches in a state file
/// beside the data (never in the config).
@Suite(.serialized)
struct RememberedChoicesTests {
    private static let stops = ["Lyon", "Grenoble", "Chambéry", "Annecy"].enumerated().map { i, name in
        Waypoint(name: name, coordinate: Coordinate(latitude: 45.7 + Double(i) * 0.2, longitude: 4.8 + Double(i) * 0.4))
    }

    private func launch(_ sandbox: CLISandbox) throws -> TmuxSession {
        // The shell survives the app's Ctrl-C (a trap, not an ignore, which the app would inherit).
        let script =
            "trap true INT; \(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ENDED; sleep 60"
        return try TmuxSession(
            command: ["sh", "-c", script],
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
                "XDG_CACHE_HOME": sandbox.file("cache").path, "ROADTRIP_CONFIG": sandbox.file("none.toml").path
            ],
            workingDirectory: sandbox.folder)
    }

    private func selectedLine(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.hasPrefix("▶") } ?? ""
    }

    @Test func theUnitTheTripAndTheStopAreThereAfterARelaunch() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [
            Trip(name: "Coast", waypoints: Array(Self.stops.prefix(2))), Trip(name: "Alps", waypoints: Self.stops)
        ])
        var session = try launch(sandbox)
        try session.waitFor(text: "Coast")
        try session.send(keys: ["j", "Enter"])
        try session.waitFor(text: "Trip: Alps")
        try session.send(keys: ["j", "j", "t"])
        try session.waitUntil("miles and Chambéry") { $0.contains(" mi") && selectedLine($0).contains("Chambéry") }
        // The map one step closer, then hidden.
        try session.send(keys: ["+", "M"])
        try session.waitFor(text: "Map hidden")
        // Ended from the trip screen (Ctrl-C, as a person closing the terminal's tab would).
        try session.send(keys: ["C-c"])
        try session.waitFor(text: "ENDED")
        session.kill()

        let state = sandbox.folder.appendingPathComponent(
            sandbox.dataURL.deletingPathExtension().lastPathComponent + ".state.json")
        let saved = try JSONDecoder().decode(RememberedChoices.self, from: Data(contentsOf: state))
        #expect(saved.unit == .miles && saved.tripWasOpen == true && saved.stop == Self.stops[2].id)
        #expect(saved.map == false && saved.mapZoom == 1, "\(saved)")

        session = try launch(sandbox)
        var screen = try session.waitFor(text: "Trip: Alps")
        #expect(selectedLine(screen).contains("Chambéry"), "\(screen)")
        #expect(screen.contains(" mi"), "the unit was not kept:\n\(screen)")
        let braille = screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
        #expect(!braille, "the map shows though it was hidden:\n\(screen)")
        try session.send(keys: ["M"])
        try session.waitUntil("the map again") { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        // Back to the list and quit there: the next launch starts on the list, on that trip.
        try session.send(keys: ["q"])
        try session.waitFor(text: "Coast")
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
        session.kill()

        session = try launch(sandbox)
        defer { session.kill() }
        screen = try session.waitFor(text: "Coast")
        #expect(!screen.contains("Trip: Alps"))
        #expect(selectedLine(screen).contains("Alps"), "\(screen)")
        #expect(screen.contains(" mi"), "\(screen)")
        // The config was never written: the choices are not settings.
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("none.toml").path))
    }

    @Test func aDamagedStateFileIsStartingFresh() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Trip(name: "Alps", waypoints: Self.stops)])
        let state = sandbox.folder.appendingPathComponent(
            sandbox.dataURL.deletingPathExtension().lastPathComponent + ".state.json")
        for garbage in ["{\"unit\": \"furlongs\"", "\u{0}\u{1}", String(repeating: "x", count: 100_000)] {
            try garbage.write(to: state, atomically: true, encoding: .utf8)
            #expect(RememberedChoices.load(beside: sandbox.dataURL) == RememberedChoices())
        }
        let session = try launch(sandbox)
        defer { session.kill() }
        let screen = try session.waitFor(text: "Alps")
        #expect(screen.contains("km"), "\(screen)")
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
        // Replaced whole by the planner's own choices on the way out.
        let saved = try JSONDecoder().decode(RememberedChoices.self, from: Data(contentsOf: state))
        #expect(saved.unit == .kilometers && saved.tripWasOpen != true)
    }
}
