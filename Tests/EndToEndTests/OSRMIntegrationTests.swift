import Foundation
import RoadtripCore
import Routing
import Testing

/// The OSRM provider against a real osrm-routed serving Monaco.
@Suite struct OSRMIntegrationTests {
    @Test func perLegFiguresEqualOSRMsOwnAnswer() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let result = await provider.route(for: Monaco.tour)
        let own = try await OSRMFixture.osrmOwnLegs(server.baseURL, Monaco.tour)

        #expect(result.fallbackReason == nil)
        #expect(result.legs.count == Monaco.tour.count - 1)
        #expect(result.legs.map(\.distanceMeters) == own.map(\.distance))
        #expect(result.legs.map(\.durationSeconds) == own.map(\.duration))
        #expect(result.legs.allSatisfy { $0.source == .osrm })
        #expect(provider.requestCount == RequestCount(requests: 1, legs: 7, connections: 1))

        // What `roadtrip route --osrm URL --json` prints carries the same figures.
        let names = Monaco.tour.indices.map { "stop \($0 + 1)" }
        let printout = await RoutePrintout.run(
            names: names, stops: Monaco.tour, provider: provider, json: true,
            unit: .kilometers, width: { $0.count }, sanitize: { $0 })
        #expect(printout.warning == nil)
        let decoded = try JSONSerialization.jsonObject(with: Data(printout.output.utf8)) as? [String: Any]
        let legs = try #require(decoded?["legs"] as? [[String: Any]])
        #expect(legs.map { $0["distanceMeters"] as? Double } == own.map(\.distance))
        #expect(legs.map { $0["durationSeconds"] as? Double } == own.map(\.duration))
        #expect(legs.allSatisfy { $0["source"] as? String == "osrm" })
    }

    @Test func eachLegCarriesItsPartOfTheRoadGeometry() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let legs = await provider.route(for: Monaco.tour).legs
        let lines = try legs.map { try #require($0.geometry) }
        for (index, line) in lines.enumerated() {
            #expect(line.count >= 2)
            // The line starts and ends where OSRM put the stops on the nearest road.
            #expect(Geodesic.distance(line[0], Monaco.tour[index]) < 300)
            #expect(Geodesic.distance(line[line.count - 1], Monaco.tour[index + 1]) < 300)
            if index > 0 { #expect(lines[index - 1].last == line.first) }
            // Along the line is about the leg's road distance.
            let along = zip(line, line.dropFirst()).reduce(0) { $0 + Geodesic.distance($1.0, $1.1) }
            #expect(abs(along - legs[index].distanceMeters) < max(5, legs[index].distanceMeters * 0.01))
        }
    }

    @Test func aHundredStopsIsOneRequestAnEditAsksOnlyForChangedLegsAndARelaunchForNone() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let folder = OSRMFixture.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = OSRMFixture.configuration(server.baseURL)
        var stops = Monaco.stops(100)

        let provider = OSRMRouteProvider(configuration: configuration, cacheFolder: folder)
        let first = await provider.route(for: stops)
        #expect(first.fallbackReason == nil)
        #expect(first.legs.allSatisfy { $0.source == .osrm })
        #expect(provider.requestCount == RequestCount(requests: 1, legs: 99, connections: 1))

        // Move stop 51 one place up: legs 49, 50 and 51 change, the other 96 are known.
        stops.swapAt(49, 50)
        #expect(provider.knownLegs(for: stops).filter { $0 == nil }.count == 3)
        let edited = await provider.route(for: stops)
        #expect(edited.fallbackReason == nil)
        // The second request went down the connection the first one opened (keep-alive).
        #expect(provider.requestCount == RequestCount(requests: 2, legs: 102, connections: 1))

        // Undo puts the stops back: every leg is known, so nothing is asked; redo likewise.
        stops.swapAt(49, 50)
        #expect(provider.knownLegs(for: stops).allSatisfy { $0 != nil })
        #expect(await provider.route(for: stops) == first)
        stops.swapAt(49, 50)
        #expect(await provider.route(for: stops) == edited)
        #expect(provider.requestCount == RequestCount(requests: 2, legs: 102, connections: 1))

        let relaunched = OSRMRouteProvider(configuration: configuration, cacheFolder: folder)
        #expect(relaunched.knownLegs(for: stops).allSatisfy { $0 != nil })
        let warm = await relaunched.route(for: stops)
        #expect(relaunched.requestCount == RequestCount())
        #expect(warm == edited)
    }

    @Test func aTripAboveTheCoordinateLimitIsSplitIntoOverlappingRequests() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        var configuration = OSRMFixture.configuration(server.baseURL)
        configuration.maxCoordinatesPerRequest = 10
        let provider = OSRMRouteProvider(configuration: configuration, cacheFolder: nil)
        let stops = Monaco.stops(30)
        let result = await provider.route(for: stops)

        #expect(result.fallbackReason == nil)
        // 29 legs at 9 legs a request: stops 0…9, 9…18, 18…27, 27…29, on one kept connection (a
        // second when the server dropped the idle one on a loaded machine, which the pool replaces).
        #expect(provider.requestCount.requests == 4 && provider.requestCount.legs == 29)
        #expect((1...2).contains(provider.requestCount.connections), "\(provider.requestCount)")
        var expected: [Double] = []
        for start in stride(from: 0, to: 29, by: 9) {
            let chunk = Array(stops[start...min(start + 9, 29)])
            expected += try await OSRMFixture.osrmOwnLegs(server.baseURL, chunk).map(\.distance)
        }
        #expect(result.legs.map(\.distanceMeters) == expected)
    }

    @Test func aServerKilledMidSessionLeavesCachedLegsAndEstimatesTheRest() async throws {
        let server = try await OSRMFixture.startMonaco()
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let before = await provider.route(for: Monaco.tour)
        #expect(before.fallbackReason == nil)

        server.stop()
        var moved = Monaco.tour
        moved[3] = Monaco.harbourQuay
        let after = await provider.route(for: moved)

        #expect(after.legs.map(\.source) == [.osrm, .osrm, .estimate, .estimate, .osrm, .osrm, .osrm])
        #expect(after.legs[0] == before.legs[0] && after.legs[6] == before.legs[6])
        let estimate = EstimateRouteProvider().instantLegs(for: moved)
        #expect(after.legs[2] == estimate[2] && after.legs[3] == estimate[3])
        let reason = try #require(after.fallbackReason)
        #expect(reason.hasPrefix("2 of 7 legs estimated: \(provider.label) unreachable ("))
        #expect(!reason.contains("\n"))
        #expect(provider.requestCount.requests == 2)
    }

    @Test func aStopOutsideTheDataIsEstimatedNotSnappedAcrossTheMap() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(server.baseURL), cacheFolder: nil)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let result = await provider.route(for: [Monaco.casino, Monaco.palace, paris, Monaco.stadium])

        #expect(result.legs.map(\.source) == [.osrm, .estimate, .estimate])
        let reason = try #require(result.fallbackReason)
        #expect(reason.hasPrefix("2 of 3 legs estimated: stop 3 is "))
        #expect(reason.hasSuffix(" km from the nearest road \(provider.label) knows"))
        #expect(provider.requestCount.requests == 1)
    }
}
