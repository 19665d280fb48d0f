import Foundation

/// The route as one line on the ground, with how far along the trip each point of it is.
///
/// A leg a road router gave is its road geometry; any other leg is the great-circle arc the map
/// draws for it, in steps short enough that a straight segment between two steps is the arc to
/// within metres. Distances along the line are the legs' own figures (a road leg's road distance,
/// an estimate's stretched distance), shared out over each leg in proportion to its drawn length,
/// so "km 312" of a place matches the trip's totals.
public struct RouteLine: Sendable {
    /// The line's points, in route order.
    public private(set) var points: [Coordinate] = []
    /// For each point, its distance from the start in metres, by the legs' figures.
    public private(set) var along: [Double] = []
    /// For each segment (points i to i + 1), the leg it is part of.
    public private(set) var legOfSegment: [Int] = []
    /// For each point, how far the line strays without it (Douglas–Peucker's importance, worked
    /// out once per leg); stops are infinite, so a simplified line keeps every one.
    private(set) var importance: [Double] = []
    /// For each leg, whether it is driven: a leg across the sea with no road (a flight, a ferry
    /// the data does not know) is not, and nothing lies along it for a driver.
    public private(set) var drivable: [Bool] = []
    /// The stops the legs join, in order.
    public private(set) var stops: [Coordinate] = []
    /// Where each leg starts, in metres from the start; one more entry than legs (the total last).
    public private(set) var legStarts: [Double] = [0]

    /// The longest step of an arc drawn for a leg without geometry.
    static let arcStep = 5_000.0

    /// The line of `legs`, which join `stops` in order.
    public init(legs: [Leg]) {
        stops = legs.first.map { [$0.from] } ?? []
        for (index, leg) in legs.enumerated() {
            stops.append(leg.to)
            drivable.append(leg.isDrivable)
            var line =
                leg.geometry.flatMap { $0.count >= 2 ? $0 : nil }
                ?? GreatCircle.densify(leg.from, leg.to, maxStepMeters: Self.arcStep)
            line = line.filter(\.isValid)
            if line.count < 2 { line = [leg.from, leg.to] }
            let start = legStarts[index]
            let legMeters = leg.distanceMeters.isFinite && leg.distanceMeters >= 0 ? leg.distanceMeters : 0
            legStarts.append(start + legMeters)
            var drawn = [0.0]
            for (a, b) in zip(line, line.dropFirst()) { drawn.append(drawn[drawn.count - 1] + Haversine.meters(a, b)) }
            let scale = drawn.last.map { $0 > 0 ? legMeters / $0 : 0 } ?? 0
            for (offset, point) in line.enumerated() {
                // Legs share their ends: a leg's first point is the last of the one before.
                if offset == 0, points.last == point { continue }
                if !points.isEmpty { legOfSegment.append(index) }
                points.append(point)
                along.append(start + drawn[offset] * scale)
            }
        }
        rank()
    }

    /// The same line without the points that stray `toleranceMeters` or less from it: a road's
    /// geometry of tens of thousands of points becomes hundreds, each kept point with its own
    /// distance along the route, so nothing measured along it moves.
    public func simplified(toleranceMeters: Double) -> RouteLine {
        guard points.count > 2 else { return self }
        var line = RouteLine(legs: [])
        line.stops = stops
        line.drivable = drivable
        line.legStarts = legStarts
        var last = -1
        for i in points.indices where importance[i] > toleranceMeters || i == 0 || i == points.count - 1 {
            if last >= 0 { line.legOfSegment.append(legOfSegment[last]) }
            line.points.append(points[i])
            line.along.append(along[i])
            line.importance.append(importance[i])
            last = i
        }
        return line
    }

