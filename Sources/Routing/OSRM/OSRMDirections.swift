import Foundation
import RoadtripCore

/// Turn-by-turn directions and alternative routes from the same server, avoiding what the
/// provider avoids. Neither goes through the leg cache: they are asked for when a person opens
/// them, and a leg's figures stay those of `route(for:)`.
extension OSRMRouteProvider {
    public func directions(for stops: [Coordinate]) async -> DirectionsResult {
        await RoadRouteShapes.directions(
            for: stops, maxCoordinates: configuration.maxCoordinatesPerRequest, server: label
        ) { chunk in
            await fetchAvoiding(chunk, steps: true).map(\.legs)
        }
    }

    public func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] {
        guard case .success(let route) = await fetchAvoiding([from, to], steps: true, alternatives: 3),
            let best = route.legs.first
        else { return [] }
        let routes = [best] + route.alternatives.compactMap(\.first)
        return RoadRouteShapes.alternatives(routes)
    }

    /// One request, walking down the avoidances the server refuses as `route(for:)` does.
    func fetchAvoiding(_ stops: [Coordinate], steps: Bool, alternatives: Int = 0) async
        -> Result<FetchedRoute, RouterFailure>
    {
        var last: Result<FetchedRoute, RouterFailure> = .failure(.malformed("nothing asked"))
        for applied in avoidanceCandidates {
            last = await fetch(stops, exclude: applied.osrmExclude, steps: steps, alternatives: alternatives)
            if case .failure(let failure) = last, failure.refusesExclude, !applied.isEmpty { continue }
            rememberAvoidance(applied)
            return last
        }
        return last
    }
}
