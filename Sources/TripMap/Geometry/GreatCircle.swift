import Foundation
import RoadtripCore

/// Points along the great circle between two places, so long legs curve on the map as they do on the globe.
public enum GreatCircle {
    /// `a`, `b` and points between them at most `maxStepDegrees` of arc apart (spherical slerp).
    public static func densify(_ a: Coordinate, _ b: Coordinate, maxStepDegrees: Double = 1) -> [Coordinate] {
        let p = unitVector(a), q = unitVector(b)
        let dot = min(1, max(-1, p.0 * q.0 + p.1 * q.1 + p.2 * q.2))
        let angle = acos(dot)
        let steps = Int((angle * 180 / .pi / maxStepDegrees).rounded(.up))
        // Identical or antipodal ends have no single great circle: a straight line is the honest drawing.
        guard steps > 1, sin(angle) > 1e-6 else { return [a, b] }
        var out = [a]
        out.reserveCapacity(steps + 1)
        for i in 1..<steps {
            let t = Double(i) / Double(steps)
            let s = sin(angle)
            let wa = sin((1 - t) * angle) / s, wb = sin(t * angle) / s
            let x = wa * p.0 + wb * q.0, y = wa * p.1 + wb * q.1, z = wa * p.2 + wb * q.2
            out.append(
                Coordinate(
                    latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi,
                    longitude: atan2(y, x) * 180 / .pi))
        }
        out.append(b)
        return out
    }

    private static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }
}
