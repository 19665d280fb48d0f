import Foundation
import HTTP
import Testing
import RoadtripCore
@testable import Routing

@Suite struct OSRMAnswerTests {
    private func point(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    @Test func splitsTheOverviewAtEachLegsSegmentCount() throws {
        let p = (0..<6).map { point(43 + Double($0) / 1000, 7) }
        // Leg 0 has 2 segments (p0 p1 p2), leg 1 has 3 (p2 p2 p3 p4: a zero-length segment
        // repeats p2), leg 2 has 1 (p4 p5).
        let overview = [p[0], p[1], p[2], p[2], p[3], p[4], p[5]]
        let legs = try #require(OSRMAnswer.legGeometries(overview: overview, segmentCounts: [2, 3, 1]))
        #expect(legs == [[p[0], p[1], p[2]], [p[2], p[3], p[4]], [p[4], p[5]]])
    }

    @Test func countsThatDoNotAddUpGiveNoLines() {
        let overview = [point(1, 1), point(2, 2), point(3, 3)]
        #expect(OSRMAnswer.legGeometries(overview: overview, segmentCounts: [1, 2]) == nil)
        #expect(OSRMAnswer.legGeometries(overview: overview, segmentCounts: [1, nil]) == nil)
        #expect(OSRMAnswer.legGeometries(overview: nil, segmentCounts: [2]) == nil)
    }

    private func response(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(json.utf8))
    }

    @Test func readsLegsAndSnapDistances() throws {
        let json = """
            {"code":"Ok","routes":[{"geometry":"_h`lrAcgncM??","legs":[
              {"distance":0,"duration":0,"annotation":{"distance":[0]}}]}],
             "waypoints":[{"distance":1.5,"name":"Boulevard"},{"distance":2.5}]}
            """
        let route = try RouterFailure.interpret(response(200, json), stopCount: 2).get()
        #expect(route.legs == [FetchedLeg(distanceMeters: 0, durationSeconds: 0, geometry: [point(43.729552, 7.413378)])])
        #expect(route.snapMeters == [1.5, 2.5])
    }

    @Test func aStopProblemConcernsOnlyThatRequest() {
        let json = #"{"code":"NoSegment","message":"Could not find a matching segment for coordinate 1"}"#
        let result = RouterFailure.interpret(response(400, json), stopCount: 3)
        #expect(result == .failure(.refused(code: "NoSegment", message: "Could not find a matching segment for coordinate 1")))
        #expect(result.failureValue?.concernsOnlyTheseStops == true)
    }

    @Test func otherFailuresAreTheServers() {
        #expect(
            RouterFailure.interpret(response(500, "Internal Server Error"), stopCount: 2)
                == .failure(.status(500, code: nil, message: nil)))
        #expect(
            RouterFailure.interpret(response(400, #"{"code":"InvalidUrl","message":"URL string malformed"}"#), stopCount: 2)
                == .failure(.status(400, code: "InvalidUrl", message: "URL string malformed")))
        #expect(
            RouterFailure.interpret(response(200, #"{"code":"Ok","routes":[{"legs":[{"dista"#), stopCount: 2)
                == .failure(.malformed("not complete JSON")))
        #expect(
            RouterFailure.interpret(
                response(200, #"{"code":"Ok","routes":[{"legs":[{"distance":1,"duration":2}]}]}"#), stopCount: 3)
                == .failure(.wrongLegCount(expected: 2, received: 1)))
        #expect(
            RouterFailure.interpret(response(200, #"{"code":"Ok","routes":[]}"#), stopCount: 2)
                == .failure(.malformed("no route in the answer")))
        #expect(
            RouterFailure.interpret(
                response(200, #"{"code":"Ok","routes":[{"legs":[{"distance":-1,"duration":2}]}]}"#), stopCount: 2)
                == .failure(.malformed("leg 1 has a negative distance (-1.0 m)")))
    }

    @Test func reasonsAreOneLineAndNameTheServer() {
        let server = "OSRM 127.0.0.1:5000"
        let reasons = [
            RouterFailure.transport(.unreachable("cannot connect")),
            .transport(.transport("transfer closed with 4983 bytes\nremaining to read")),
            .transport(.timedOut(seconds: 5)), .transport(.tooLarge(limitBytes: 32 << 20)),
            .status(500, code: nil, message: nil), .status(400, code: "InvalidUrl", message: "two\nlines"),
            .refused(code: "NoRoute", message: "Impossible route"), .malformed("not complete JSON"),
            .wrongLegCount(expected: 2, received: 1)
        ].map { $0.reason(server: server) }
        #expect(
            reasons == [
                "OSRM 127.0.0.1:5000 unreachable (cannot connect)",
                "OSRM 127.0.0.1:5000 failed (transfer closed with 4983 bytes remaining to read)",
                "OSRM 127.0.0.1:5000 did not answer within 5 s",
                "OSRM 127.0.0.1:5000 sent an answer over the 32 MB limit",
                "OSRM 127.0.0.1:5000 answered HTTP 500",
                "OSRM 127.0.0.1:5000 answered HTTP 400 (InvalidUrl: two lines)",
                "OSRM 127.0.0.1:5000 cannot route it (NoRoute: Impossible route)",
                "OSRM 127.0.0.1:5000 sent a malformed answer (not complete JSON)",
                "OSRM 127.0.0.1:5000 answered 1 leg for 2"
            ])
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
