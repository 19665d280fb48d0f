import Foundation
import RoadtripCore

/// Turn-by-turn directions and alternative routes from the same Valhalla server, avoiding what the
/// provider avoids. Neither goes through the leg cache: they are asked for when a person opens
/// them, and a leg's figures stay those of `route(for:)`.
extension ValhallaRouteProvider {
    func directions(for stops: [Coordinate]) async -> DirectionsResult {
        await RoadRouteShapes.directions(
            for: stops, maxCoordinates: configuration.maxLocationsPerRequest, server: label
        ) { chunk in
            await fetch(chunk, maneuvers: true).map(\.legs)
        }
    }

    /// Valhalla's route and its alternates for one leg, told apart as OSRM's are: by their main
    /// roads and by the point of each that the others pass farthest from.
    func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] {
        guard case .success(let route) = await fetch([from, to], maneuvers: true, alternates: 2),
            let best = route.legs.first
        else { return [] }
        let routes = [best] + route.fetched.alternatives.compactMap(\.first)
        return RoadRouteShapes.alternatives(routes)
    }
}
