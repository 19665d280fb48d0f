import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
import Routing
import TestSupport
import Testing

/// Avoiding, alternatives, directions and no-road legs against a real osrm-routed on Monaco.
@Suite struct OSRMRoutingDepthTests {
    /// OSRM's own answer for `query` ("exclude=motorway&alternatives=3&steps=true"), routes and legs.
    static func own(_ server: URL, _ stops: [Coordinate], _ query: String) async throws -> [String: Any] {
        let coordinates = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let url = URL(
            string: "\(server.absoluteString)/route/v1/driving/\(coordinates)?overview=false" + (query.isEmpty ? "" : "&" + query)
        )!
        let (data, _) = try await URLSession.shared.data(from: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func routes(_ answer: [String: Any]) -> [[String: Any]] { answer["routes"] as? [[String: Any]] ?? [] }

    @Test func excludeReachesTheServerAndChangesTheRouteWhereItShould() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = MonacoMotorway.stops
        let plain = try await Self.own(server.baseURL, stops, "")
        let excluded = try await Self.own(server.baseURL, stops, "exclude=motorway")
        let plainMeters = try #require(Self.routes(plain).first?["distance"] as? Double)
        let excludedMeters = try #require(Self.routes(excluded).first?["distance"] as? Double)
        // The pair is chosen so that OSRM itself drives differently without motorways.
        try #require(plainMeters != excludedMeters)

        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let normal = await provider.route(for: stops)
        let avoiding = await provider.avoiding(.motorways).route(for: stops)
        #expect(normal.avoided == [] && avoiding.avoided == .motorways)
        #expect(normal.legs.map(\.distanceMeters) == [plainMeters])
        #expect(avoiding.legs.map(\.distanceMeters) == [excludedMeters])
        #expect(avoiding.fallbackReason == nil)
        // The two answers sit side by side in the cache, each under what it avoids.
        #expect(provider.knownLegs(for: stops).first??.distanceMeters == plainMeters)
        #expect(provider.avoiding(.motorways).knownLegs(for: stops).first??.distanceMeters == excludedMeters)
    }

    @Test func aCombinationTheProfileCannotExcludeFallsBackToTheLargestItCanAndSaysSo() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = MonacoMotorway.stops
        // car.lua excludes motorway, toll and ferry one at a time; OSRM refuses the pair by name.
        let refused = try await Self.own(server.baseURL, stops, "exclude=motorway,toll")
        try #require(refused["code"] as? String == "InvalidValue")
        let motorwayOnly = try await Self.own(server.baseURL, stops, "exclude=motorway")

        let folder = OSRMFixture.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: folder)
        let both = provider.avoiding([.motorways, .tolls])
        let result = await both.route(for: stops)
        #expect(result.avoided == .motorways)
        #expect(result.legs.map(\.distanceMeters) == [Self.routes(motorwayOnly).first?["distance"] as? Double])
        #expect(result.legs.allSatisfy { $0.source == .osrm })
        #expect(
            RoadAvoidance([.motorways, .tolls]).shortfall(applied: result.avoided, router: both.label)
                == "\(both.label) cannot avoid motorways and tolls together: avoiding motorways only")
        // The refusal is remembered: the next route asks for motorways alone at once.
        let before = provider.requestCount.requests
        _ = await both.route(for: [stops[1], stops[0]])
        #expect(provider.requestCount.requests == before + 1)
        // And across a relaunch: the refusal is kept with the legs, so nothing at all is asked.
        let relaunched = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: folder)
        let again = await relaunched.avoiding([.motorways, .tolls]).route(for: stops)
        #expect(again.avoided == .motorways && again.legs == result.legs)
        #expect(relaunched.requestCount.requests == 0)

        // The CLI says the same in its JSON and on standard error.
        let printout = await RoutePrintout.run(
            names: ["a", "b"], stops: stops, provider: provider, json: true, unit: .kilometers,
            width: { $0.count }, sanitize: { $0 }, avoid: [.motorways, .tolls])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(printout.output.utf8)) as? [String: Any])
        #expect(decoded["avoid"] as? [String: [String]] == ["requested": ["motorways", "tolls"], "applied": ["motorways"]])
        #expect(printout.warning?.contains("avoiding motorways only") == true)
    }

    @Test func theBestOrdersTableAvoidsWhatTheTripAvoids() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = MonacoMotorway.stops
        let plain = try #require(Self.routes(try await Self.own(server.baseURL, stops, "")).first?["duration"] as? Double)
        let excluded = try #require(
            Self.routes(try await Self.own(server.baseURL, stops, "exclude=motorway")).first?["duration"] as? Double)
        try #require(plain != excluded)
        let matrix = OSRMTravelMatrixProvider(configuration: OSRMFixture.configuration(server.baseURL))
        #expect(try await matrix.matrix(for: stops).durations[0][1] == plain)
        #expect(try await matrix.avoiding(.motorways).matrix(for: stops).durations[0][1] == excluded)
        // The pair car.lua cannot exclude falls back to motorways alone, as routes do.
        #expect(try await matrix.avoiding([.motorways, .tolls]).matrix(for: stops).durations[0][1] == excluded)
    }

    @Test func alternativesEqualOSRMsOwn() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = MonacoAlternatives.stops
        let own = Self.routes(try await Self.own(server.baseURL, stops, "alternatives=3&steps=true"))
        try #require(own.count >= 2, "the pair must have alternatives in OSRM's own answer")
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let found = await provider.alternatives(from: stops[0], to: stops[1])
        #expect(found.map(\.distanceMeters) == own.map { $0["distance"] as? Double ?? -1 })
        #expect(found.map(\.durationSeconds) == own.map { $0["duration"] as? Double ?? -1 })
        #expect(found.allSatisfy { !$0.mainRoads.isEmpty })
        // Each alternative but the best has a point of its own; routing through it gives that route back.
        for alternative in found.dropFirst() {
            let via = try #require(alternative.shapingPoint)
            let shaped = await provider.route(for: [stops[0], via, stops[1]])
            let meters = shaped.legs.reduce(0) { $0 + $1.distanceMeters }
            #expect(abs(meters - alternative.distanceMeters) < alternative.distanceMeters * 0.1)
        }
    }

    @Test func directionsStepsSumToTheLeg() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = Array(Monaco.tour.prefix(4))
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let legs = await provider.route(for: stops).legs
        guard case let .directions(directions) = await provider.directions(for: stops) else {
            Issue.record("no directions from a real server")
            return
        }
        #expect(directions.count == legs.count)
        for (leg, steps) in zip(legs, directions) {
            #expect(steps.distanceMeters == leg.distanceMeters)
            #expect(abs(steps.steps.reduce(0) { $0 + $1.distanceMeters } - leg.distanceMeters) < 1)
            #expect(abs(steps.steps.reduce(0) { $0 + $1.durationSeconds } - (leg.durationSeconds ?? -1)) < 1)
            #expect(steps.steps.first?.maneuver == "depart" && steps.steps.last?.maneuver == "arrive")
        }
        // The estimate has no roads and says so instead.
        guard case .unavailable = await EstimateRouteProvider().directions(for: stops) else {
            Issue.record("the estimate gave directions")
            return
        }
    }

    @Test func aStopOffTheMapGivesALegThatSaysItHasNoRoadRoute() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        // Ajaccio, on Corsica: not in the Monaco extract, and across the sea from it.
        let ajaccio = Coordinate(latitude: 41.9192, longitude: 8.7386)
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let result = await provider.route(for: [Monaco.casino, Monaco.palace, ajaccio])
        #expect(result.legs[0].source == .osrm && result.legs[0].noRoadRoute == nil)
        #expect(result.legs[1].source == .estimate)
        let words = try #require(result.legs[1].noRoadRoute)
        #expect(words.hasPrefix("no road route: stop 3 is "))
        let warnings = LegWarning.warnings(for: result.legs, countries: ["MC", "MC", "FR"], dailyDrivingLimit: 8 * 3600)
        // Corsica is a car ferry away (Nice – Bastia): the estimate that stands in says so too.
        #expect(warnings[1].map(\.kind) == ["noRoadRoute", "ferryNeeded", "crossesBorder"])
        // The CLI's table says it in words and keeps the estimate marked.
        let printout = await RoutePrintout.run(
            names: ["Casino", "Palace", "Ajaccio"], stops: [Monaco.casino, Monaco.palace, ajaccio], provider: provider,
            json: false, unit: .kilometers, width: { $0.count }, sanitize: { $0 }, countries: ["MC", "MC", "FR"])
        #expect(printout.output.contains("Leg 2 (Palace → Ajaccio): no road route: stop 3 is "))
        #expect(printout.output.contains("≈ "))
    }
}

