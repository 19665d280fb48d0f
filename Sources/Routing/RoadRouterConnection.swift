import Foundation
import HTTP
import RoadtripCore

/// What a road router's provider shares with its copies for other avoidances: the server's HTTP
/// connections, the leg cache, the request counts, and the estimate that stands in for legs the
/// server cannot give. OSRM's and Valhalla's providers alike.
struct RoadRouterConnection: Sendable {
    let estimate: EstimateRouteProvider
    let cache: LegCache
    let client: HTTPClient
    let counter: RequestCounter

    /// `cacheFolder` nil keeps answers in memory only (tests); the app passes `LegCache.defaultFolder()`.
    init(
        server: String, engine: String, timeout: Duration, maxResponseBytes: Int, cacheFolder: URL?,
        estimate: EstimateRouteProvider
    ) {
        self.estimate = estimate
        cache = LegCache(server: server, folder: cacheFolder, engine: engine)
        client = HTTPClient(timeout: timeout, maxBodyBytes: maxResponseBytes)
        counter = RequestCounter()
        // Reading a big cache file takes a moment: do it now, off the caller's thread, rather than
        // on the first `knownLegs` from the UI.
        let cache = self.cache
        Task.detached(priority: .utility) { _ = cache.count }
    }

    /// What the provider has asked its server so far.
    var requestCount: RequestCount {
        var count = counter.value
        count.connections = client.connections.connectionsOpened
        return count
    }

    /// The legs between `stops` the cache holds for routes that excluded `exclude`; nil where none.
    func cachedLegs(for stops: [Coordinate], exclude: String, source: LegSource) -> [Leg?] {
        zip(stops, stops.dropFirst()).map { from, to in
            LegKey(from: from, to: to, exclude: exclude).flatMap { cache.leg(for: $0) }.map { cached, geometry in
                Leg(
                    from: from, to: to, distanceMeters: cached.distanceMeters,
                    durationSeconds: cached.durationSeconds, source: source, geometry: geometry)
            }
        }
    }

    /// One request for the legs between `legs + 1` stops, counted.
    func get(_ url: URL, legs: Int) async -> Result<HTTPResponse, HTTPFailure> {
        counter.record(legs: legs)
        return await client.get(url)
    }
}
