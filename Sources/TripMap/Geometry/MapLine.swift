import RoadtripCore

/// A polyline on the map plane, ready to be drawn at any zoom.
///
/// Douglas–Peucker runs once when the line is made and leaves each point its importance: the
/// tolerance below which DP keeps it. Simplifying for a zoom level is then one pass that keeps
/// the points whose importance exceeds the tolerance — exactly the DP result for that tolerance,
/// without redoing the work on every redraw.
public struct MapLine: Sendable {
    public let points: [MapPoint]
    /// Per point: kept by Douglas–Peucker at any tolerance below this (the ends: infinity).
    let importance: [Double]
    public let bounds: MapBounds

    public init(_ points: [MapPoint]) {
        self.points = points
        importance = DouglasPeucker.importance(count: points.count) { i, a, b in
            DouglasPeucker.distance(points[i].plane, segment: points[a].plane, points[b].plane)
        }
        bounds = MapBounds(points) ?? MapBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    /// The line simplified so no dropped point lies further than `tolerance` from it; the ends always stay.
    public func simplified(tolerance: Double) -> [MapPoint] {
        var out: [MapPoint] = []
        for i in points.indices where importance[i] > tolerance { out.append(points[i]) }
        return out
    }
}

/// An axis-aligned box on the map plane.
public struct MapBounds: Hashable, Sendable {
    var minX, minY, maxX, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box around `points`, or nil when there are none.
    public init?(_ points: [MapPoint]) {
        guard let first = points.first else { return nil }
        self.init(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in points { include(p) }
    }

    mutating func include(_ p: MapPoint) {
        minX = min(minX, p.x)
        maxX = max(maxX, p.x)
        minY = min(minY, p.y)
        maxY = max(maxY, p.y)
    }

    public func union(_ other: MapBounds) -> MapBounds {
        MapBounds(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: MapPoint { MapPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
}
