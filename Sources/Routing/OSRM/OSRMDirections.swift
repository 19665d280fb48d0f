import Foundation
import RoadtripCore

/// Turn-by-turn directions and alternative routes from the same server, avoiding what the
/// provider avoids. Neither goes through the leg cache: they are asked for when a person opens
/// them, and a leg's figures stay those of `route(for:)`.
extension OSRMRouteProvider {
    public func directions(for stops: [Coordinate]) async -> DirectionsResult {
        guard stops.count >= 2 else { return .directions([]) }
        guard stops.allSatisfy(\.isValid) else { return .unavailable("a stop has no valid coordinates") }
        var legs: [LegDirections] = []
        let all = Array(0..<(stops.count - 1))
        for chunk in RequestPlan.chunks(missing: all, maxCoordinates: configuration.maxCoordinatesPerRequest) {
            switch await fetchAvoiding(Array(stops[chunk.lowerBound...chunk.upperBound]), steps: true) {
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

    public func alternatives(from: Coordinate, to: Coordinate) async -> [RouteAlternative] {
        guard case .success(let route) = await fetchAvoiding([from, to], steps: true, alternatives: 3),
            let best = route.legs.first
        else { return [] }
        let routes = [best] + route.alternatives.compactMap(\.first)
        let lines = routes.map { Self.sample($0.geometry ?? [], at: 300) }
        return routes.enumerated().map { index, leg in
            let directions = LegDirections(
                steps: leg.steps ?? [], distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds)
            let others = lines.enumerated().filter { $0.offset != index }.flatMap(\.element)
            return RouteAlternative(
                distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
                mainRoads: directions.mainRoads(), geometry: leg.geometry ?? [],
                shapingPoint: Self.farthestPoint(of: lines[index], from: others))
        }
    }

    /// One request, walking down the avoidances the server refuses as `route(for:)` does.
    func fetchAvoiding(_ stops: [Coordinate], steps: Bool, alternatives: Int = 0) async
        -> Result<FetchedRoute, OSRMFailure>
    {
        var last: Result<FetchedRoute, OSRMFailure> = .failure(.malformed("nothing asked"))
        for applied in avoidanceCandidates {
            last = await fetch(stops, exclude: applied.osrmExclude, steps: steps, alternatives: alternatives)
            if case .failure(let failure) = last, failure.refusesExclude, !applied.isEmpty { continue }
            rememberAvoidance(applied)
            return last
        }
        return last
    }

    /// At most `count` points of `line`, evenly spread, ends included.
    static func sample(_ line: [Coordinate], at count: Int) -> [Coordinate] {
        guard line.count > count, count >= 2 else { return line }
        return (0..<count).map { line[$0 * (line.count - 1) / (count - 1)] }
    }

    /// The point of `line` farthest from every point of `others`: where this route is most its own.
    /// Only the middle of the line is considered: near the ends routes part on parallel streets, and
    /// a point there would pull the route into a loop. Nil when there are no others or the line is
    /// empty. Distances are equirectangular: only their order matters, and routes of one leg lie
    /// close together.
    static func farthestPoint(of line: [Coordinate], from others: [Coordinate]) -> Coordinate? {
        guard !others.isEmpty else { return nil }
        var best: (point: Coordinate, meters: Double)?
        let middle = line.count < 5 ? line[...] : line[(line.count / 5)...(line.count * 4 / 5)]
        for point in middle {
            let scale = cos(point.latitude * .pi / 180)
            var nearest = Double.infinity
            for other in others {
                let dx = (other.longitude - point.longitude) * scale, dy = other.latitude - point.latitude
                nearest = min(nearest, dx * dx + dy * dy)
            }
            if nearest > (best?.meters ?? 0) { best = (point, nearest) }
        }
        return best?.point
    }
}
