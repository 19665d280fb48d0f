import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
@testable import Routing
import Testing
import TestSupport

/// The Valhalla provider against a real valhalla_service serving Monaco, and the binary's
/// `--router valhalla URL`.
@Suite struct ValhallaIntegrationTests {
    static let trip = [Monaco.casino, Monaco.palace, Monaco.larvotto]

    @Test func aThreeStopTripEqualsValhallasOwnAnswerInOneRequest() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let result = await provider.route(for: Self.trip)
        let own = try await ValhallaFixture.ownLegs(server.baseURL, Self.trip)

        #expect(result.fallbackReason == nil)
        #expect(own.count == 2)
        #expect(result.legs.map(\.distanceMeters) == own.map(\.distance))
        #expect(result.legs.map(\.durationSeconds) == own.map(\.duration))
        #expect(result.legs.allSatisfy { $0.source == .valhalla })
        #expect(provider.requestCount == RequestCount(requests: 1, legs: 2, connections: 1))

        // Each leg's line (polyline6) runs between where Valhalla put its stops on the nearest
        // road, the next leg starts where it ended, and along the line is the leg's distance.
        let lines = try result.legs.map { try #require($0.geometry) }
        for (index, line) in lines.enumerated() {
            #expect(line.count >= 2)
            #expect(Geodesic.distance(line[0], Self.trip[index]) < 300)
            #expect(Geodesic.distance(line[line.count - 1], Self.trip[index + 1]) < 300)
            if index > 0 { #expect(lines[index - 1].last == line.first) }
            let along = zip(line, line.dropFirst()).reduce(0) { $0 + Geodesic.distance($1.0, $1.1) }
            #expect(abs(along - result.legs[index].distanceMeters) < max(5, result.legs[index].distanceMeters * 0.01))
        }

        // Asked again, the legs come from the cache: no request.
        let again = await provider.route(for: Self.trip)
        #expect(again.legs == result.legs)
        #expect(provider.requestCount.requests == 1)
    }

    @Test func aTripAboveTheLocationLimitIsSplitIntoRequestsSharingTheirBoundaryStop() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        // At the microdegree grid the provider asks at, so that the direct requests ask the same.
        var stops = Monaco.stops(45).map { stop in
            Coordinate(latitude: (stop.latitude * 1e6).rounded() / 1e6, longitude: (stop.longitude * 1e6).rounded() / 1e6)
        }
        let result = await provider.route(for: stops)

        // Valhalla's default limit is 20 locations: 44 legs are 19 + 19 + 6, in three requests.
        #expect(result.fallbackReason == nil)
        #expect(provider.requestCount == RequestCount(requests: 3, legs: 44, connections: 1))
        #expect(result.legs.allSatisfy { $0.source == .valhalla })
        var own: [(distance: Double, duration: Double)] = []
        for chunk in [0...19, 19...38, 38...44] {
            own += try await ValhallaFixture.ownLegs(server.baseURL, Array(stops[chunk]))
        }
        #expect(result.legs.map(\.distanceMeters) == own.map(\.distance))
        #expect(result.legs.map(\.durationSeconds) == own.map(\.duration))

        // Moving one stop asks for its two legs only, in one request.
        stops[30] = Monaco.harbour
        let edited = await provider.route(for: stops)
        #expect(edited.fallbackReason == nil)
        #expect(provider.requestCount == RequestCount(requests: 4, legs: 46, connections: 1))
        #expect(edited.legs.allSatisfy { $0.source == .valhalla })
    }

