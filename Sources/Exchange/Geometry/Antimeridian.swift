import RoadtripCore

/// Cuts lines where they cross the antimeridian, as RFC 7946 (§3.1.9) asks, so a map
/// does not draw a stroke the whole way round the world.
enum Antimeridian {
    /// The line in one or more parts, none of which jumps more than 180° in longitude.
    static func split(_ line: [Coordinate]) -> [[Coordinate]] {
        guard var previous = line.first else { return [] }
        var parts: [[Coordinate]] = [[previous]]
        for point in line.dropFirst() {
            let delta = point.longitude - previous.longitude
            if abs(delta) > 180 {
                // Cross at ±180: find the latitude there on the straight (plate carrée) chord.
                let edge: Double = delta < 0 ? 180 : -180
                let unwrapped = point.longitude + (delta < 0 ? 360 : -360)
                let t = (edge - previous.longitude) / (unwrapped - previous.longitude)
                let latitude = previous.latitude + t * (point.latitude - previous.latitude)
                parts[parts.count - 1].append(Coordinate(latitude: latitude, longitude: edge))
                parts.append([Coordinate(latitude: latitude, longitude: -edge)])
            }
            parts[parts.count - 1].append(point)
            previous = point
        }
        return parts.filter { $0.count >= 2 }
    }
}
