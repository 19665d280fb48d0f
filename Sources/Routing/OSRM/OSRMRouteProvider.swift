import Foundation
import HTTP
import RoadtripCore

/// Real road distances, drive times and lines from an OSRM server, never failing: legs the server
/// cannot give come from the offline estimate, and the result says why in one line.
///
/// A trip costs one `/route` request for all its missing legs (more only above the server's
/// coordinate limit, or to isolate stops it cannot route). Answered legs go into a `LegCache`, so
/// an edit asks only for the legs it changed and a relaunch asks for nothing.
///
/// `avoid` goes to the server as `exclude=`; when the server's profile cannot exclude that
/// combination, the largest part of it that it can is used instead (`RouteResult.avoided` says
/// which), and the cache keeps legs by what they really avoid, and remembers which combinations
/// the server refused, so neither this launch nor the next asks for one again.
public final class OSRMRouteProvider: RouteProvider {
    public let configuration: OSRMConfiguration
    /// What this provider asks the server to stay off.
    public let avoid: RoadAvoidance
    private let connection: RoadRouterConnection

    public var estimate: EstimateRouteProvider { connection.estimate }
    public var cache: LegCache { connection.cache }

    /// `cacheFolder` nil keeps answers in memory only (tests); the app passes
    /// `LegCache.defaultFolder()`.
    public init(
        configuration: OSRMConfiguration, estimate: EstimateRouteProvider = EstimateRouteProvider(),
        cacheFolder: URL?
    ) {
        self.configuration = configuration
        connection = RoadRouterConnection(
            server: configuration.serverIdentity, engine: "osrm", timeout: configuration.timeout,
            maxResponseBytes: configuration.maxResponseBytes, cacheFolder: cacheFolder, estimate: estimate)
        avoid = []
    }

    /// The same server, connection, cache and counts, avoiding `avoid`.
    private init(configuration: OSRMConfiguration, connection: RoadRouterConnection, avoid: RoadAvoidance) {
        self.configuration = configuration
        self.connection = connection
        self.avoid = avoid
    }

    public func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider {
        avoid == self.avoid ? self : OSRMRouteProvider(configuration: configuration, connection: connection, avoid: avoid)
    }

    public var label: String { configuration.label }

    /// What the server is expected to apply of `avoid`: what it applied last time, else all of it.
    var expectedAvoidance: RoadAvoidance { cache.appliedAvoidance(for: avoid) ?? avoid }

    public var knownAvoidance: RoadAvoidance { expectedAvoidance }

    /// The avoidances to try in order: the expected one, then smaller ones.
    var avoidanceCandidates: ArraySlice<RoadAvoidance> {
        let expected = expectedAvoidance
        return avoid.fallbacks.drop { $0 != expected }
    }

    func rememberAvoidance(_ applied: RoadAvoidance) {
        cache.rememberAvoidance(applied, for: avoid)
        try? cache.save()  // Only writes when something changed.
    }

    /// What this provider has asked its server so far.
    public var requestCount: RequestCount { connection.requestCount }

    public func knownLegs(for stops: [Coordinate]) -> [Leg?] {
        knownLegs(for: stops, exclude: expectedAvoidance.osrmExclude)
    }

    private func knownLegs(for stops: [Coordinate], exclude: String) -> [Leg?] {
        connection.cachedLegs(for: stops, exclude: exclude, source: .osrm)
    }

    /// Never throws: see `route(for:)`.
    public func legs(for stops: [Coordinate]) async throws -> [Leg] {
        await route(for: stops).legs
    }

    /// Tries the avoidance asked for, then smaller ones while the server refuses the combination,
    /// and remembers which one it took so the next route asks for it at once.
    public func route(for stops: [Coordinate]) async -> RouteResult {
        for applied in avoidanceCandidates {
            guard let result = await route(for: stops, exclude: applied) else { continue }
            rememberAvoidance(applied)
            return result
        }
        // The empty avoidance is always a candidate and never refused.
        return await route(for: stops, exclude: []) ?? RouteResult(legs: [])
    }

