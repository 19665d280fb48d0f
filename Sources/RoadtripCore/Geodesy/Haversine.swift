import Foundation

/// Great-circle distance on a sphere of the mean radius: for ranking and choosing (which place
/// is nearer the trip, which ferry is nearer the way), where speed matters more than the
/// ellipsoid's last 0.5 %. Figures people read come from `Geodesic`.
public enum Haversine {
    public static let earthRadius = 6_371_008.8

    public static func meters(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}
