import Foundation
import RoadtripCore

/// Turn-by-turn directions from the same Valhalla server. They do not go through the leg cache:
/// they are asked for when a person opens them, and a leg's figures stay those of `route(for:)`.
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
}
