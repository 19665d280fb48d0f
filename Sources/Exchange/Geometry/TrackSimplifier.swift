import Foundation
import RoadtripCore

/// Picks the few points of a long line that keep its shape (ranked Douglas–Peucker).
///
/// Classic Douglas–Peucker takes a tolerance and returns however many points it needs;
/// a trip wants a bounded number of stops instead, so the segment whose farthest point
/// strays most is split first, until the budget is spent or nothing strays more than
/// `tolerance` metres from the simplified line.
enum TrackSimplifier {
    /// Indices into `points`, ascending, always holding the first and last.
    static func keptIndices(_ points: [Coordinate], maxPoints: Int, toleranceMeters: Double = 100) -> [Int] {
        guard points.count > 2, maxPoints >= 2 else {
            return points.count <= 1 ? Array(points.indices) : [0, points.count - 1]
        }
        var kept: Set<Int> = [0, points.count - 1]
        var segments = [farthest(points, 0, points.count - 1)].compactMap { $0 }
        while kept.count < maxPoints, let best = segments.indices.max(by: { segments[$0].distance < segments[$1].distance }) {
            let split = segments.remove(at: best)
            guard split.distance > toleranceMeters else { break }
            kept.insert(split.index)
            for next in [farthest(points, split.start, split.index), farthest(points, split.index, split.end)] {
                if let next { segments.append(next) }
            }
        }
        return kept.sorted()
    }

    private struct Split {
        var start: Int
        var end: Int
        var index: Int
        var distance: Double
    }

    /// The point strictly between `start` and `end` farthest from the chord joining them.
    private static func farthest(_ points: [Coordinate], _ start: Int, _ end: Int) -> Split? {
        guard end - start >= 2 else { return nil }
        let projection = LocalProjection(origin: points[start])
        let a = projection.xy(points[start]), b = projection.xy(points[end])
        var best = Split(start: start, end: end, index: start + 1, distance: -1)
        for i in (start + 1)..<end {
            let d = distanceToSegment(projection.xy(points[i]), a, b)
            if d > best.distance { best = Split(start: start, end: end, index: i, distance: d) }
        }
        return best
    }

    private static func distanceToSegment(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let lengthSquared = (ab * ab).sum()
        let t = lengthSquared == 0 ? 0 : min(1, max(0, ((p - a) * ab).sum() / lengthSquared))
        let d = p - (a + t * ab)
        return (d * d).sum().squareRoot()
    }

    /// Metres east and north of an origin on a sphere: accurate enough to rank deviations
    /// over the length of one segment, and safe across the antimeridian.
    private struct LocalProjection {
        let origin: Coordinate
        let metersPerDegree = 6_371_008.8 * Double.pi / 180

        func xy(_ c: Coordinate) -> SIMD2<Double> {
            var dLon = c.longitude - origin.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            let meanLatitude = (c.latitude + origin.latitude) / 2 * Double.pi / 180
            return SIMD2(dLon * cos(meanLatitude) * metersPerDegree, (c.latitude - origin.latitude) * metersPerDegree)
        }
    }
}
