import Foundation
import HTTP
import RoadtripCore
import Testing
@testable import Routing

/// Reading Valhalla's `/route` answers and writing its requests, without a server.
@Suite struct ValhallaAnswerTests {
    /// The two engines' caches for one server are two files, each named for its engine.
    @Test func theCacheFileIsNamedForTheEngine() throws {
        let folder = URL(fileURLWithPath: "/tmp/roadtrip-cache-names")
        let url = URL(string: "http://127.0.0.1:8002")!
        let valhalla = ValhallaRouteProvider(configuration: ValhallaConfiguration(baseURL: url), cacheFolder: folder)
        let osrm = OSRMRouteProvider(configuration: OSRMConfiguration(baseURL: url), cacheFolder: folder)
        let valhallaFile = try #require(valhalla.cache.file?.lastPathComponent)
        let osrmFile = try #require(osrm.cache.file?.lastPathComponent)
        #expect(valhallaFile.hasPrefix("valhalla-") && valhallaFile.hasSuffix(".json"))
        #expect(osrmFile.hasPrefix("osrm-"))
    }

    private func response(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(json.utf8))
    }

    private func point(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    @Test func readsEachLegsSummaryInMetresAndItsShape() throws {
        let shape = Polyline.encode([point(43.7384, 7.4246), point(43.7384, 7.4246), point(43.7311, 7.4197)], precision: 6)
        let json = """
            {"trip":{"units":"kilometers","legs":[
              {"summary":{"length":2.487,"time":198.347},"shape":"\(shape)"},
              {"summary":{"length":0.5,"time":40}}]}}
            """
        let route = try ValhallaAnswer.interpret(response(200, json), stopCount: 3).get()
        #expect(route.legs.map(\.distanceMeters) == [2487, 500])
        #expect(route.legs.map(\.durationSeconds) == [198.347, 40])
        // The repeated point is dropped; a leg without a shape carries no line.
        #expect(route.legs[0].geometry == [point(43.7384, 7.4246), point(43.7311, 7.4197)])
        #expect(route.legs[1].geometry == nil)
        #expect(route.fetched.snapMeters == [nil, nil, nil])
        #expect(route.uses == [[], []])
    }

    @Test func milesAreConvertedAndUnknownUnitsRefused() throws {
        let miles = #"{"trip":{"units":"miles","legs":[{"summary":{"length":1,"time":60}}]}}"#
        #expect(try ValhallaAnswer.interpret(response(200, miles), stopCount: 2).get().legs[0].distanceMeters == 1609.344)
        let furlongs = #"{"trip":{"units":"furlongs","legs":[{"summary":{"length":1,"time":60}}]}}"#
        #expect(
            ValhallaAnswer.interpret(response(200, furlongs), stopCount: 2) == .failure(.malformed("distances in unknown units")))
    }

    @Test func answersThatDoNotFitTheRequestAreFailures() {
        let oneLeg = #"{"trip":{"legs":[{"summary":{"length":1,"time":60}}]}}"#
        #expect(
            ValhallaAnswer.interpret(response(200, oneLeg), stopCount: 3) == .failure(.wrongLegCount(expected: 2, received: 1)))
        let negative = #"{"trip":{"legs":[{"summary":{"length":-1,"time":60}}]}}"#
        guard case .failure(.malformed(let why)) = ValhallaAnswer.interpret(response(200, negative), stopCount: 2) else {
            Issue.record("a negative length was accepted")
            return
        }
        #expect(why.hasPrefix("leg 1 has a negative distance"))
        #expect(
            ValhallaAnswer.interpret(response(200, "<html>"), stopCount: 2) == .failure(.malformed("not a Valhalla route answer"))
        )
        #expect(
            ValhallaAnswer.interpret(response(502, "<html>"), stopCount: 2) == .failure(.status(502, code: nil, message: nil)))
    }

    @Test func stopErrorsAreRefusalsWorthSplittingAndServerErrorsAreNot() {
        let noRoad = #"{"error_code":171,"error":"No suitable edges near location","status_code":400}"#
        let refused = ValhallaAnswer.interpret(response(400, noRoad), stopCount: 2)
        #expect(refused == .failure(.refused(code: "171", message: "No suitable edges near location")))
        if case .failure(let failure) = refused {
            #expect(ValhallaAnswer.concernsOnlyTheseStops(failure))
            #expect(
                failure.reason(server: "Valhalla h:1") == "Valhalla h:1 cannot route it (171: No suitable edges near location)")
        }
        let parse = #"{"error_code":100,"error":"Failed to parse json request","status_code":400}"#
        let broken = ValhallaAnswer.interpret(response(400, parse), stopCount: 2)
        #expect(broken == .failure(.status(400, code: "100", message: "Failed to parse json request")))
        if case .failure(let failure) = broken { #expect(!ValhallaAnswer.concernsOnlyTheseStops(failure)) }
        #expect(!ValhallaAnswer.concernsOnlyTheseStops(.transport(.timedOut(seconds: 5))))
    }

    @Test func theRequestIsOneQueryOfCompactJSONWithEveryStopABreak() throws {
        let configuration = ValhallaConfiguration(baseURL: URL(string: "http://127.0.0.1:8002/")!)
        let points = try [point(43.7384, 7.4246), point(-33.8688, 151.2093)].map { try #require(GridPoint($0)) }
        let url = try #require(configuration.routeURL(for: points))
        let text = url.absoluteString
        #expect(text.hasPrefix("http://127.0.0.1:8002/route?json="))
        // Valhalla reads "+" as itself, not a space: only unreserved characters go unescaped.
        #expect(!text.contains("+") && !text.contains(" ") && !text.contains("{"))
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        #expect(
            query == #"{"locations":[{"lat":43.738400,"lon":7.424600,"type":"break","search_cutoff":5000},"#
                + #"{"lat":-33.868800,"lon":151.209300,"type":"break","search_cutoff":5000}],"#
                + #""costing":"auto","units":"kilometers","directions_type":"none"}"#)
        _ = try JSONSerialization.jsonObject(with: Data(query.utf8))
    }

    @Test func avoidanceIsSentAsHardExclusionsAndTheSummaryFlagsAreRead() throws {
        let configuration = ValhallaConfiguration(baseURL: URL(string: "http://127.0.0.1:8002")!)
        let points = try [point(43.7384, 7.4246), point(43.7311, 7.4197)].map { try #require(GridPoint($0)) }
        let url = try #require(configuration.routeURL(for: points, avoid: [.motorways, .ferries]))
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        #expect(query.contains(#""costing_options":{"auto":{"exclude_highways":true,"exclude_ferries":true}},"#))
        let plain = try #require(configuration.routeURL(for: points))
        #expect(!plain.absoluteString.contains("costing_options"))

        let json = #"{"trip":{"legs":[{"summary":{"length":1,"time":60,"has_toll":true,"has_highway":false,"has_ferry":true}}]}}"#
        #expect(try ValhallaAnswer.interpret(response(200, json), stopCount: 2).get().uses == [[.tolls, .ferries]])
    }

    @Test func labelAndCacheIdentityNameTheEngine() throws {
        let valhalla = try #require(ValhallaConfiguration(urlString: " http://127.0.0.1:8002/ "))
        #expect(valhalla.label == "Valhalla 127.0.0.1:8002")
        #expect(valhalla.serverIdentity == "valhalla|http://127.0.0.1:8002|auto")
        let osrm = try #require(OSRMConfiguration(urlString: "http://127.0.0.1:8002/"))
        #expect(valhalla.serverIdentity != osrm.serverIdentity)
        #expect(ValhallaConfiguration(urlString: "ftp://127.0.0.1") == nil)
    }
}

/// Reading Valhalla's `/sources_to_targets` answers.
@Suite struct ValhallaMatrixAnswerTests {
    private func response(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(json.utf8))
    }

    @Test func readsSecondsAndMetresWithNoRoadAsInfinity() throws {
        let json =
            #"{"sources_to_targets":{"durations":[[0,242],[null,0]],"distances":[[0.0,3.089],[null,0.0]]},"units":"kilometers"}"#
        let matrix = try ValhallaTravelMatrixProvider.parse(response(200, json), count: 2, label: "Valhalla h:1")
        #expect(matrix.durations == [[0, 242], [.infinity, 0]])
        #expect(matrix.distances == [[0, 3089], [.infinity, 0]])
    }

    @Test func refusalsAndMisfitsAreOneLineErrors() {
        let refused =
            #"{"error_code":154,"error":"Path distance exceeds\nthe max distance limit: 400000 meters","status_code":400}"#
        let refusal = #expect(throws: OSRMTableError.self) {
            try ValhallaTravelMatrixProvider.parse(response(400, refused), count: 2, label: "Valhalla h:1")
        }
        #expect(
            refusal?.description
                == "Valhalla h:1 refused the travel-time table (154: Path distance exceeds the max distance limit: 400000 meters)"
        )
        let small = #"{"sources_to_targets":{"durations":[[0]],"distances":[[0]]}}"#
        let misfit = #expect(throws: OSRMTableError.self) {
            try ValhallaTravelMatrixProvider.parse(response(200, small), count: 2, label: "Valhalla h:1")
        }
        #expect(misfit?.description == "Valhalla h:1 answered a travel-time table without 2×2 durations")
    }
}

