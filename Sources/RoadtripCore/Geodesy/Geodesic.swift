import Foundation

/// The shortest path between two points on the WGS84 ellipsoid.
public struct GeodesicLine: Sendable, Hashable {
    /// Length in metres.
    public var distance: Double
    /// Azimuth at the start, degrees clockwise from north in [−180, 180].
    public var initialAzimuth: Double
    /// Azimuth at the end (the direction of travel on arrival), degrees in [−180, 180].
    public var finalAzimuth: Double

}

/// Geodesics on the WGS84 ellipsoid, by Karney's method (J. Geodesy 87, 43–55, 2013).
///
/// A port of GeographicLib's `Geodesic::Inverse` and `Direct` with the series to order 6,
/// accurate to about 15 nm; it converges for every pair of points, nearly antipodal ones included.
public enum Geodesic {
    /// Distance and azimuths from `a` to `b`. Invalid coordinates (NaN, |lat| > 90) give NaN.
    public static func inverse(_ a: Coordinate, _ b: Coordinate) -> GeodesicLine {
        let r = Ellipsoid.wgs84.inverse(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        return GeodesicLine(
            distance: r.s12,
            initialAzimuth: AngleMath.atan2d(r.salp1, r.calp1),
            finalAzimuth: AngleMath.atan2d(r.salp2, r.calp2))
    }

    /// Distance in metres from `a` to `b`.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        Ellipsoid.wgs84.inverse(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude).s12
    }

    /// The point `distance` metres from `start` heading `azimuth` degrees (clockwise from north).
    static func direct(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        let r = Ellipsoid.wgs84.direct(lat1: start.latitude, lon1: start.longitude, azi1: azimuth, s12: distance)
        return Coordinate(latitude: r.lat2, longitude: r.lon2)
    }

    /// `direct`, also returning the azimuth (degrees) on arrival.
    static func directWithAzimuth(from start: Coordinate, azimuth: Double, distance: Double)
        -> (coordinate: Coordinate, finalAzimuth: Double)
    {
        let r = Ellipsoid.wgs84.direct(lat1: start.latitude, lon1: start.longitude, azi1: azimuth, s12: distance)
        return (Coordinate(latitude: r.lat2, longitude: r.lon2), r.azi2)
    }
}
