import Foundation

/// Points along great-circle arcs, for drawing and exporting straight legs as the curves they are.
public enum GreatCircle {
    /// `a`, then points every `maxStepMeters` or less along the great circle, then `b`.
    ///
    /// Spherical interpolation (slerp) of the unit vectors; the sphere is within 0.5 % of the
    /// ellipsoid, plenty for a drawn line. Antipodal ends have no single great circle between them
    /// and come back as the two ends, a straight line being the honest drawing; identical ends are
    /// one point.
    public static func densify(_ a: Coordinate, _ b: Coordinate, maxStepMeters: Double = 50_000) -> [Coordinate] {
        let u = unitVector(a), v = unitVector(b)
        let cosine = min(1, max(-1, (u * v).sum()))
        let angle = acos(cosine)
        let sine = sin(angle)
        let steps = Int((angle * meanEarthRadius / maxStepMeters).rounded(.up))
        // Within a few metres of antipodal, rounding leaves no single great circle to follow.
        guard steps > 1, sine > 1e-6 else { return a == b ? [a] : [a, b] }
        var points = [a]
        points.reserveCapacity(steps + 1)
        for k in 1..<steps {
            let t = Double(k) / Double(steps)
            points.append(coordinate((sin((1 - t) * angle) / sine) * u + (sin(t * angle) / sine) * v))
        }
        points.append(b)
        return points
    }

    /// A line through every stop, each pair joined by a densified arc, shared ends once.
    public static func densify(_ stops: [Coordinate], maxStepMeters: Double = 50_000) -> [Coordinate] {
        guard var line = stops.first.map({ [$0] }) else { return [] }
        for (a, b) in zip(stops, stops.dropFirst()) {
            line += densify(a, b, maxStepMeters: maxStepMeters).dropFirst()
        }
        return line
    }

    /// The mean radius of the Earth (IUGG), in metres.
    static let meanEarthRadius = 6_371_008.8

    private static func unitVector(_ c: Coordinate) -> SIMD3<Double> {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    private static func coordinate(_ p: SIMD3<Double>) -> Coordinate {
        Coordinate(
            latitude: atan2(p.z, (p.x * p.x + p.y * p.y).squareRoot()) * 180 / .pi, longitude: atan2(p.y, p.x) * 180 / .pi)
    }
}
