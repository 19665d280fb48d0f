import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// The planner as a person uses it: the real binary in a real terminal (tmux).
@Suite(.serialized)
struct PlannerEndToEndTests {
    let dir: TemporaryDirectory
    let data: URL

    init() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        dir = try TemporaryDirectory()
        data = dir.file("trips.json")
        try dir.write(#"{"formatVersion": 1, "trips": []}"#, to: "trips.json")
    }

    func launch() throws -> TmuxSession {
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 100, height: 30,
            environment: ["LANG": "C.UTF-8"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        return session
    }

    /// Rows of the screen that list stops, top to bottom, as their names (the map beside the list
    /// labels its pins with the same names, so only the list's numbered rows count).
    func stopOrder(_ screen: String, names: [String]) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            let row = line.prefix(40)
            return names.first { name in
                row.range(of: #"^[▶ ] +\d+ "# + name + " ", options: .regularExpression) != nil
            }
        }
    }

    @Test func createRenameAddReorderQuitAndRelaunch() throws {
        let modeBefore = (try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? NSNumber)?.intValue
        var session = try launch()
        defer { session.kill() }
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "New trip:")
        try session.type("Road to 東京")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Road to 東京")
        // Rename it again from the trip screen.
        try session.send(keys: ["r", "C-u"])
        try session.type("Coast to Coast 🚗")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Coast to Coast 🚗")

        for (name, position) in [("Alpha", "40.7128, -74.006"), ("Beta", "41.8781, -87.6298"), ("Gamma", "34.0522, -118.2437")] {
            try session.send(keys: ["a"])
            _ = try session.waitFor(text: "Add stop")
            try session.type(name)
            try session.send(keys: ["Tab"])
            try session.type(position)
            try session.send(keys: ["Enter"])
            _ = try session.waitUntil("\(name) listed") { $0.contains(" \(name) ") && !$0.contains("Add stop") }
        }
        let names = ["Alpha", "Beta", "Gamma"]
        #expect(stopOrder(try session.capture(), names: names) == ["Alpha", "Beta", "Gamma"])
        // Gamma, just added, is selected: Shift-↑ then K carry it to the top.
        try session.send(keys: ["S-Up"])
        _ = try session.waitUntil("Gamma second") { stopOrder($0, names: names) == ["Alpha", "Gamma", "Beta"] }
        try session.send(keys: ["K"])
        _ = try session.waitUntil("Gamma first") { stopOrder($0, names: names) == ["Gamma", "Alpha", "Beta"] }

        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "3 stops")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }

        let document = try #require(try JSONTripStore(url: data).load())
        #expect(document.trips.map(\.name) == ["Coast to Coast 🚗"])
        #expect(document.trips.first?.waypoints.map(\.name) == ["Gamma", "Alpha", "Beta"])
        #expect(document.trips.first?.waypoints.first?.coordinate == Coordinate(latitude: 34.0522, longitude: -118.2437))
        // The file keeps the mode it had (the test wrote it 0644 through its umask); a file the
        // app creates itself is 0600 (JSONTripStoreSaveTests).
        let attributes = try FileManager.default.attributesOfItem(atPath: data.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == modeBefore)

        session.kill()
        session = try launch()
        let list = try session.waitFor(text: "Coast to Coast 🚗")
        #expect(list.contains("3 stops"))
        try session.send(keys: ["Enter"])
        let detail = try session.waitFor(text: "Trip: Coast to Coast 🚗")
        #expect(stopOrder(detail, names: names) == ["Gamma", "Alpha", "Beta"])
        // The screens a trip opens: itinerary, map, settings; each returns with Esc.
        for (key, title) in [("i", "› itinerary"), ("m", "› map"), ("s", "› settings")] {
            try session.send(keys: [key])
            _ = try session.waitFor(text: "Coast to Coast 🚗 \(title)")
            try session.send(keys: ["Escape"])
            _ = try session.waitFor(text: "Trip: Coast to Coast 🚗")
        }
        try session.send(keys: ["Escape"])
        _ = try session.waitFor(text: "roadtrip › Trips ")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
    }

    @Test func deleteAsksFirstAndEscAnswersNo() throws {
        try dir.write(
            """
            {"formatVersion": 1, "trips": [{"id": "6F1C1D53-7A3E-4C1B-9D55-2B8E2C0F4A10", "name": "Keep me", "waypoints": []}]}
            """, to: "trips.json")
        let session = try launch()
        defer { session.kill() }
        _ = try session.waitFor(text: "Keep me")
        try session.send(keys: ["d"])
        _ = try session.waitFor(text: "Delete “Keep me”? (y/n)")
        // Esc alone answers no. That it does so without ncurses's one-second wait for an escape
        // sequence is NCursesAdapterTests' to check (the escape delay), not a wall clock's here.
        try session.send(keys: ["Escape"])
        _ = try session.waitUntil("the question to close") { !$0.contains("(y/n)") }
        try session.send(keys: ["d", "y"])
        _ = try session.waitFor(text: "No trips yet")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
        #expect(try JSONTripStore(url: data).load()?.trips.isEmpty == true)
    }

    @Test func resizingRelayoutsAndTooSmallSaysSo() throws {
        let session = try launch()
        defer { session.kill() }
        try session.resize(width: 30, height: 8)
        _ = try session.waitFor(text: "Terminal too small")
        try session.resize(width: 100, height: 30)
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["q"])
    }
}
