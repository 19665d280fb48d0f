import Foundation
import RoadtripCore
import Testing
import TestSupport
import TripFile

/// "Along the route" (`f` on the trip screen) in the real binary in tmux: filter to parks, widen,
/// add one at its leg, read the data file, undo; Esc leaves nothing changed.
@Suite(.serialized)
struct PlannerAlongTests {
    private func launch(_ sandbox: CLISandbox) throws -> TmuxSession {
        let script = "\(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ENDED; sleep 60"
        return try TmuxSession(
            command: ["sh", "-c", script],
            width: 120, height: 34,
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
                "XDG_CACHE_HOME": sandbox.file("cache").path
            ],
            workingDirectory: sandbox.folder)
    }

    /// The Pacific Coast Highway sample, as the person's own trip.
    private static func coast() throws -> Trip {
        let url = RoadtripProcess.repositoryRoot.appendingPathComponent("Data/sample-trips.json")
        let trips = try #require(try JSONTripStore(url: url).load()).trips
        return try #require(trips.first { $0.name == "Pacific Coast Highway" })
    }

    /// The table's rows on the screen: the lines with a "3→4" stops cell and a detour.
    private static func rows(_ screen: String) -> [String] {
        screen.components(separatedBy: "\n").filter { $0.contains("→") && $0.contains("≈") }
    }

    private func stops(_ sandbox: CLISandbox) -> [String] { (try? sandbox.trips().first?.waypoints.map(\.name)) ?? [] }

    private func waitForStops(_ sandbox: CLISandbox, count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        while stops(sandbox).count != count, Date() < deadline { usleep(50_000) }
        return stops(sandbox)
    }

    @Test func parksAlongTheCoastAreListedMarkedAndAddedAtTheirLeg() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let trip = try Self.coast()
        let sandbox = try CLISandbox(trips: [trip])
        let before = try #require(sandbox.dataBytes())
        let session = try launch(sandbox)
        defer { session.kill() }
        try session.waitFor(text: "Pacific Coast Highway")
        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Trip: ")
        try session.send(keys: ["f"])
        try session.waitFor(text: "Sights and nature within 10 km")
        let sights = try session.waitUntil("the sights found") { $0.contains(" places") && !$0.contains("looking…") }
        let sightRows = Self.rows(sights)
        #expect(
            !sightRows.isEmpty && !sightRows.contains { $0.contains("Hearst Castle") },
            "a stop is not listed along its own route:\n\(sights)")
        // f steps to parks: only parks, the first highlighted and marked on the map.
        try session.send(keys: ["f"])
        try session.waitFor(text: "Parks within 10 km")
        let parks = try session.waitUntil("the parks found") { $0.contains(" place") && !$0.contains("looking…") }
        let parkRows = Self.rows(parks)
        #expect(parks.contains("◆") && parkRows.contains { $0.contains("Channel Islands National Park") }, "\(parks)")
        #expect(parkRows.allSatisfy { $0.contains(" park ") }, "\(parks)")
        // + widens the corridor and looks again.
        try session.send(keys: ["+"])
        try session.waitFor(text: "Parks within 20 km")
        try session.send(keys: ["-"])
        try session.waitFor(text: "Parks within 10 km")
        try session.waitUntil("the parks found again") { Self.rows($0).contains { $0.contains("Channel Islands National Park") } }
        // Esc leaves nothing changed.
        try session.send(keys: ["Escape"])
        try session.waitFor(text: "Trip: ")
        #expect(sandbox.dataBytes() == before)
        // Enter adds the highlighted park between the stops it lies between.
        try session.send(keys: ["f"])
        try session.waitFor(text: "Sights and nature within 10 km")
        try session.send(keys: ["f"])
        try session.waitFor(text: "Parks within 10 km")
        try session.waitUntil("the parks found") { Self.rows($0).contains { $0.contains("Channel Islands National Park") } }
        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Added “Channel Islands National Park” as stop 9")
        let added = waitForStops(sandbox, count: trip.waypoints.count + 1)
        #expect(
            added.count == 12 && added[7] == "Santa Barbara" && added[8] == "Channel Islands National Park"
                && added[9] == "Malibu", "\(added)")
        // u takes it back.
        try session.send(keys: ["u"])
        #expect(waitForStops(sandbox, count: trip.waypoints.count) == trip.waypoints.map(\.name))
        try session.send(keys: ["q"])
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
    }
}
