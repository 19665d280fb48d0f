import Foundation

/// A point on the map plane: Web Mercator in radians (x is the unwrapped longitude, y grows northwards).
public struct MapPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    /// The point as a vector, for plane geometry.
    var plane: SIMD2<Double> { SIMD2(x, y) }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Web Mercator on the sphere, with latitudes clipped to ±85° so the poles stay finite.
enum WebMercator {
    /// The latitude beyond which everything is drawn at the edge.
    static let maxLatitude = 85.0
    /// The sphere radius Web Mercator uses, for the scale bar.
    static let earthRadius = 6_378_137.0

    /// The plane point of `latitude`, and of `longitude` already unwrapped by a `LongitudeFrame`.
    public static func project(latitude: Double, longitude: Double) -> MapPoint {
        MapPoint(x: longitude * .pi / 180, y: y(latitude: latitude))
    }

    /// Northing of a latitude, clipped to ±85°.
    public static func y(latitude: Double) -> Double {
        let phi = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        return log(tan(.pi / 4 + phi / 2))
    }

    /// The latitude at northing `y`.
    public static func latitude(y: Double) -> Double {
        (2 * atan(exp(y)) - .pi / 2) * 180 / .pi
    }

    /// The northing of ±85°: the top and bottom of the world.
    public static let maxY = y(latitude: maxLatitude)
}
