import Foundation
import RoadtripCore

/// Finds where to spend a night near the point where a day's driving runs out.
///
/// The app hands in the gazetteer (an imported lodging or camp site within 15 km, else the nearest
/// town of 1,000 people); tests hand in a fixed answer or none.
public struct NightPlaceLookup: Sendable {
    /// A place for the night.
    public struct Found: Sendable, Equatable {
        public var name: String
        public var region: String
        public var country: String
        public var kind: String
        public var coordinate: Coordinate
        public var timeZone: String?

        public init(
            name: String, region: String, country: String, kind: String, coordinate: Coordinate, timeZone: String?
        ) {
            self.name = name
            self.region = region
            self.country = country
            self.kind = kind
            self.coordinate = coordinate
            self.timeZone = timeZone
        }
    }

    private let preferred: @Sendable (Coordinate) -> Found?
    private let fallback: @Sendable (Coordinate) -> Found?

    /// - Parameters:
    ///   - preferred: the place for a night near a point (a lodging, a town);
    ///   - fallback: asked only when the preferred one is a stop of the leg (any place near).
    public init(
        preferred: @escaping @Sendable (Coordinate) -> Found?, fallback: @escaping @Sendable (Coordinate) -> Found? = { _ in nil }
    ) {
        self.preferred = preferred
        self.fallback = fallback
    }

    /// Knows no places: a suggested night is named by where it is along the leg.
    public static let none = NightPlaceLookup(preferred: { _ in nil })

    /// The place for a night near `coordinate` that `isUsable`, trying the fallback only when needed.
    func place(near coordinate: Coordinate, where isUsable: (Found) -> Bool) -> Found? {
        if let first = preferred(coordinate), isUsable(first) { return first }
        return fallback(coordinate).flatMap { isUsable($0) ? $0 : nil }
    }
}

/// Points along a leg: the road when the router gave its shape, else the geodesic.
enum LegLine {
    /// The point `meters` along `line` (clamped to its ends).
    static func point(_ meters: Double, along line: [Coordinate]) -> Coordinate {
        guard var previous = line.first else { return Coordinate(latitude: 0, longitude: 0) }
        var walked = 0.0
        for next in line.dropFirst() {
            let step = Geodesic.distance(previous, next)
            if step > 0, walked + step >= meters {
                return between(previous, next, fraction: (meters - walked) / step)
            }
            walked += step
            previous = next
        }
        return previous
    }

    /// The point `fraction` of the way from `a` to `b` on the great circle.
    static func between(_ a: Coordinate, _ b: Coordinate, fraction: Double) -> Coordinate {
        let f = min(max(fraction, 0), 1)
        let rad = Double.pi / 180
        let (φ1, λ1, φ2, λ2) = (a.latitude * rad, a.longitude * rad, b.latitude * rad, b.longitude * rad)
        let d = Haversine.meters(a, b) / 6_371_008.8
        guard d > 1e-9 else { return a }
        let s1 = sin((1 - f) * d) / sin(d), s2 = sin(f * d) / sin(d)
        let x = s1 * cos(φ1) * cos(λ1) + s2 * cos(φ2) * cos(λ2)
        let y = s1 * cos(φ1) * sin(λ1) + s2 * cos(φ2) * sin(λ2)
        let z = s1 * sin(φ1) + s2 * sin(φ2)
        return Coordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) / rad, longitude: atan2(y, x) / rad)
    }
}
