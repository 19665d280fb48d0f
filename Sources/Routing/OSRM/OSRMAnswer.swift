import Foundation
import RoadtripCore

/// The parts of an OSRM `/route` answer that roadtrip reads.
struct OSRMAnswer: Decodable {
    struct Route: Decodable {
        var legs: [RouteLeg]
        var geometry: String?
    }

    struct RouteLeg: Decodable {
        var distance: Double
        var duration: Double
        var annotation: Annotation?
        var steps: [Step]?
    }

    struct Step: Decodable {
        struct Maneuver: Decodable {
            var type: String
            var modifier: String?
            var exit: Int?
        }
        var distance: Double
        var duration: Double
        var name: String?
        var ref: String?
        var mode: String?
        var maneuver: Maneuver
    }

    struct Annotation: Decodable {
        var distance: [Double]?
    }

    struct Waypoint: Decodable {
        /// How far the stop was moved to reach the nearest road, in metres.
        var distance: Double?
    }

    var code: String
    var message: String?
    var routes: [Route]?
    var waypoints: [Waypoint]?
}

/// One leg as a server answered it.
struct FetchedLeg: Equatable, Sendable {
    var distanceMeters: Double
    var durationSeconds: Double
    var geometry: [Coordinate]?
    /// The instructions, when they were asked for.
    var steps: [RouteStep]? = nil
}

/// A successful answer for `n` stops: `n - 1` legs and how far each stop was from a road.
struct FetchedRoute: Equatable, Sendable {
    var legs: [FetchedLeg]
    var snapMeters: [Double?]
    /// The other routes the server offered, when asked for: each with `n - 1` legs.
    var alternatives: [[FetchedLeg]] = []
}

extension OSRMAnswer {
    /// Checks the answer against the request for `stopCount` stops and splits the route's geometry
    /// into its legs.
    func fetchedRoute(stopCount: Int) -> Result<FetchedRoute, RouterFailure> {
        guard code == "Ok" else { return .failure(.refused(code: code, message: message)) }
        guard let routes, !routes.isEmpty else { return .failure(.malformed("no route in the answer")) }
        var fetched: [[FetchedLeg]] = []
        for route in routes {
            guard route.legs.count == stopCount - 1 else {
                return .failure(.wrongLegCount(expected: stopCount - 1, received: route.legs.count))
            }
            for (index, leg) in route.legs.enumerated() {
                if let problem = Plausibility.problem(legMeters: leg.distance, seconds: leg.duration) {
                    return .failure(.malformed("leg \(index + 1) has \(problem)"))
                }
            }
            let geometries = Self.legGeometries(
                overview: route.geometry.flatMap { Polyline.decode($0) },
                segmentCounts: route.legs.map { $0.annotation?.distance?.count })
            fetched.append(
                route.legs.enumerated().map { index, leg in
                    FetchedLeg(
                        distanceMeters: leg.distance, durationSeconds: leg.duration, geometry: geometries?[index],
                        steps: leg.steps.map { $0.map(\.routeStep) })
                })
        }
        let legs = fetched[0]
        var snaps: [Double?] = waypoints?.map(\.distance) ?? []
        if snaps.count != stopCount { snaps = Array(repeating: nil, count: stopCount) }
        return .success(FetchedRoute(legs: legs, snapMeters: snaps, alternatives: Array(fetched.dropFirst())))
    }

    /// Cuts the route's one geometry into legs.
    ///
    /// OSRM gives per-leg geometry only inside turn-by-turn steps, which would multiply the answer
    /// about threefold. Instead: the full overview is the legs' geometries joined at shared end
    /// points, and each leg's segment-distance annotation has one entry per segment, so leg i spans
    /// `count(i) + 1` points starting where leg i−1 ended. The overview repeats a point where a
    /// segment has zero length; those repeats are dropped. Nil when the counts do not add up: the
    /// legs then simply carry no line.
    static func legGeometries(overview: [Coordinate]?, segmentCounts: [Int?]) -> [[Coordinate]]? {
        guard let overview else { return nil }
        let counts = segmentCounts.compactMap { $0 }
        guard counts.count == segmentCounts.count, counts.reduce(0, +) + 1 == overview.count else { return nil }
        var start = 0
        return counts.map { count in
            defer { start += count }
            var line: [Coordinate] = []
            for point in overview[start...(start + count)] where line.last != point {
                line.append(point)
            }
            return line
        }
    }
}

extension OSRMAnswer.Step {
    /// The step with the server's words cleaned where they come in: names and refs as one printable
    /// line, and only the manoeuvre words OSRM documents (others would be printed in sentences).
    var routeStep: RouteStep {
        RouteStep(
            maneuver: PlainText.line(maneuver.type, limit: 40),
            modifier: maneuver.modifier.flatMap { RouteStep.modifiers.contains($0) ? $0 : nil },
            name: PlainText.line(name ?? "", limit: TextLimits.name),
            ref: ref.flatMap { PlainText.name($0) }, exit: maneuver.exit,
            mode: PlainText.line(mode ?? "driving", limit: 40),
            distanceMeters: distance, durationSeconds: duration)
    }
}

extension FetchedRoute {
    /// The route when every leg is one a road between its stops can have; otherwise the first leg
    /// that cannot, as the malformed answer it is (its legs then fall back to the estimate, saying
    /// why). Alternatives that cannot be true are dropped.
    func checked(against stops: [Coordinate]) -> Result<FetchedRoute, RouterFailure> {
        func snap(_ i: Int) -> Double? { snapMeters.indices.contains(i) ? snapMeters[i] : nil }
        func problem(_ legs: [FetchedLeg]) -> (Int, String)? {
            for (i, leg) in legs.enumerated() where i + 1 < stops.count {
                if let problem = Plausibility.problem(
                    legMeters: leg.distanceMeters, seconds: leg.durationSeconds,
                    from: stops[i], to: stops[i + 1], snapMeters: (snap(i), snap(i + 1)))
                {
                    return (i, problem)
                }
            }
            return nil
        }
        if let (i, problem) = problem(legs) { return .failure(.malformed("leg \(i + 1) has \(problem)")) }
        var copy = self
        copy.alternatives = alternatives.filter { problem($0) == nil }
        return .success(copy)
    }
}
