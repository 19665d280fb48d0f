import Foundation
import RoadtripCore

/// Turn-by-turn directions and alternative routes from the same Valhalla server, avoiding what the
/// provider avoids. Neither goes through the leg cache: they are asked for when a person opens
/// them, and a leg's figures stay those of `route(for:)`.
extension ValhallaRouteProvider {
    func directions(for stops: [Coordinate]) async -> DirectionsResult {
        guard stops.count >= 2 else { return .directions([]) }
        guard stops.allSatisfy(\.isValid) else { return .unavailable("a stop has no valid coordinates") }
        var legs: [LegDirections] = []
        let all = Array(0..<(stops.count - 1))
        for chunk in RequestPlan.chunks(missing: all, maxCoordinates: configuration.maxLocationsPerRequest) {
            switch await fetch(Array(stops[chunk.lowerBound...chunk.upperBound]), maneuvers: true) {
            case .success(let route):
                legs += route.legs.map {
                    LegDirections(steps: $0.steps ?? [], distanceMeters: $0.distanceMeters, durationSeconds: $0.durationSeconds)
                }
            case .failure(let failure):
                return .unavailable(failure.reason(server: label))
            }
        }
        return .directions(legs)
    }

    /// Valhalla's route and its alternates for one leg, told apart as OSRM's are: by their main
    /// roads and by the point of each that the others pass farthest from.
    func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] {
        guard case .success(let route) = await fetch([from, to], maneuvers: true, alternates: 2),
            let best = route.legs.first
        else { return [] }
        let routes = [best] + route.fetched.alternatives.compactMap(\.first)
        let lines = routes.map { OSRMRouteProvider.sample($0.geometry ?? [], at: 300) }
        return routes.enumerated().map { index, leg in
            let directions = LegDirections(
                steps: leg.steps ?? [], distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds)
            let others = lines.enumerated().filter { $0.offset != index }.flatMap(\.element)
            return RouteAlternative(
                distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
                mainRoads: directions.mainRoads(), geometry: leg.geometry ?? [],
                shapingPoint: OSRMRouteProvider.farthestPoint(of: lines[index], from: others))
        }
    }
}
