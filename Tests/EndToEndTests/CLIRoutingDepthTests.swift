import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Avoiding, warnings and directions through the real binary, offline (the estimate).
@Suite struct CLIRoutingDepthTests {
    /// Helsinki → Tallinn across the Gulf of Finland, then a long drive to Berlin: a border each
    /// time, and a leg longer than the trip's 4-hour day.
    static let trip = Trip(
        name: "Baltic",
        waypoints: [
            Waypoint(name: "Helsinki", coordinate: Coordinate(latitude: 60.1699, longitude: 24.9384), country: "FI"),
            Waypoint(name: "Tallinn", coordinate: Coordinate(latitude: 59.4370, longitude: 24.7536), country: "EE"),
            Waypoint(name: "Berlin", coordinate: Coordinate(latitude: 52.5200, longitude: 13.4050), country: "DE")
        ], dailyDrivingLimit: 4 * 3600, avoid: .tolls)

    @Test func showFlagsBordersAndLongLegsAndSaysTheEstimateAvoidsNothing() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Self.trip])
        let json = try sandbox.run("show", "Baltic", "--json")
        #expect(json.status == 0, "\(json)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let route = try #require(answer["route"] as? [String: Any])
        let legs = try #require(route["legs"] as? [[String: Any]])
        let kinds = legs.map { ($0["warnings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String } }
        // Helsinki → Tallinn is across the Gulf of Finland: the straight-line estimate says it is short.
        #expect(kinds == [["seaOnTheLine", "crossesBorder"], ["longerThanDailyLimit", "crossesBorder"]])
        // The trip asks to avoid tolls; the offline estimate knows no roads, so it applied nothing.
        let avoid = try #require(route["avoid"] as? [String: [String]])
        #expect(avoid == ["requested": ["tolls"], "applied": []])
        #expect(json.stderr.contains("offline estimate cannot avoid tolls: avoiding nothing"))

        let table = try sandbox.run("show", "Baltic", "--avoid", "none")
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("Leg 1 (Helsinki → Tallinn): the straight line crosses "))
        #expect(table.stdout.contains("so this estimate may be short; crosses a border: FI → EE"))
        #expect(table.stdout.contains("Leg 2 (Tallinn → Berlin): longer than a day's driving (4 h); crosses a border: EE → DE"))
        #expect(!table.stdout.contains("Avoiding"))
        #expect(table.stderr.isEmpty, "\(table.stderr)")

        let bad = try sandbox.run("show", "Baltic", "--avoid", "bridges")
        #expect(bad.status != 0)

        // show, route and itinerary say the avoidance in one wording.
        let shown = try sandbox.run("show", "Baltic", "--avoid", "tolls,ferries")
        #expect(shown.stdout.contains("\nAvoiding nothing (asked: tolls and ferries)\n"), "\(shown.stdout)")
        let planned = try sandbox.run("itinerary", "Baltic", "--avoid", "tolls,ferries")
        #expect(planned.status == 0, "\(planned)")
        #expect(planned.stdout.hasSuffix("\nAvoiding nothing (asked: tolls and ferries)\n"), "\(planned.stdout)")
        #expect(planned.stderr.contains("offline estimate cannot avoid tolls and ferries: avoiding nothing"))
        let routed = try sandbox.run("route", "60.17,24.94", "59.44,24.75", "--avoid", "ferries")
        #expect(routed.stdout.contains("\nAvoiding nothing (asked: ferries)"), "\(routed.stdout)")
    }

    @Test func directionsWithoutARoadRouterSayWhyInOneLine() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Self.trip])
        let result = try RoadtripProcess.run(
            ["directions", "--data", sandbox.dataURL.path, "Baltic"], env: ["ROADTRIP_OSRM_URL": ""])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "roadtrip: directions need a road router: give --osrm URL, --osrm-data REGION.osrm or --router valhalla URL\n")
    }
}
