import Foundation
import RoadtripCore

/// Points along great-circle arcs, for drawing straight legs as the curves they are.
enum GreatCircle {
    /// `a`, then points every `maxStepMeters` or less along the great circle, then `b`.
    ///
    /// Spherical interpolation (slerp) of the unit vectors; the sphere is within 0.5 % of
    /// the ellipsoid, plenty for a drawn line. Antipodal points have no single great
    /// circle between them and come back as the two ends.
    static func densify(_ a: Coordinate, _ b: Coordinate, maxStepMeters: Double = 50_000) -> [Coordinate] {
        let u = unitVector(a), v = unitVector(b)
        let cosine = min(1, max(-1, (u * v).sum()))
        let angle = acos(cosine)
        let sine = sin(angle)
        let steps = Int((angle * 6_371_008.8 / maxStepMeters).rounded(.up))
        guard steps > 1, sine > 1e-9 else { return a == b ? [a] : [a, b] }
        var points = [a]
        for k in 1..<steps {
            let t = Double(k) / Double(steps)
            let p = (sin((1 - t) * angle) / sine) * u + (sin(t * angle) / sine) * v
            points.append(coordinate(p))
        }
        points.append(b)
        return points
    }

    /// A line through every stop, each pair joined by a densified arc, shared ends once.
    static func densify(_ stops: [Coordinate], maxStepMeters: Double = 50_000) -> [Coordinate] {
        guard var line = stops.first.map({ [$0] }) else { return [] }
        for (a, b) in zip(stops, stops.dropFirst()) {
            line += densify(a, b, maxStepMeters: maxStepMeters).dropFirst()
        }
        return line
    }

    private static func unitVector(_ c: Coordinate) -> SIMD3<Double> {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    private static func coordinate(_ p: SIMD3<Double>) -> Coordinate {
        let lat = atan2(p.z, (p.x * p.x + p.y * p.y).squareRoot()) * 180 / .pi
        let lon = atan2(p.y, p.x) * 180 / .pi
        return Coordinate(latitude: lat, longitude: lon)
    }
}
