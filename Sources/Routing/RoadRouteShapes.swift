import Foundation
import RoadtripCore

/// What both road engines do alike with the legs they fetch: the route with estimates where they
/// gave none, directions asked a chunk of stops at a time, and a leg's routes told apart by their
/// main roads and the point each passes alone.
enum RoadRouteShapes {
    /// The engine's legs where it answered and the estimate elsewhere (saying why it has no road,
    /// where the engine said so), with one line for what was estimated and the first reason why.
    static func result(
        _ legs: [Leg?], stops: [Coordinate], estimate: EstimateRouteProvider, noRoad: [Int: String], reasons: [String],
        server label: String, avoided: RoadAvoidance
    ) -> RouteResult {
        let estimated = legs.indices.filter { legs[$0] == nil }
        let result = legs.enumerated().map { index, leg in
            leg
                ?? {
                    var leg = estimate.leg(from: stops[index], to: stops[index + 1])
                    leg.noRoadRoute = noRoad[index]
                    return leg
                }()
        }
        guard !estimated.isEmpty else { return RouteResult(legs: result, avoided: avoided) }
        let why = reasons.first ?? "\(label) gave no answer"
        let summary =
            estimated.count == 1
            ? "leg \(estimated[0] + 1) estimated" : "\(estimated.count) of \(legs.count) legs estimated"
        return RouteResult(legs: result, fallbackReason: "\(summary): \(why)", avoided: avoided)
    }

    /// The directions of every leg of `stops`, asked `maxCoordinates` stops at a time with `fetch`;
    /// the first failure is the answer, in words naming `server`.
    static func directions(
        for stops: [Coordinate], maxCoordinates: Int, server: String,
        fetch: ([Coordinate]) async -> Result<[FetchedLeg], RouterFailure>
    ) async -> DirectionsResult {
        guard stops.count >= 2 else { return .directions([]) }
        guard stops.allSatisfy(\.isValid) else { return .unavailable("a stop has no valid coordinates") }
        var legs: [LegDirections] = []
        let all = Array(0..<(stops.count - 1))
        for chunk in RequestPlan.chunks(missing: all, maxCoordinates: maxCoordinates) {
            switch await fetch(Array(stops[chunk.lowerBound...chunk.upperBound])) {
            case .success(let fetched):
                legs += fetched.map {
                    LegDirections(steps: $0.steps ?? [], distanceMeters: $0.distanceMeters, durationSeconds: $0.durationSeconds)
                }
            case .failure(let failure):
                return .unavailable(failure.reason(server: server))
            }
        }
        return .directions(legs)
    }

    /// One leg's routes, best first, each with its main roads and the point of it that the others
    /// pass farthest from: saved as a via point, that point keeps the route chosen on any server.
    static func alternatives(_ routes: [FetchedLeg]) -> [RouteAlternative] {
        let lines = routes.map { sample($0.geometry ?? [], at: 300) }
        return routes.enumerated().map { index, leg in
            let directions = LegDirections(
                steps: leg.steps ?? [], distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds)
            let others = lines.enumerated().filter { $0.offset != index }.flatMap(\.element)
            return RouteAlternative(
                distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
                mainRoads: directions.mainRoads(), geometry: leg.geometry ?? [],
                shapingPoint: farthestPoint(of: lines[index], from: others))
        }
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