    /// Nil when the server refused `applied` as a combination it cannot exclude.
    private func route(for stops: [Coordinate], exclude applied: RoadAvoidance) async -> RouteResult? {
        let exclude = applied.osrmExclude
        var legs = knownLegs(for: stops, exclude: exclude)
        var reasons: [String] = []
        var noRoad: [Int: String] = [:]
        let missing = legs.indices.filter { legs[$0] == nil }
        let askable = missing.filter { stops[$0].isValid && stops[$0 + 1].isValid }
        if askable.count < missing.count { reasons.append("a stop has no valid coordinates") }
        let label = self.label
        let failures = ChunkFailures(concernsOnlyTheseStops: \.concernsOnlyTheseStops) { $0.noRoadRoute(server: label) }
        let asked = await RequestPlan.ask(
            askable, maxCoordinates: configuration.maxCoordinatesPerRequest, server: label, failures: failures
        ) { chunk in
            switch await fetch(Array(stops[chunk.lowerBound...chunk.upperBound]), exclude: exclude) {
            case .success(let route):
                return .answered(
                    reasons: accept(
                        route, startingAt: chunk.lowerBound, stops: stops, exclude: exclude, into: &legs, noRoad: &noRoad))
            case .failure(let failure) where failure.refusesExclude && !applied.isEmpty: return .giveUp
            case .failure(let failure): return .failed(failure)
            }
        }
        guard let asked else { return nil }
        try? cache.save()  // A cache that cannot be written costs requests later, not correctness now.

        return RoadRouteShapes.result(
            legs, stops: stops, estimate: estimate, noRoad: noRoad.merging(asked.noRoad) { offMap, _ in offMap },
            reasons: reasons + asked.reasons, server: label,
            avoided: applied)
    }

    func fetch(
        _ stops: [Coordinate], exclude: String, steps: Bool = false, alternatives: Int = 0
    ) async -> Result<FetchedRoute, RouterFailure> {
        let points = stops.compactMap(GridPoint.init)
        guard points.count == stops.count,
            let url = configuration.routeURL(for: points, exclude: exclude, steps: steps, alternatives: alternatives)
        else {
            return .failure(.malformed("cannot build a request URL from \(configuration.baseURL)"))
        }
        switch await connection.get(url, legs: stops.count - 1) {
        case .success(let response):
            return RouterFailure.interpret(response, stopCount: stops.count).flatMap { $0.checked(against: stops) }
        case .failure(let failure): return .failure(.transport(failure))
        }
    }

    /// Takes the answered legs into the result and the cache, except legs touching a stop the
    /// server had to move implausibly far to reach a road: its data does not cover that stop.
    private func accept(
        _ route: FetchedRoute, startingAt first: Int, stops: [Coordinate], exclude: String,
        into legs: inout [Leg?], noRoad: inout [Int: String]
    ) -> [String] {
        var reasons: [String] = []
        let offMap = route.snapMeters.map { ($0 ?? 0) > configuration.maxSnapMeters }
        for (offset, fetched) in route.legs.enumerated() {
            let index = first + offset
            if offMap[offset] || offMap[offset + 1] {
                let stop = offMap[offset] ? offset : offset + 1
                let meters = route.snapMeters[stop] ?? 0
                let reason =
                    "stop \(first + stop + 1) is \(Formatting.distance(meters, unit: .kilometers))"
                    + " from the nearest road \(label) knows"
                reasons.append(reason)
                noRoad[index] = "no road route: " + reason
                continue
            }
            let from = stops[index], to = stops[index + 1]
            guard let key = LegKey(from: from, to: to, exclude: exclude) else { continue }
            cache.store(
                CachedLeg(
                    distanceMeters: fetched.distanceMeters, durationSeconds: fetched.durationSeconds,
                    geometry: fetched.geometry, fetched: Date()),
                geometry: fetched.geometry, for: key)
            legs[index] = Leg(
                from: from, to: to, distanceMeters: fetched.distanceMeters,
                durationSeconds: fetched.durationSeconds, source: .osrm, geometry: fetched.geometry)
        }
        return reasons
    }
}
