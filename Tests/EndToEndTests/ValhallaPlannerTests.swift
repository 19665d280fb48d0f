import Foundation
import RoadtripCore
import Testing
import TestSupport

/// A saved trip routed by a real Valhalla through the binary: `show` and the planner's trip screen
/// with `--router valhalla URL` give Valhalla's road legs, not the estimate.
@Suite(.serialized) struct ValhallaPlannerTests {
    static let trip = Trip(
        name: "Monaco tour",
        waypoints: [
            Waypoint(name: "Casino", coordinate: Monaco.casino),
            Waypoint(name: "Palace", coordinate: Monaco.palace),
            Waypoint(name: "Larvotto", coordinate: Monaco.larvotto)
        ])

    @Test func showAndTheTripScreenGiveValhallasRoadLegs() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let own = try await ValhallaFixture.ownLegs(server.baseURL, Self.trip.coordinates)
        let legs = own.map { Formatting.distance($0.distance, unit: .kilometers) }
        let total = Formatting.distance(own.reduce(0) { $0 + $1.distance }, unit: .kilometers)
        let sandbox = try CLISandbox(trips: [Self.trip])
        let router = ["--router", "valhalla", server.baseURL.absoluteString, "--osrm-timeout", "120"]

        let show = try sandbox.run(["show", "Monaco"] + router)
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show)")
        let rows = show.stdout.split(separator: "\n").filter { $0.hasSuffix("  Valhalla") }
        #expect(rows.count == 2, "\(show.stdout)")
        for (row, distance) in zip(rows, legs) { #expect(row.contains(" \(distance) "), "\(row)") }
        #expect(show.stdout.contains("Total \(total), "), "\(show.stdout)")
        #expect(!show.stdout.contains("≈"), "\(show.stdout)")

        let cache = try TemporaryDirectory()
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", sandbox.dataURL.path] + router, width: 100, height: 30,
            environment: ["LANG": "C.UTF-8", "XDG_CACHE_HOME": cache.url.path])
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["Enter"])
        let screen = try session.waitUntil(timeout: 60, "Valhalla's legs") { screen in
            screen.contains("Palace") && screen.contains("Total  \(total)")
        }
        let stopRows = screen.split(separator: "\n").map { String($0.prefix(60)) }
        #expect(stopRows.contains { $0.contains("2 Palace") && $0.contains(" \(legs[0])") }, "\(screen)")
        #expect(stopRows.contains { $0.contains("3 Larvotto") && $0.contains(" \(legs[1])") }, "\(screen)")
        #expect(!screen.contains("≈"), "\(screen)")
        #expect(screen.contains("Valhalla 127.0.0.1:\(server.port)"), "\(screen)")
    }
}
