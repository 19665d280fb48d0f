import Foundation
import RoadtripCore
import Routing
import TestSupport
import Testing
import TripFile

/// The trip screen's avoid (v), alternatives (A) and directions (D) keys, in a real terminal,
/// against the real osrm-routed on Monaco.
@Suite(.serialized)
struct PlannerRoutingDepthTests {
    @Test func avoidAlternativesAndDirectionsFromTheTripScreen() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        let trip = Trip(
            name: "Monaco loop",
            waypoints: [
                Waypoint(name: "Stadium", coordinate: MonacoAlternatives.stops[0], country: "MC"),
                Waypoint(name: "Larvotto", coordinate: MonacoAlternatives.stops[1], country: "MC")
            ])
        try JSONTripStore(url: data).save(TripDocument(trips: [trip]))
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path, "--osrm", server.baseURL.absoluteString], width: 110,
            height: 30, environment: ["LANG": "C.UTF-8", "XDG_CACHE_HOME": dir.file("cache").path])
        defer { session.kill() }
        _ = try session.waitFor(text: "Monaco loop")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Monaco loop")
        _ = try session.waitFor(text: "3.1 km")

        // v: the trip avoids motorways, the header says so.
        try session.send(keys: ["v"])
        _ = try session.waitFor(text: "avoiding motorways")

        // A on Larvotto: OSRM's second route, kept as a via point before it.
        try session.send(keys: ["End"])
        try session.send(keys: ["A"])
        let shaped = try session.waitFor(text: "Route 2 of 2", timeout: 30)
        #expect(shaped.contains("↝ via "))
        _ = try session.waitFor(text: "3.7 km", timeout: 30)

        // D: the directions page, steps from the server.
        try session.send(keys: ["D"])
        // A capture can land while a frame is still being written: wait for the whole page.
        let page = try session.waitUntil(timeout: 30, "the directions page") { $0.contains("Start on") && $0.contains("Arrive") }
        #expect(page.contains("directions"))
        try session.send(keys: ["Escape"])
        _ = try session.waitFor(text: "Trip: Monaco loop")
        // A again goes round to the best route, which needs no via point; a third time brings it back.
        try session.send(keys: ["A"])
        let best = try session.waitFor(text: "Route 1 of 2", timeout: 30)
        #expect(!best.contains("↝ via "))
        try session.send(keys: ["A"])
        _ = try session.waitFor(text: "Route 2 of 2", timeout: 30)
        try session.send(keys: ["q"])
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }

        let saved = try #require(try JSONTripStore(url: data).load()?.trips.first)
        #expect(saved.avoid == .motorways)
        #expect(saved.waypoints.map(\.via) == [false, true, false])
        // The shaping point survives reloading and gives the chosen route from the server again.
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let legs = await provider.avoiding(.motorways).route(for: saved.coordinates).legs
        let meters = legs.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs(meters - 3668.4) < 3668.4 * 0.1)
    }

    @Test func theTripScreenFlagsBordersAndLongLegsAndSaysDirectionsNeedARouter() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        try JSONTripStore(url: data).save(TripDocument(trips: [CLIRoutingDepthTests.trip]))
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 110, height: 30,
            environment: ["LANG": "C.UTF-8", "ROADTRIP_OSRM_URL": "", "XDG_CACHE_HOME": dir.file("cache").path])
        defer { session.kill() }
        _ = try session.waitFor(text: "Baltic")
        try session.send(keys: ["Enter"])
        // The offline estimate avoids nothing, and the header says so rather than "avoiding tolls".
        _ = try session.waitFor(text: "avoiding nothing (asked: tolls)")
        // The last stop: its leg is over the 4-hour day and crosses into Germany.
        try session.send(keys: ["End"])
        let screen = try session.waitFor(text: "Leg 2: longer than a day's driving (4 h); crosses a border: EE → DE")
        #expect(screen.contains("! ≈ "))
        try session.send(keys: ["D"])
        _ = try session.waitFor(text: "directions need a road router")
        try session.send(keys: ["Escape"])
        try session.send(keys: ["A"])
        _ = try session.waitFor(text: "offers no other route for this leg")
    }
}
