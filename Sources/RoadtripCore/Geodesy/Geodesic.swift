import Foundation

/// Geodesics on the WGS84 ellipsoid.
public enum Geodesic {
    // PLACEHOLDER (skeleton only): replaced by Karney's inverse method.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let r = 6_371_008.8
        let p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
        let dp = p2 - p1, dl = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * asin(min(1, sqrt(h)))
    }
}