    /// Douglas–Peucker's importance of every point, leg by leg: a leg's ends are never dropped.
    private mutating func rank() {
        importance = Array(repeating: .infinity, count: points.count)
        var start = 0
        while start < legOfSegment.count {
            var end = start
            while end < legOfSegment.count, legOfSegment[end] == legOfSegment[start] { end += 1 }
            // Points start…end are one leg's run (segments start..<end).
            let base = start, points = self.points
            let ranked = DouglasPeucker.importance(count: end - start + 1) { i, a, b in
                Self.project(points[base + i], points[base + a], points[base + b]).meters
            }
            for (offset, value) in ranked.enumerated() where offset > 0 && offset < ranked.count - 1 {
                importance[base + offset] = value
            }
            start = end
        }
    }

    /// The route's length by the legs' figures.
    public var totalMeters: Double { legStarts.last ?? 0 }

    /// Where on the line `coordinate` is nearest: the distance to it, how far along the route that
    /// point is, and its leg. Nil for an empty line.
    public func nearest(to coordinate: Coordinate) -> RoutePosition? {
        var best: RoutePosition?
        for segment in legOfSegment.indices {
            let found = Self.project(coordinate, points[segment], points[segment + 1])
            if found.meters < best?.offRouteMeters ?? .infinity {
                best = position(segment: segment, fraction: found.fraction, offRoute: found.meters)
            }
        }
        return best
    }

    /// Where in the stops a place beside the route goes: after the first stop of the leg it lies
    /// along (an index into the stops, from 1); nil for a line of no legs.
    public func insertionIndex(for coordinate: Coordinate) -> Int? { nearest(to: coordinate).map { $0.leg + 1 } }

    /// The position a fraction of the way along a segment.
    public func position(segment: Int, fraction: Double, offRoute: Double) -> RoutePosition {
        let a = points[segment], b = points[segment + 1]
        let at = Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + Self.longitudeDelta(a.longitude, b.longitude) * fraction)
        return RoutePosition(
            offRouteMeters: offRoute, alongMeters: along[segment] + (along[segment + 1] - along[segment]) * fraction,
            leg: legOfSegment[segment], nearestPoint: Coordinate(latitude: at.latitude, longitude: Self.wrapped(at.longitude)))
    }

    /// The distance (m) from `p` to the segment `a`–`b` and the fraction of the way along it of the
    /// nearest point: on a plane tangent at `p`, which for segments of a few kilometres and widths
    /// of tens is within a fraction of a percent of the distance on the sphere.
    public static func project(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (meters: Double, fraction: Double) {
        let radians = Double.pi / 180
        let scale = cos(p.latitude * radians)
        let ax = longitudeDelta(p.longitude, a.longitude) * scale, ay = a.latitude - p.latitude
        let bx = longitudeDelta(p.longitude, b.longitude) * scale, by = b.latitude - p.latitude
        let dx = bx - ax, dy = by - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
        let x = ax + dx * t, y = ay + dy * t
        return ((x * x + y * y).squareRoot() * radians * Haversine.earthRadius, t)
    }

    /// `to − from` in degrees of longitude, the short way round (across the antimeridian when shorter).
    static func longitudeDelta(_ from: Double, _ to: Double) -> Double {
        var d = to - from
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// `longitudeDelta`, for the indexes that cut the line into cells.
    public static func longitudeDeltaOf(_ from: Double, _ to: Double) -> Double { longitudeDelta(from, to) }

    static func wrapped(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }
}

/// Where a place lies beside the route.
public struct RoutePosition: Sendable, Hashable {
    /// Its distance to the route line.
    public var offRouteMeters: Double
    /// How far along the trip the nearest point of the route is, by the legs' figures.
    public var alongMeters: Double
    /// The leg of that point: 0 is the leg from stop 1 to stop 2.
    public var leg: Int
    /// The route's point nearest the place, where a detour would leave the route.
    public var nearestPoint: Coordinate

    public init(offRouteMeters: Double, alongMeters: Double, leg: Int, nearestPoint: Coordinate) {
        self.offRouteMeters = offRouteMeters
        self.alongMeters = alongMeters
        self.leg = leg
        self.nearestPoint = nearestPoint
    }
}
