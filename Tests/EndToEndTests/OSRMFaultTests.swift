import Foundation
import RoadtripCore
import Routing
import Testing

/// A routing server that misbehaves: every case ends in the offline estimate with a one-line reason.
@Suite struct OSRMFaultTests {
    let stops = [Monaco.casino, Monaco.palace, Monaco.stadium]

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var behaviour: OSRMFaultServer.Behaviour
        /// What the reason must say after "2 of 2 legs estimated: OSRM 127.0.0.1:PORT ".
        var reason: String
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "hangs", behaviour: .hang, reason: "did not answer within 1 s"),
        Fault(name: "trickles", behaviour: .trickle, reason: "did not answer within 1 s"),
        Fault(
            name: "HTTP 500", behaviour: .answer(status: 500, body: "Internal Server Error"),
            reason: "answered HTTP 500"),
        Fault(
            name: "truncated JSON",
            behaviour: .answer(status: 200, body: #"{"code":"Ok","routes":[{"legs":[{"distance":12"#),
            reason: "sent a malformed answer (not complete JSON)"),
        Fault(
            name: "wrong number of legs",
            behaviour: .answer(status: 200, body: #"{"code":"Ok","routes":[{"legs":[{"distance":10,"duration":2}]}]}"#),
            reason: "answered 1 leg for 2"),
        Fault(name: "huge body", behaviour: .endlessBody, reason: "sent an answer over the 1 MB limit"),
        Fault(
            name: "not OSRM", behaviour: .answer(status: 404, body: "<html>nothing here</html>"),
            reason: "answered HTTP 404"),
        Fault(
            name: "compressed (a gzip bomb's wrapper)", behaviour: .compressed,
            reason: "failed (sent a compressed answer (gzip) though none was asked for)"),
        Fault(
            name: "a distance of 1e300",
            behaviour: .answer(
                status: 200,
                body:
                    #"{"code":"Ok","routes":[{"legs":[{"distance":1e300,"duration":2},{"distance":10,"duration":2}]}]}"#),
            reason: "sent a malformed answer (leg 1 has a distance of 1e+300 m, longer than any road)"),
        Fault(
            name: "a NaN-like duration",
            behaviour: .answer(
                status: 200,
                body:
                    #"{"code":"Ok","routes":[{"legs":[{"distance":10,"duration":-1},{"distance":10,"duration":2}]}]}"#),
            reason: "sent a malformed answer (leg 1 has a negative duration (-1.0 s))")
    ]

    @Test func aChunkedAnswerIsReadWhole() async throws {
        let body =
            #"{"code":"Ok","routes":[{"legs":[{"distance":1200.5,"duration":100},{"distance":800,"duration":70}]}],"waypoints":[{"distance":1},{"distance":2},{"distance":3}]}"#
        let server = try OSRMFaultServer(.chunked(body: body, chunkSize: 7))
        defer { server.stop() }
        let result = await provider(for: server).route(for: stops)
        #expect(result.fallbackReason == nil)
        #expect(result.legs.map(\.distanceMeters) == [1200.5, 800])
    }

    /// Requests a server takes per connection, how long the client waits between edits, and the
    /// connections three requests must then open: one when the server keeps it; a new one each time
    /// it closes it, whether the close arrived before the next request (a pause) or races it.
    @Test(arguments: [(10, 0, 1), (1, 50, 3), (1, 0, 3)])
    func keptConnectionsCarryRequestsAndClosedOnesAreReplacedUnseen(
        requestsPerConnection: Int, pauseMilliseconds: Int, connections: Int
    ) async throws {
        let server = try OSRMFaultServer(.keepAlive(body: Self.twoLegs, requestsPerConnection: requestsPerConnection))
        defer { server.stop() }
        let provider = provider(for: server)
        for shift in 0..<3 {
            let result = await provider.route(
                for: stops.map { Coordinate(latitude: $0.latitude + Double(shift) * 1e-3, longitude: $0.longitude) })
            #expect(result.fallbackReason == nil)
            try await Task.sleep(for: .milliseconds(pauseMilliseconds))
        }
        #expect(provider.requestCount == RequestCount(requests: 3, legs: 6, connections: connections))
        #expect(server.requests.count == 3)
        #expect(server.connections == connections)
    }

    private static let twoLegs =
        #"{"code":"Ok","routes":[{"legs":[{"distance":1200.5,"duration":100},{"distance":800,"duration":70}]}],"waypoints":[{"distance":1},{"distance":2},{"distance":3}]}"#

    /// Servers that answer get a time limit they never reach, however loaded the machine: only the
    /// ones that never finish should meet the limit, and for them it is kept short.
    private func provider(for server: OSRMFaultServer) -> OSRMRouteProvider {
        let slow: Bool
        switch server.behaviour {
        case .hang, .trickle: slow = true
        default: slow = false
        }
        let configuration = OSRMConfiguration(
            baseURL: server.baseURL, timeout: .seconds(slow ? 1 : 60),
            maxResponseBytes: 1 << 20)
        return OSRMRouteProvider(configuration: configuration, cacheFolder: nil)
    }

    @Test(arguments: faults)
    func endsInTheEstimateWithAReason(_ fault: Fault) async throws {
        let server = try OSRMFaultServer(fault.behaviour)
        defer { server.stop() }
        let provider = provider(for: server)
        let result = await provider.route(for: stops)

        #expect(result.legs == EstimateRouteProvider().instantLegs(for: stops))
        #expect(result.fallbackReason == "2 of 2 legs estimated: OSRM 127.0.0.1:\(server.port) \(fault.reason)")
        #expect(provider.requestCount.requests == 1 && provider.requestCount.legs == 2)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.hasPrefix("/route/v1/driving/7.427600,43.739300;7.419900,43.731400;") == true)
        // Nothing failed is remembered: the next attempt asks again.
        #expect(provider.knownLegs(for: stops).allSatisfy { $0 == nil })
    }

    @Test func aConnectionCutMidAnswerEndsInTheEstimate() async throws {
        let server = try OSRMFaultServer(.cutOff(body: #"{"code":"Ok","rou"#, declaredLength: 5000))
        defer { server.stop() }
        let result = await provider(for: server).route(for: stops)
        #expect(result.legs.allSatisfy { $0.source == .estimate })
        let reason = try #require(result.fallbackReason)
        #expect(reason.hasPrefix("2 of 2 legs estimated: OSRM 127.0.0.1:\(server.port) "))
        #expect(!reason.contains("\n"))
    }

    @Test func stopsTheServerCannotPlaceAreIsolatedByHalving() async throws {
        let server = try OSRMFaultServer(
            .answer(
                status: 400,
                body: #"{"code":"NoSegment","message":"Could not find a matching segment for coordinate 0"}"#))
        defer { server.stop() }
        let provider = provider(for: server)
        let result = await provider.route(for: stops + [Monaco.harbour])

        #expect(result.legs.allSatisfy { $0.source == .estimate })
        #expect(
            result.fallbackReason == "3 of 3 legs estimated: OSRM 127.0.0.1:\(server.port) cannot route it "
                + "(NoSegment: Could not find a matching segment for coordinate 0)")
        // Legs 0..<3, then 0..<1 and 1..<3, then 1..<2 and 2..<3.
        // Each answer says "Connection: close": no connection is kept past it.
        #expect(provider.requestCount == RequestCount(requests: 5, legs: 3 + 1 + 2 + 1 + 1, connections: 5))
    }

    @Test func anUnreachableServerIsSaidSo() async throws {
        // A port that was free a moment ago: nothing listens there.
        let server = try OSRMFaultServer(.hang)
        let port = server.port
        server.stop()
        let provider = OSRMRouteProvider(
            configuration: OSRMConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!),
            cacheFolder: nil)
        let result = await provider.route(for: stops)
        #expect(result.legs.allSatisfy { $0.source == .estimate })
        #expect(result.fallbackReason?.hasPrefix("2 of 2 legs estimated: OSRM 127.0.0.1:\(port) unreachable (") == true)
    }

    @Test func fewerThanTwoStopsAskNothing() async throws {
        let server = try OSRMFaultServer(.hang)
        defer { server.stop() }
        let provider = provider(for: server)
        #expect(await provider.route(for: [Monaco.casino]) == RouteResult(legs: []))
        #expect(await provider.route(for: []) == RouteResult(legs: []))
        #expect(provider.requestCount == RequestCount())
    }
}