    @Test func theTravelMatrixEqualsValhallasOwnAndTheBestOrderUsesIt() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let stops = [Monaco.casino, Monaco.stadium, Monaco.larvotto, Monaco.palace]
        let routes = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let provider = try #require(RouteProviders.matrix(for: routes))
        #expect(provider.label == "road times from Valhalla 127.0.0.1:\(server.port)")
        let matrix = try await provider.matrix(for: stops)
        let own = try await ValhallaFixture.ownMatrix(server.baseURL, stops)
        #expect(matrix.durations == own.durations.map { $0.map { $0 ?? .infinity } })
        #expect(matrix.distances == own.distances.map { $0.map { $0 ?? .infinity } })
        #expect(stops.indices.allSatisfy { matrix.durations[$0][$0] == 0 && matrix.distances[$0][$0] == 0 })
        #expect(matrix.distances[0][1] > 1000)

        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let trip = Trip(
            name: "Zigzag", waypoints: stops.enumerated().map { Waypoint(name: "Stop \($0.offset + 1)", coordinate: $0.element) })
        let sandbox = try CLISandbox(trips: [trip])
        let optimized = try sandbox.run(["optimize", "Zigzag", "--router", "valhalla", server.baseURL.absoluteString])
        #expect(optimized.status == 0, "\(optimized)")
        #expect(optimized.stdout.contains(" Valhalla 127.0.0.1:\(server.port))"), "\(optimized.stdout)")
    }

    @Test func directionsStepsSumToTheLegAndReadAsInstructions() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let legs = await provider.route(for: Self.trip).legs
        guard case .directions(let directions) = await provider.directions(for: Self.trip) else {
            Issue.record("no directions from \(provider.label)")
            return
        }
        #expect(directions.count == 2)
        for (leg, legDirections) in zip(legs, directions) {
            #expect(legDirections.distanceMeters == leg.distanceMeters)
            #expect(legDirections.durationSeconds == leg.durationSeconds)
            let steps = legDirections.steps
            #expect(steps.first?.maneuver == "depart")
            #expect(steps.last?.maneuver == "arrive")
            #expect(steps.count > 2)
            // Valhalla rounds each manoeuvre's length to the metre and its time to the millisecond.
            let meters = steps.reduce(0) { $0 + $1.distanceMeters }, seconds = steps.reduce(0) { $0 + $1.durationSeconds }
            #expect(abs(meters - leg.distanceMeters) <= Double(steps.count) * 0.5 + 0.5, "\(meters) vs \(leg.distanceMeters)")
            #expect(abs(seconds - (leg.durationSeconds ?? 0)) <= Double(steps.count) * 0.001 + 0.01)
            #expect(steps.dropLast().allSatisfy { !$0.instruction.isEmpty && $0.distanceMeters >= 0 })
            #expect(!legDirections.mainRoads().isEmpty)
        }

        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let trip = Trip(
            name: "Tour",
            waypoints: Self.trip.enumerated().map { Waypoint(name: "Stop \($0.offset + 1)", coordinate: $0.element) })
        let sandbox = try CLISandbox(trips: [trip])
        let printed = try sandbox.run(["directions", "Tour", "--router", "valhalla", server.baseURL.absoluteString])
        #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed)")
        let lines = printed.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("1. Stop 1 → Stop 2 · \(Formatting.distance(legs[0].distanceMeters, unit: .kilometers)) · ")
            })
        #expect(lines.filter { $0.contains("1.  Start on ") }.count == 2, "\(printed.stdout)")
        #expect(lines.filter { $0.contains("Arrive") }.count == 2, "\(printed.stdout)")
    }

    @Test func avoidingReachesTheServerAsExclusionsAndIsCachedApart() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let all: RoadAvoidance = [.motorways, .tolls, .ferries]
        let own = try await ValhallaFixture.ownLegs(server.baseURL, Self.trip, excluding: ["highways", "tolls", "ferries"])
        let avoiding = provider.avoiding(all)
        let result = await avoiding.route(for: Self.trip)

        // Monaco's tiles hold no motorway, toll or ferry on these legs, so the figures are the
        // plain ones; what is checked is that Valhalla accepts the exclusions and says none is used.
        #expect(result.fallbackReason == nil)
        #expect(result.avoided == all)
        #expect(result.legs.map(\.distanceMeters) == own.map(\.distance))
        #expect(result.legs.map(\.durationSeconds) == own.map(\.duration))
        #expect(provider.knownLegs(for: Self.trip) == [nil, nil])
        #expect(avoiding.knownLegs(for: Self.trip).allSatisfy { $0 != nil })
        #expect(avoiding.knownAvoidance == all && provider.knownAvoidance == [])
        #expect(provider.requestCount.requests == 1)

        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let cache = try TemporaryDirectory()
        let stops = Self.trip.map { String(format: "%.4f,%.4f", $0.latitude, $0.longitude) }
        let json = try RoadtripProcess.run(
            ["route", "--json", "--avoid", "tolls,ferries", "--router", "valhalla", server.baseURL.absoluteString] + stops,
            env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(answer["avoid"] as? [String: [String]] == ["requested": ["tolls", "ferries"], "applied": ["tolls", "ferries"]])
    }

    @Test func alternativesEqualValhallasOwnAlternates() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let from = Monaco.casino, to = Monaco.fontvieille
        var request = URLRequest(url: server.baseURL.appendingPathComponent("route"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: [
            "locations": [["lat": from.latitude, "lon": from.longitude], ["lat": to.latitude, "lon": to.longitude]],
            "costing": "auto", "units": "kilometers", "alternates": 2
        ])
        let (data, _) = try await URLSession.shared.data(for: request)
        let own = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func meters(_ answer: [String: Any]?) -> Double? {
            ((answer?["trip"] as? [String: Any])?["summary"] as? [String: Any])?["length"] as? Double
        }
        let ownMeters = ([meters(own)] + ((own["alternates"] as? [[String: Any]]) ?? []).map(meters)).map { $0.map { $0 * 1000 } }
        // The pair is chosen so that Valhalla itself offers alternates.
        try #require(ownMeters.count > 1)

        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let alternatives = await provider.alternatives(from: from, to: to)
        #expect(alternatives.map(\.distanceMeters) == ownMeters.compactMap { $0 })
        #expect(alternatives.first?.distanceMeters == (await provider.route(for: [from, to])).legs.first?.distanceMeters)
        #expect(alternatives.allSatisfy { !$0.mainRoads.isEmpty && $0.geometry.count > 1 && $0.shapingPoint != nil })
    }

    @Test func aStopOffTheMapIsEstimatedAndTheOtherLegsStayOnTheRoads() async throws {
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaFixture.configuration(server.baseURL), cacheFolder: nil)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let result = await provider.route(for: [Monaco.casino, Monaco.palace, paris])

        #expect(result.legs.map(\.source) == [.valhalla, .estimate])
        #expect(result.legs.map(\.noRoadRoute) == [nil, "no road route: \(provider.label) has no road near one of these stops"])
        let reason = try #require(result.fallbackReason)
        #expect(reason.hasPrefix("leg 2 estimated: Valhalla 127.0.0.1:\(server.port) cannot route it (171: "), "\(reason)")
        #expect(!reason.contains("\n"))
    }

    @Test func anUnreachableServerFallsBackToTheEstimateWithOneLineSayingWhy() async throws {
        let port = try #require(FreePort.loopback())
        let provider = ValhallaRouteProvider(
            configuration: ValhallaFixture.configuration(URL(string: "http://127.0.0.1:\(port)")!), cacheFolder: nil)
        let result = await provider.route(for: Self.trip)

        #expect(result.legs.allSatisfy { $0.source == .estimate })
        #expect(result.legs.count == 2)
        #expect(result.fallbackReason == "2 of 2 legs estimated: Valhalla 127.0.0.1:\(port) unreachable (cannot connect)")
        #expect(provider.requestCount.requests == 1)
    }

    @Test func theBinarysRouteWithRouterValhallaShowsValhallasRoadLegs() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await ValhallaFixture.startMonaco()
        defer { server.stop() }
        let cache = try TemporaryDirectory()
        let stops = Self.trip.map { String(format: "%.4f,%.4f", $0.latitude, $0.longitude) }
        let own = try await ValhallaFixture.ownLegs(server.baseURL, Self.trip)
        // The option's two values may come before or after the stops.
        let router = ["--router", "valhalla", server.baseURL.absoluteString, "--osrm-timeout", "120"]

        let json = try RoadtripProcess.run(["route", "--json"] + stops + router, env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(json.status == 0, "\(json)")
        #expect(json.stderr.isEmpty, "\(json.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let legs = try #require(answer["legs"] as? [[String: Any]])
        #expect(legs.map { $0["source"] as? String } == ["valhalla", "valhalla"])
        for (leg, expected) in zip(legs, own) {
            // The JSON rounds to 0.1 m and 0.1 s.
            #expect(abs((leg["distanceMeters"] as? Double ?? -1) - expected.distance) <= 0.05)
            #expect(abs((leg["durationSeconds"] as? Double ?? -1) - expected.duration) <= 0.05)
        }

        let table = try RoadtripProcess.run(["route"] + router + stops, env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(table.status == 0, "\(table)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix("  Valhalla") }.count == 2, "\(table.stdout)")
        #expect(!table.stdout.contains("≈"), "\(table.stdout)")
        #expect(lines.last == "Roads: Valhalla 127.0.0.1:\(server.port)", "\(table.stdout)")
    }

    @Test func routerMistakesAreOneLineErrors() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let cases: [([String], String)] = [
            (["--router", "valhalla"], "--router valhalla needs its server"),
            (["--router", "graphhopper", "http://127.0.0.1:8989"], "\"graphhopper\" is not an engine"),
            (["--router", "valhalla", "ftp://example.org"], "is not an http:// or https:// URL")
        ]
        let home = try TemporaryDirectory()
        for (arguments, said) in cases {
            let result = try RoadtripProcess.run(
                ["route", "43.7393,7.4276", "43.7314,7.4199"] + arguments, env: ["XDG_CONFIG_HOME": home.url.path])
            #expect(result.status != 0, "\(arguments): \(result)")
            #expect(result.stderr.contains(said), "\(arguments): \(result.stderr)")
        }
    }
}
