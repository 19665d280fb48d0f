import Foundation
import RoadtripCore
@testable import Routing
import Testing
import TestSupport

/// A Valhalla server that misbehaves, over a real socket: the legs are estimated and the reason is
/// one line, with whatever the server wrote made safe for the terminal.
@Suite struct ValhallaFaultTests {
    static let stops = ["43.7393,7.4276", "43.7314,7.4199"]

    @Test func aServersHostileMessageReachesTheTerminalAsOneSafeLine() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let body = #"{"error_code":999,"error":"\u001b]0;owned\u0007\u001b[2Jwiped\nsecond line","status_code":500}"#
        let server = try OSRMFaultServer(.answer(status: 500, body: body))
        defer { server.stop() }
        let result = try RoadtripProcess.run(["route", "--router", "valhalla", server.baseURL.absoluteString] + Self.stops)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("estimate"), "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("roadtrip: leg 1 estimated: Valhalla 127.0.0.1:\(server.port) answered HTTP 500 (999: "))
        #expect(result.stderr.contains("wiped") && result.stderr.contains("second line"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
        #expect(!(result.stdout + result.stderr).contains("\u{1b}"))
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.hasPrefix("/route?json=") == true)
    }

    @Test func aLegThatStillUsesWhatItWasToAvoidIsNeitherClaimedNorCached() async throws {
        let body = #"{"trip":{"units":"kilometers","legs":[{"summary":{"length":2,"time":120,"has_toll":true}}]}}"#
        let server = try OSRMFaultServer(.answer(status: 200, body: body))
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaConfiguration(baseURL: server.baseURL), cacheFolder: nil)
        let avoiding = provider.avoiding([.tolls, .ferries])
        let result = await avoiding.route(for: [Monaco.casino, Monaco.palace])

        #expect(result.legs.map(\.source) == [.valhalla])
        #expect(result.legs.map(\.distanceMeters) == [2000])
        #expect(result.avoided == .ferries)
        #expect(server.requests.first?.contains("exclude_tolls") == true, "\(server.requests)")
        #expect(server.requests.first?.contains("exclude_ferries") == true, "\(server.requests)")
        #expect(avoiding.knownLegs(for: [Monaco.casino, Monaco.palace]) == [nil])
    }

    @Test func aServerThatNeverAnswersIsEstimatedWithinTheTimeLimit() async throws {
        let server = try OSRMFaultServer(.hang)
        defer { server.stop() }
        let provider = ValhallaRouteProvider(
            configuration: ValhallaConfiguration(baseURL: server.baseURL, timeout: .seconds(1)), cacheFolder: nil)
        let result = await provider.route(for: [Monaco.casino, Monaco.palace])

        #expect(result.legs.map(\.source) == [.estimate])
        #expect(result.fallbackReason == "leg 1 estimated: Valhalla 127.0.0.1:\(server.port) did not answer within 1 s")
    }

    @Test func anAnswerWithTooFewLegsIsEstimatedAndSaysSo() async throws {
        let server = try OSRMFaultServer(.answer(status: 200, body: #"{"trip":{"legs":[]}}"#))
        defer { server.stop() }
        let provider = ValhallaRouteProvider(configuration: ValhallaConfiguration(baseURL: server.baseURL), cacheFolder: nil)
        let result = await provider.route(for: [Monaco.casino, Monaco.palace])

        #expect(result.legs.map(\.source) == [.estimate])
        #expect(result.fallbackReason == "leg 1 estimated: Valhalla 127.0.0.1:\(server.port) answered 0 legs for 1")
    }
}
