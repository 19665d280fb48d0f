import Foundation
import HTTP
import RoadtripCore

/// Real road distances, drive times and lines from a Valhalla server, never failing: legs the
/// server cannot give come from the offline estimate, and the result says why in one line.
///
/// The same contract as `OSRMRouteProvider`: a trip costs one `/route` request for all its
/// missing legs (more only above the server's location limit, or to isolate stops it cannot
/// route), answered legs go into a `LegCache` of their own, so an edit asks only for the legs it
/// changed and a relaunch asks for nothing.
///
/// `avoid` goes to the server as hard exclusions (`exclude_highways`, `exclude_tolls`,
/// `exclude_ferries`), which Valhalla applies in any combination. A leg whose summary still shows
/// a kind it was to avoid (Valhalla may keep one at a stop that is on such a road) is not cached,
/// and `RouteResult.avoided` leaves that kind out.
final class ValhallaRouteProvider: RouteProvider {
    let configuration: ValhallaConfiguration
    /// What this provider asks the server to stay off.
    let avoid: RoadAvoidance
    private let connection: RoadRouterConnection

    var estimate: EstimateRouteProvider { connection.estimate }
    var cache: LegCache { connection.cache }

    /// `cacheFolder` nil keeps answers in memory only (tests); the app passes
    /// `LegCache.defaultFolder()`.
    init(
        configuration: ValhallaConfiguration, estimate: EstimateRouteProvider = EstimateRouteProvider(),
        cacheFolder: URL?
    ) {
        self.configuration = configuration
        connection = RoadRouterConnection(
            server: configuration.serverIdentity, engine: "valhalla", timeout: configuration.timeout,
            maxResponseBytes: configuration.maxResponseBytes, cacheFolder: cacheFolder, estimate: estimate)
        avoid = []
    }

    /// The same server, connection, cache and counts, avoiding `avoid`.
    private init(configuration: ValhallaConfiguration, connection: RoadRouterConnection, avoid: RoadAvoidance) {
        self.configuration = configuration
        self.connection = connection
        self.avoid = avoid
    }

    func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider {
        avoid == self.avoid ? self : ValhallaRouteProvider(configuration: configuration, connection: connection, avoid: avoid)
    }

    /// All of `avoid`: Valhalla excludes any combination, and a leg that still uses an avoided kind
    /// is never cached, so every leg `knownLegs` gives avoids it all.
    var knownAvoidance: RoadAvoidance { avoid }

    var label: String { configuration.label }

    /// What this provider has asked its server so far.
    var requestCount: RequestCount { connection.requestCount }

    func knownLegs(for stops: [Coordinate]) -> [Leg?] {
        connection.cachedLegs(for: stops, exclude: avoid.listText, source: .valhalla)
    }

    /// Never throws: see `route(for:)`.
    func legs(for stops: [Coordinate]) async throws -> [Leg] {
        await route(for: stops).legs
    }

    func route(for stops: [Coordinate]) async -> RouteResult {
        var legs = knownLegs(for: stops)
        var reasons: [String] = []
        var avoided = avoid
        let missing = legs.indices.filter { legs[$0] == nil }
        let askable = missing.filter { stops[$0].isValid && stops[$0 + 1].isValid }
        if askable.count < missing.count { reasons.append("a stop has no valid coordinates") }
        let label = self.label
        let failures = ChunkFailures(concernsOnlyTheseStops: ValhallaAnswer.concernsOnlyTheseStops) {
            ValhallaAnswer.noRoadRoute($0, server: label)
        }
        let asked = await RequestPlan.ask(
            askable, maxCoordinates: configuration.maxLocationsPerRequest, server: label, failures: failures
        ) { chunk in
            switch await fetch(Array(stops[chunk.lowerBound...chunk.upperBound])) {
            case .success(let route):
                avoided.subtract(accept(route, startingAt: chunk.lowerBound, stops: stops, into: &legs))
                return .answered(reasons: [])
            case .failure(let failure): return .failed(failure)
            }
        }
        // Valhalla never asks to give up: every avoidance is one it can apply.
        let (moreReasons, noRoad) = asked ?? ([], [:])
        try? cache.save()  // A cache that cannot be written costs requests later, not correctness now.

        return RoadRouteShapes.result(
            legs, stops: stops, estimate: estimate, noRoad: noRoad, reasons: reasons + moreReasons, server: label,
            avoided: avoided)
    }

    func fetch(_ stops: [Coordinate], maneuvers: Bool = false, alternates: Int = 0) async -> Result<ValhallaRoute, RouterFailure>
    {
        let points = stops.compactMap(GridPoint.init)
        guard points.count == stops.count,
            let url = configuration.routeURL(for: points, avoid: avoid, maneuvers: maneuvers, alternates: alternates)
        else {
            return .failure(.malformed("cannot build a request URL from \(configuration.baseURL)"))
        }
        switch await connection.get(url, legs: stops.count - 1) {
        case .success(let response):
            return ValhallaAnswer.interpret(response, stopCount: stops.count).flatMap { route in
                route.fetched.checked(against: stops).map { ValhallaRoute(fetched: $0, uses: route.uses) }
            }
        case .failure(let failure): return .failure(.transport(failure))
        }
    }

    /// Takes the answered legs into the result, and into the cache those that avoid all they were
    /// to; returns the kinds to avoid that some leg still uses.
    private func accept(
        _ route: ValhallaRoute, startingAt first: Int, stops: [Coordinate], into legs: inout [Leg?]
    ) -> RoadAvoidance {
        var kept: RoadAvoidance = []
        for (offset, fetched) in route.legs.enumerated() {
            let index = first + offset
            let from = stops[index], to = stops[index + 1]
            let used = route.uses[offset].intersection(avoid)
            kept.formUnion(used)
            legs[index] = Leg(
                from: from, to: to, distanceMeters: fetched.distanceMeters,
                durationSeconds: fetched.durationSeconds, source: .valhalla, geometry: fetched.geometry)
            guard used.isEmpty, let key = LegKey(from: from, to: to, exclude: avoid.listText) else { continue }
            cache.store(
                CachedLeg(
                    distanceMeters: fetched.distanceMeters, durationSeconds: fetched.durationSeconds,
                    geometry: fetched.geometry, fetched: Date()),
                geometry: fetched.geometry, for: key)
        }
        return kept
    }
}
