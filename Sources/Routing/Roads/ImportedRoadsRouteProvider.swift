import Foundation
import RoadtripCore

/// Real roads with no flag: each leg goes to the imported road region holding both its stops
/// (`roadtrip roads import`), whose osrm-routed starts on first need; legs no region holds are
/// the offline estimate, and the result says which and why.
public final class ImportedRoadsRouteProvider: RouteProvider {
    private let servers: [RegionServer]
    private let estimate: EstimateRouteProvider
    let avoid: RoadAvoidance

    public init(
        regions: [RoadRegionsFolder.Entry], timeout: Duration = .seconds(5),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        estimate: EstimateRouteProvider = EstimateRouteProvider(), cacheFolder: URL? = LegCache.defaultFolder()
    ) {
        // The smallest region first: a city imported inside its country routes on the finer data.
        servers = regions.sorted { $0.region.area < $1.region.area }.map {
            RegionServer(entry: $0, timeout: timeout, environment: environment, estimate: estimate, cacheFolder: cacheFolder)
        }
        self.estimate = estimate
        avoid = []
    }

    private init(servers: [RegionServer], estimate: EstimateRouteProvider, avoid: RoadAvoidance) {
        self.servers = servers
        self.estimate = estimate
        self.avoid = avoid
    }

    public func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider {
        avoid == self.avoid ? self : ImportedRoadsRouteProvider(servers: servers, estimate: estimate, avoid: avoid)
    }

    /// "OSRM, imported roads (monaco, helsinki)".
    public var label: String {
        "OSRM, imported roads (\(servers.map(\.entry.region.name).sorted().joined(separator: ", ")))"
    }

    public var knownAvoidance: RoadAvoidance { avoid }

    /// The region server for the leg `from` → `to`: the first (smallest) region covering both.
    func server(from: Coordinate, to: Coordinate) -> RegionServer? {
        servers.first { $0.covers(from: from, to: to) }
    }

    /// The region of every stop when one region holds them all (two stops at least).
    func server(for stops: [Coordinate]) -> RegionServer? {
        guard stops.count >= 2 else { return nil }
        return servers.first { server in zip(stops, stops.dropFirst()).allSatisfy { server.covers(from: $0, to: $1) } }
    }

    public func knownLegs(for stops: [Coordinate]) -> [Leg?] {
        zip(stops, stops.dropFirst()).map { from, to in
            guard let server = server(from: from, to: to) else { return estimate.instantLegs(for: [from, to]).first }
            return server.cached.avoiding(avoid).knownLegs(for: [from, to]).first ?? nil
        }
    }

    public func legs(for stops: [Coordinate]) async throws -> [Leg] { await route(for: stops).legs }

    /// Consecutive legs of one region go to its server in one request; the rest are estimated.
    public func route(for stops: [Coordinate]) async -> RouteResult {
        guard stops.count > 1 else { return RouteResult(legs: []) }
        var legs: [Leg] = []
        var reasons: [String] = []
        var outside: [Int] = []
        var avoided: RoadAvoidance? = nil
        for run in runs(stops) {
            let part = Array(stops[run.legs.lowerBound...run.legs.upperBound + 1])
            guard let server = run.server else {
                legs += estimate.instantLegs(for: part)
                outside += Array(run.legs)
                continue
            }
            // Legs answered before come from the cache: no server is started for them.
            let cached = server.cached.avoiding(avoid)
            let known = cached.knownLegs(for: part)
            if known.allSatisfy({ $0 != nil }) {
                legs += known.compactMap { $0 }
                avoided = avoided.map { $0.intersection(cached.knownAvoidance) } ?? cached.knownAvoidance
                continue
            }
            switch await server.provider() {
            case let .success(provider):
                let result = await provider.avoiding(avoid).route(for: part)
                legs += result.legs
                if let reason = result.fallbackReason { reasons.append(reason) }
                avoided = avoided.map { $0.intersection(result.avoided) } ?? result.avoided
            case let .failure(error):
                legs += estimate.instantLegs(for: part)
                reasons.append(
                    "\(run.legs.count) \(run.legs.count == 1 ? "leg" : "legs") estimated: "
                        + "the road region \(server.entry.region.name) could not be served (\(error.description))")
            }
        }
        if !outside.isEmpty { reasons.insert(Self.outsideReason(outside, of: stops.count - 1), at: 0) }
        return RouteResult(
            legs: legs, fallbackReason: reasons.isEmpty ? nil : reasons.joined(separator: "; "), avoided: avoided ?? [])
    }

