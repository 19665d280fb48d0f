import Foundation
import RoadtripCore
import Routing
import Testing
import TestSupport

/// `roadtrip route --osrm … --json`, the real binary against the real osrm-routed on Monaco.
struct RouteCommandOSRMTests {
    @Test func theBinarysLegsEqualOSRMsOwnAnswer() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let cache = try TemporaryDirectory()
        let stops = Array(Monaco.tour.prefix(5))
        let arguments =
            ["route", "--osrm", server.baseURL.absoluteString, "--osrm-timeout", "120", "--json"]
            + stops.map { String(format: "%.4f,%.4f", $0.latitude, $0.longitude) }
        let result = try RoadtripProcess.run(arguments, env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let legs = try #require(answer["legs"] as? [[String: Any]])
        let own = try await OSRMFixture.osrmOwnLegs(server.baseURL, stops)
        #expect(legs.count == own.count)
        for (leg, expected) in zip(legs, own) {
            #expect(leg["source"] as? String == "osrm")
            // The JSON rounds to 0.1 m and 0.1 s.
            #expect(abs((leg["distanceMeters"] as? Double ?? -1) - expected.distance) <= 0.05)
            #expect(abs((leg["durationSeconds"] as? Double ?? -1) - expected.duration) <= 0.05)
        }
        let total = try #require(answer["totalDistanceMeters"] as? Double)
        #expect(abs(total - own.reduce(0) { $0 + $1.distance }) <= 0.5)
    }

    @Test func anUnreachableServerFallsBackToTheEstimateAndSaysWhy() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let port = try #require(FreePort.loopback())
        let result = try RoadtripProcess.run([
            "route", "--osrm", "http://127.0.0.1:\(port)", "--json", "43.7393,7.4276", "43.7314,7.4199"
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("roadtrip: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let legs = try #require(answer["legs"] as? [[String: Any]])
        #expect(legs.first?["source"] as? String == "estimate")
    }
}
