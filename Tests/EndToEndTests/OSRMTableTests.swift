import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Itinerary
import RoadtripCore
import Routing
import Testing
import TestSupport

/// The best order on OSRM's `/table` durations, against a real osrm-routed serving Monaco.
@Suite struct OSRMTableTests {
    /// OSRM's own /table answer, fetched without the provider.
    func osrmOwnTable(_ server: URL, _ stops: [Coordinate]) async throws -> [[Double]] {
        let path = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let url = URL(string: "\(server.absoluteString)/table/v1/driving/\(path)?annotations=duration")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(answer["durations"] as? [[NSNumber]])
        return rows.map { row in row.map { $0.doubleValue } }
    }

    @Test func theTableIsOSRMsOwnAskedOnceAndTheOrderSaysItIsOnRoadTimes() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let provider = OSRMTravelMatrixProvider(configuration: OSRMFixture.configuration(server.baseURL))
        let stops = Monaco.stops(30)
        let table = try await provider.matrix(for: stops)
        #expect(table.durations == (try await osrmOwnTable(server.baseURL, stops)))
        #expect(provider.requestCount == 1)

        // Asked again for the same stops (o pressed twice): no second request.
        let trip = Trip(
            name: "Monaco", waypoints: stops.enumerated().map { Waypoint(name: "S\($0.offset)", coordinate: $0.element) })
        let proposal = try await OrderProposal.make(for: trip, using: provider)
        #expect(provider.requestCount == 1)
        #expect(proposal.source == "road times from OSRM 127.0.0.1:\(server.port)")
        #expect(proposal.summary(unit: .kilometers).contains("road times from OSRM 127.0.0.1:\(server.port)"))
        // The order is priced on the road table, and never worse than the trip's own order.
        let road = table.durations
        let own = RouteOptimizer.cost(of: Array(stops.indices), in: road)
        let found = RouteOptimizer.cost(of: proposal.order, in: road)
        #expect(found <= own)
        #expect(found == RouteOptimizer.optimize(matrix: road).cost)
    }

    /// More stops than osrm-routed's default table limit (100): the server roadtrip starts takes
    /// 5,000, so the trip is still one request, on road times.
    @Test func aTripAboveOSRMsDefaultTableLimitIsStillOneRequest() async throws {
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let provider = OSRMTravelMatrixProvider(configuration: OSRMFixture.configuration(server.baseURL))
        let stops = Monaco.stops(150)
        let trip = Trip(
            name: "Monaco", waypoints: stops.enumerated().map { Waypoint(name: "S\($0.offset)", coordinate: $0.element) })
        let proposal = try await OrderProposal.make(for: trip, using: provider)
        #expect(provider.requestCount == 1)
        #expect(proposal.source == "road times from OSRM 127.0.0.1:\(server.port)")
    }
}