/// Valhalla's manoeuvres as the steps the directions print.
@Suite struct ValhallaManeuverTests {
    @Test func typesNamesAndRoundaboutsReadAsOSRMsSteps() throws {
        let json = #"""
            {"trip":{"units":"kilometers","legs":[{"summary":{"length":1.5,"time":120},"maneuvers":[
              {"type":3,"street_names":["Route de Menton","D 2564"],"length":0.5,"time":40},
              {"type":26,"street_names":["Giratoire Aureglia"],"length":0.02,"time":3,"roundabout_exit_count":2},
              {"type":27,"street_names":["Tunnel Dorsale","A8"],"length":0.9,"time":70},
              {"type":28,"street_names":["Ferry"],"length":0.08,"time":7,"travel_type":"ferry"},
              {"type":5,"length":0,"time":0}]}]}}
            """#
        let route = try ValhallaAnswer.interpret(HTTPResponse(status: 200, body: Data(json.utf8)), stopCount: 2).get()
        let steps = try #require(route.legs[0].steps)
        #expect(
            steps.map(\.instruction) == [
                "Start on Route de Menton (D 2564)",
                "At the roundabout take the 2nd exit onto Tunnel Dorsale (A8)",
                "Leave the roundabout onto Tunnel Dorsale (A8)",
                "Take the ferry Ferry",
                "Arrive (destination on the right)"
            ])
        #expect(steps.map(\.distanceMeters) == [500, 20, 900, 80, 0])
        #expect(ValhallaManeuver.isRoadNumber("E 80") && ValhallaManeuver.isRoadNumber("N7"))
        #expect(!ValhallaManeuver.isRoadNumber("Rue des Iris") && !ValhallaManeuver.isRoadNumber("Route 66 Diner"))
    }
}
