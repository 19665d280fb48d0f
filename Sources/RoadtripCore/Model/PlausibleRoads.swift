import Foundation

/// The bounds a road engine's answer must keep, measured against the stops it was asked about:
/// a leg is never shorter than the straight line between its stops (less what moving each stop
/// onto a road can take off) nor driven faster than any car, and a table of travel times holds
/// only such times.
extension Plausibility {
    /// How far a router may move a stop onto a road (OSRM's and Valhalla's default search radius):
    /// a leg may be that much shorter at each end than the straight line.
    static let snapAllowanceMeters = 5_000.0
    /// Engines measure on a sphere, roadtrip on the ellipsoid: a road may read this much below the geodesic.
    static let straightLineTolerance = 0.01

    /// `problem(legMeters:seconds:)`, and then the leg against the straight line from `from` to `to`.
    /// `snapMeters`: how far the engine says it moved each stop (nil: unknown, the allowance).
    public static func problem(
        legMeters meters: Double, seconds: Double?, from: Coordinate, to: Coordinate,
        snapMeters: (from: Double?, to: Double?) = (nil, nil)
    ) -> String? {
        if let problem = problem(legMeters: meters, seconds: seconds) { return problem }
        guard isOnEarth(from), isOnEarth(to) else { return nil }
        let straight = Geodesic.distance(from, to)
        let slack = slackMeters(snapMeters.from) + slackMeters(snapMeters.to)
        let shortest = straight * (1 - straightLineTolerance) - slack
        if meters < shortest {
            return "\(Formatting.distance(meters, unit: .kilometers)) between stops "
                + "\(Formatting.distance(straight, unit: .kilometers)) apart, shorter than the straight line"
        }
        if let seconds, shortest > 1000, shortest / max(seconds, 1e-9) > maxAverageMetersPerSecond {
            return "\(Formatting.duration(seconds)) between stops \(Formatting.distance(straight, unit: .kilometers)) "
                + "apart, faster than any car"
        }
        return nil
    }

    private static func slackMeters(_ snap: Double?) -> Double {
        guard let snap, snap.isFinite, snap >= 0 else { return snapAllowanceMeters }
        return min(snap, 1_000_000)
    }

    /// Why a road engine's travel-time table for `stops` cannot be believed, or nil. A missing cell
    /// (no road between two stops) is a problem too: no order of all the stops can be driven then.
    /// Nil also when its shape does not fit `stops`: the caller words that.
    public static func problem(table: TravelMatrix, stops: [Coordinate]) -> String? {
        let n = stops.count
        guard table.durations.count == n, table.durations.allSatisfy({ $0.count == n }) else { return nil }
        let distances = table.distances.count == n && table.distances.allSatisfy({ $0.count == n }) ? table.distances : nil
        for i in 0..<n {
            for j in 0..<n where i != j {
                let seconds = table.durations[i][j]
                if seconds == .infinity { return "no road from stop \(i + 1) to stop \(j + 1)" }
                let meters = distances.map { $0[i][j] } ?? 0
                if meters == .infinity { return "no distance from stop \(i + 1) to stop \(j + 1)" }
                if let problem = problem(legMeters: meters, seconds: seconds) {
                    return "stop \(i + 1) to stop \(j + 1): \(problem)"
                }
            }
        }
        // The legs of the trip's own order against the straight line: n − 1 geodesics, cheap at any size.
        for i in 0..<max(0, n - 1) where isOnEarth(stops[i]) && isOnEarth(stops[i + 1]) {
            let straight = Geodesic.distance(stops[i], stops[i + 1])
            let shortest = straight * (1 - straightLineTolerance) - 2 * snapAllowanceMeters
            let seconds = table.durations[i][i + 1]
            if shortest > 1000, shortest / max(seconds, 1e-9) > maxAverageMetersPerSecond {
                return "stop \(i + 1) to stop \(i + 2): \(Formatting.duration(seconds)) between stops "
                    + "\(Formatting.distance(straight, unit: .kilometers)) apart, faster than any car"
            }
        }
        return nil
    }

    /// No place is home to more people than this (China: 1.4 billion).
    public static let maxPopulation = 2_000_000_000
    /// Metres above the sea a place on land can be at (the Dead Sea shore, −430 m; Everest, 8,849 m).
    static let elevationMeters = -500...9_000

    /// `people` when it can be a population, else nil.
    public static func population(_ people: Int) -> Int? { (0...maxPopulation).contains(people) ? people : nil }

    /// A population as OpenStreetMap and Nominatim write it ("12500", "12 500", "12,500"), else nil:
    /// "1e300", "-5", "≈3000" and figures past `maxPopulation` are not populations.
    public static func population(_ text: String) -> Int? {
        let separators: Set<Character> = [" ", ",", ".", "'", "\u{00A0}", "\u{202F}", "\u{2009}"]
        let digits = text.trimmingCharacters(in: .whitespaces).filter { !separators.contains($0) }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits)
        else { return nil }
        return population(n)
    }

    /// Whole metres when `meters` can be a place's elevation, else nil (1e300, NaN, 1e19…).
    public static func elevation(_ meters: Double) -> Int? {
        guard meters.isFinite, meters >= Double(elevationMeters.lowerBound), meters <= Double(elevationMeters.upperBound)
        else { return nil }
        return Int(meters.rounded())
    }

    /// `meters` when it can be a place's elevation, else nil.
    public static func elevation(_ meters: Int) -> Int? { elevationMeters.contains(meters) ? meters : nil }
}