    /// "2 of 5 legs estimated: legs 3 → 4 and 5 → 6 are not inside one imported road region (roadtrip roads list)".
    static func outsideReason(_ legs: [Int], of total: Int) -> String {
        if legs.count == total {
            return "\(total == 1 ? "The leg is" : "All \(total) legs are") estimated: no imported road region holds "
                + "\(total == 1 ? "both its stops" : "them") (roadtrip roads list)"
        }
        var names = legs.prefix(3).map { "\($0 + 1) → \($0 + 2)" }
        if legs.count > 3 { names.append("\(legs.count - 3) more") }
        let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let subject = legs.count == 1 ? "leg \(listed) is" : "legs \(listed) are"
        return "\(legs.count) of \(total) legs estimated: \(subject) not inside one imported road region (roadtrip roads list)"
    }

    /// Runs of consecutive legs with the same region (nil: none holds them).
    private func runs(_ stops: [Coordinate]) -> [(legs: ClosedRange<Int>, server: RegionServer?)] {
        var out: [(legs: ClosedRange<Int>, server: RegionServer?)] = []
        for index in 0..<(stops.count - 1) {
            let server = server(from: stops[index], to: stops[index + 1])
            if let last = out.last, last.server === server {
                out[out.count - 1].legs = last.legs.lowerBound...index
            } else {
                out.append((index...index, server))
            }
        }
        return out
    }

    public func directions(for stops: [Coordinate]) async -> DirectionsResult {
        guard let server = server(for: stops) else {
            return .unavailable(
                "directions need every stop in one imported road region (roadtrip roads list), or a road router (--osrm URL)")
        }
        switch await server.provider() {
        case let .success(provider): return await provider.avoiding(avoid).directions(for: stops)
        case let .failure(error): return .unavailable(error.description)
        }
    }

    public func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] {
        guard let server = server(from: from, to: to), case let .success(provider) = await server.provider() else { return [] }
        return await provider.avoiding(avoid).alternatives(from: from, to: to)
    }

    /// The travel matrix of the region holding every point, else `fallback`'s.
    public func matrix(fallback: any TravelTimeMatrixProviding) -> any TravelTimeMatrixProviding {
        ImportedRoadsMatrixProvider(roads: self, fallback: fallback)
    }

    /// Stops every region server this provider started.
    public func stop() {
        servers.forEach { $0.stop() }
    }
}

/// The travel matrix through imported roads when one region holds every point, else the fallback.
struct ImportedRoadsMatrixProvider: TravelTimeMatrixProviding {
    let roads: ImportedRoadsRouteProvider
    let fallback: any TravelTimeMatrixProviding
    var avoid: RoadAvoidance = []

    var label: String { roads.label }

    func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
        guard let server = roads.server(for: stops), case let .success(provider) = await server.provider() else {
            return try await fallback.matrix(for: stops)
        }
        return try await OSRMTravelMatrixProvider(configuration: provider.configuration).avoiding(avoid).matrix(for: stops)
    }

    func avoiding(_ avoid: RoadAvoidance) -> any TravelTimeMatrixProviding {
        ImportedRoadsMatrixProvider(roads: roads, fallback: fallback.avoiding(avoid), avoid: avoid)
    }
}