/// The real binary: `route --alternatives --json` and `directions --json` against the same server.
@Suite struct OSRMRoutingDepthBinaryTests {
    @Test func theBinarysAlternativesAndDirectionsEqualOSRMsOwn() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let cache = try TemporaryDirectory()
        let stops = MonacoAlternatives.stops
        let own = OSRMRoutingDepthTests.routes(
            try await OSRMRoutingDepthTests.own(server.baseURL, stops, "alternatives=3&steps=true"))
        let osrm = ["--osrm", server.baseURL.absoluteString, "--osrm-timeout", "120"]
        let route = try RoadtripProcess.run(
            ["route"] + osrm + ["--json", "--alternatives"]
                + stops.map { String(format: "%.4f,%.4f", $0.latitude, $0.longitude) },
            env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(route.status == 0, "\(route)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(route.stdout.utf8)) as? [String: Any])
        let alternatives = try #require((answer["legs"] as? [[String: Any]])?.first?["alternatives"] as? [[String: Any]])
        #expect(alternatives.count == own.count)
        for (mine, theirs) in zip(alternatives, own) {
            #expect(abs((mine["distanceMeters"] as? Double ?? -1) - (theirs["distance"] as? Double ?? -2)) <= 0.05)
            #expect(abs((mine["durationSeconds"] as? Double ?? -1) - (theirs["duration"] as? Double ?? -2)) <= 0.05)
        }

        let sandbox = try CLISandbox(trips: [
            Trip(
                name: "Tour",
                waypoints: Monaco.tour.prefix(3).enumerated().map {
                    Waypoint(name: "Stop \($0.offset + 1)", coordinate: $0.element)
                })
        ])
        let directions = try RoadtripProcess.run(
            ["directions", "--data", sandbox.dataURL.path] + osrm + ["--json", "Tour"], env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(directions.status == 0, "\(directions)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(directions.stdout.utf8)) as? [String: Any])
        let legs = try #require(document["legs"] as? [[String: Any]])
        let ownLegs = try await OSRMFixture.osrmOwnLegs(server.baseURL, Array(Monaco.tour.prefix(3)))
        #expect(legs.count == ownLegs.count)
        for (leg, theirs) in zip(legs, ownLegs) {
            let steps = try #require(leg["steps"] as? [[String: Any]])
            let meters = steps.reduce(0) { $0 + ($1["distanceMeters"] as? Double ?? 0) }
            #expect(abs(meters - theirs.distance) < 1)
            #expect(abs((leg["distanceMeters"] as? Double ?? -1) - theirs.distance) < 0.05)
            #expect((steps.first?["instruction"] as? String)?.hasPrefix("Start on") == true)
        }
    }
}

/// A pair whose best route uses the A8 motorway (in France, above Monaco, inside the extract), so
/// that excluding motorways changes it: 14.0 km with it, 13.5 km (and slower) without.
enum MonacoMotorway {
    /// A road in the hills north-west of the principality, near the A8.
    static let hills = Coordinate(latitude: 43.7611, longitude: 7.3906)
    /// Fontvieille, by the stadium.
    static let fontvieille = Coordinate(latitude: 43.7300, longitude: 7.4127)
    static let stops = [hills, fontvieille]
}

/// A Monaco pair for which OSRM offers alternatives.
enum MonacoAlternatives {
    static let stops = [Monaco.stadium, Monaco.larvotto]
}

/// OSRM's own refusals, from a server that gives only them.
@Suite struct OSRMRefusalTests {
    @Test func noRouteMakesEachLegSayItHasNoRoadAndStayAnEstimate() async throws {
        let server = try OSRMFaultServer(
            .answer(status: 400, body: #"{"code":"NoRoute","message":"Impossible route between points"}"#))
        defer { server.stop() }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let stops = [Monaco.casino, Monaco.palace, Monaco.stadium]
        let result = await provider.route(for: stops)
        #expect(result.legs.allSatisfy { $0.source == .estimate })
        #expect(
            result.legs.map(\.noRoadRoute)
                == Array(
                    repeating: "no road route: \(provider.label) finds no road between these stops"
                        + " (water without a ferry, or roads it does not connect)", count: 2))
        // One request for both legs, then one for each half.
        #expect(server.requests.count == 3)
    }

    @Test func aRefusedExcludeIsAskedAgainWithoutAndNeverReportedAsApplied() async throws {
        let server = try OSRMFaultServer(
            .answer(status: 400, body: #"{"code":"InvalidValue","message":"Exclude flag combination is not supported."}"#))
        defer { server.stop() }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let result = await provider.avoiding(.ferries).route(for: [Monaco.casino, Monaco.palace])
        #expect(result.avoided == [])
        #expect(server.requests.map { $0.contains("exclude=ferry") } == [true, false])
        // This server refuses even the plain request: the leg is an estimate and says why.
        #expect(result.legs.first?.source == .estimate)
        #expect(result.fallbackReason?.contains("InvalidValue") == true)
    }
}
