/// The bounds a number from outside (a file, a server, the cache, the command line) must keep to
/// be believed: one home for them, used by the importers, the OSRM reader, the leg cache, the
/// exports and the command line, so none of them ever traps or stores an absurd figure.
public enum Plausibility {
    /// No road leg is longer than this: twice around the world at the equator.
    static let maxLegMeters = 80_000_000.0
    /// No road leg takes longer than this to drive: 60 days.
    static let maxLegSeconds = 60.0 * 86_400
    /// Faster than this on average over a leg longer than a kilometre is no car: 400 km/h.
    static let maxAverageMetersPerSecond = 400_000.0 / 3600

    /// Why a leg's distance and duration cannot be believed, or nil when they can.
    public static func problem(legMeters meters: Double, seconds: Double?) -> String? {
        guard meters.isFinite else { return "a distance that is not a number (\(meters))" }
        guard meters >= 0 else { return "a negative distance (\(meters) m)" }
        guard meters <= maxLegMeters else { return "a distance of \(Formatting.scientific(meters)) m, longer than any road" }
        guard let seconds else { return nil }
        guard seconds.isFinite else { return "a duration that is not a number (\(seconds))" }
        guard seconds >= 0 else { return "a negative duration (\(seconds) s)" }
        guard seconds <= maxLegSeconds else { return "a duration of \(Formatting.scientific(seconds)) s, longer than 60 days" }
        if meters > 1000, meters / max(seconds, 1e-9) > maxAverageMetersPerSecond {
            return "\(Int(meters / 1000)) km in \(Int(seconds)) s, faster than any car"
        }
        return nil
    }

    /// The degrees a latitude may take.
    public static let latitudes: ClosedRange<Double> = -90...90
    /// The degrees a longitude may take.
    public static let longitudes: ClosedRange<Double> = -180...180

    public static func isLatitude(_ degrees: Double) -> Bool { degrees.isFinite && latitudes.contains(degrees) }
    public static func isLongitude(_ degrees: Double) -> Bool { degrees.isFinite && longitudes.contains(degrees) }

    /// Whether `c` is a position on Earth (finite, latitude within ±90°, longitude within ±180°).
    public static func isOnEarth(_ c: Coordinate) -> Bool { isLatitude(c.latitude) && isLongitude(c.longitude) }

    /// What is wrong with a position read from a file or a server, in the words every reader uses
    /// after its own place in the file ("latitude 91 is out of range (-90...90)"); nil on Earth.
    public static func coordinateProblem(latitude: Double, longitude: Double) -> String? {
        for (axis, degrees, range) in [("latitude", latitude, latitudes), ("longitude", longitude, longitudes)] {
            if let problem = outOfRange(degrees, range) { return "\(axis) \(Formatting.scientific(degrees)) \(problem)" }
        }
        return nil
    }

    /// "is out of range (-90...90)" when `degrees` is not in `range`, for a reader to put after
    /// the value as the file wrote it; nil when it is.
    public static func outOfRange(_ degrees: Double, _ range: ClosedRange<Double>) -> String? {
        range.contains(degrees) ? nil : "is out of range (\(Int(range.lowerBound))...\(Int(range.upperBound)))"
    }

    /// `value` as an `Int` when it is a whole number that fits, else nil: never a trap.
    public static func wholeNumber(_ value: Double) -> Int? {
        guard value.isFinite, value == value.rounded(), abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }
}
