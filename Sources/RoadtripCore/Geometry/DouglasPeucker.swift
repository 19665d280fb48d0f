import Foundation

/// Douglas–Peucker line simplification, for any plane: the map's, or metres around a track's points.
///
/// DP's split tree does not depend on the tolerance, only where it stops, so it is built once:
/// each point's importance is the largest tolerance at which DP still keeps it, the smallest split
/// distance on its path from the root. A tolerance keeps the points above it; a budget keeps the
/// most important ones, which is the line a ranked DP (split the farthest point first) draws.
public enum DouglasPeucker {
    /// Each of `count` points' importance (the ends: infinity); `distance(i, a, b)` is how far
    /// point `i` is from the chord joining points `a` and `b`.
    public static func importance(count n: Int, distance: (Int, Int, Int) -> Double) -> [Double] {
        ranked(count: n, distance: distance).importance
    }

    /// Indices, ascending, of at most `maxPoints` points (the ends always) that keep the line's
    /// shape, none of which strays `tolerance` or less from the line without it.
    public static func kept(count n: Int, maxPoints: Int, tolerance: Double, distance: (Int, Int, Int) -> Double) -> [Int] {
        guard n > 2, maxPoints >= 2 else { return n <= 1 ? Array(0..<n) : [0, n - 1] }
        let (importance, depth) = ranked(count: n, distance: distance)
        // Equal importance: a point and the split under it that strays farther; the point first.
        let order = (1..<(n - 1)).filter { importance[$0] > tolerance }
            .sorted { importance[$0] != importance[$1] ? importance[$0] > importance[$1] : depth[$0] < depth[$1] }
        return ([0, n - 1] + order.prefix(maxPoints - 2)).sorted()
    }

    /// Distance from `p` to the segment a–b in the plane.
    public static func distance(_ p: SIMD2<Double>, segment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let lengthSquared = (ab * ab).sum()
        let t = lengthSquared == 0 ? 0 : min(1, max(0, ((p - a) * ab).sum() / lengthSquared))
        let d = p - (a + t * ab)
        return (d * d).sum().squareRoot()
    }

    private static func ranked(count n: Int, distance: (Int, Int, Int) -> Double) -> (importance: [Double], depth: [Int]) {
        guard n > 2 else { return (Array(repeating: .infinity, count: n), Array(repeating: 0, count: n)) }
        var importance = Array(repeating: 0.0, count: n)
        var depth = Array(repeating: 0, count: n)
        importance[0] = .infinity
        importance[n - 1] = .infinity
        // (first, last, the importance of the split that made this span, its depth); iterative, so
        // long lines cannot overflow the stack.
        var stack: [(Int, Int, Double, Int)] = [(0, n - 1, .infinity, 1)]
        while let (a, b, cap, level) = stack.popLast() {
            guard b - a > 1 else { continue }
            var best = -1.0, index = a + 1
            for i in (a + 1)..<b {
                let d = distance(i, a, b)
                if d > best {
                    best = d
                    index = i
                }
            }
            let value = min(best, cap)
            importance[index] = value
            depth[index] = level
            stack.append((a, index, value, level + 1))
            stack.append((index, b, value, level + 1))
        }
        return (importance, depth)
    }
}

extension DouglasPeucker {
    /// Indices, ascending, of at most `maxPoints` points of a track (its ends always) that keep its
    /// shape, none of which strays `toleranceMeters` or less from the line without it: the stops a
    /// long track becomes.
    public static func kept(_ track: [Coordinate], maxPoints: Int, toleranceMeters: Double = 100) -> [Int] {
        kept(count: track.count, maxPoints: maxPoints, tolerance: toleranceMeters) { i, a, b in
            // Metres east and north around the chord's start: accurate enough to rank deviations over
            // one chord, and safe across the antimeridian.
            let origin = track[a]
            return distance(local(track[i], around: origin), segment: .zero, local(track[b], around: origin))
        }
    }

    private static func local(_ c: Coordinate, around origin: Coordinate) -> SIMD2<Double> {
        let metersPerDegree = GreatCircle.meanEarthRadius * Double.pi / 180
        var dLon = c.longitude - origin.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let meanLatitude = (c.latitude + origin.latitude) / 2 * Double.pi / 180
        return SIMD2(dLon * cos(meanLatitude) * metersPerDegree, (c.latitude - origin.latitude) * metersPerDegree)
    }
}
