/// Douglas–Peucker line simplification on the map plane.
enum DouglasPeucker {
    /// Each point's importance: the largest tolerance at which DP still keeps it.
    ///
    /// DP's split tree does not depend on the tolerance, only where it stops: a point survives
    /// when its own distance and every split above it exceed the tolerance, so its importance is
    /// the smallest distance on its path from the root.
    static func importance(_ points: [MapPoint]) -> [Double] {
        let n = points.count
        guard n > 2 else { return Array(repeating: .infinity, count: n) }
        var result = Array(repeating: 0.0, count: n)
        result[0] = .infinity
        result[n - 1] = .infinity
        // (first, last, the importance of the split that made this span); iterative, so long lines cannot overflow the stack.
        var stack: [(Int, Int, Double)] = [(0, n - 1, .infinity)]
        while let (a, b, cap) = stack.popLast() {
            guard b - a > 1 else { continue }
            var best = -1.0, index = a + 1
            for i in (a + 1)..<b {
                let d = distance(points[i], segment: points[a], points[b])
                if d > best {
                    best = d
                    index = i
                }
            }
            let value = min(best, cap)
            result[index] = value
            stack.append((a, index, value))
            stack.append((index, b, value))
        }
        return result
    }

    /// The points DP keeps at `tolerance` (ends included).
    static func simplify(_ points: [MapPoint], tolerance: Double) -> [MapPoint] {
        let imp = importance(points)
        return points.indices.filter { imp[$0] > tolerance }.map { points[$0] }
    }

    /// Distance from `p` to the segment a–b.
    public static func distance(_ p: MapPoint, segment a: MapPoint, _ b: MapPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        var t = 0.0
        if length2 > 0 { t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) }
        let ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }
}
