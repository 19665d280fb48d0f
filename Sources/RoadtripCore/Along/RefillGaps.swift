import Foundation

/// A stretch of the route longer than the vehicle's range with no fuel (or charging) place known along it.
public struct RefillGap: Sendable, Hashable {
    /// Where the stretch starts and ends, in metres from the start of the trip.
    public var fromMeters: Double
    public var toMeters: Double
    /// The legs it starts and ends on (0 is the leg from stop 1 to stop 2).
    public var fromLeg: Int
    public var toLeg: Int

    public var meters: Double { toMeters - fromMeters }

    /// Where along the route the range runs out if the tank is filled only at the stretch's start.
    public func runsOut(range: VehicleRange) -> Double { fromMeters + range.meters }

    /// The stretches between consecutive places (`stations`, metres along the route, any order)
    /// longer than `range`, counting the start (a full tank there) and the end of the route.
    ///
    /// A leg that is not driven (across the sea with no road) is no stretch: the drive before it
    /// ends where it starts, and the drive after it starts afresh where it ends.
    public static func gaps(stations: [Double], line: RouteLine, range: VehicleRange) -> [RefillGap] {
        let total = line.totalMeters
        let notDriven = line.drivable.indices.filter { !line.drivable[$0] }.map { line.legStarts[$0]...line.legStarts[$0 + 1] }
        let ends = notDriven.flatMap { [$0.lowerBound, $0.upperBound] }
        let marks = ([0] + (stations + ends).filter { $0.isFinite && $0 > 0 && $0 < total } + [total]).sorted()
        return zip(marks, marks.dropFirst()).compactMap { from, to in
            guard to - from > range.meters, !notDriven.contains(where: { $0.lowerBound <= from && to <= $0.upperBound }) else {
                return nil
            }
            return RefillGap(
                fromMeters: from, toMeters: to, fromLeg: leg(at: from, line, after: true), toLeg: leg(at: to, line, after: false))
        }
    }

    /// The leg at `meters` along the line: at a stop, the leg leaving it (`after`) or arriving.
    static func leg(at meters: Double, _ line: RouteLine, after: Bool) -> Int {
        let starts = line.legStarts
        let legs = starts.count - 1
        guard legs > 0 else { return 0 }
        for i in 0..<legs where after ? meters < starts[i + 1] : meters <= starts[i + 1] { return i }
        return legs - 1
    }

    /// "412 km with no fuel known, from km 120 (leg 2) to km 532 (leg 3): fill up before km 570."
    public func text(range: VehicleRange, unit: DistanceUnit) -> String {
        let what = range.refill == .fuel ? "fuel" : "charging"
        func at(_ m: Double) -> String {
            "\(unit.rawValue) " + (Plausibility.wholeNumber((m / unit.metersPerUnit).rounded()).map(String.init) ?? "?")
        }
        let legs = fromLeg == toLeg ? "leg \(fromLeg + 1)" : "legs \(fromLeg + 1)–\(toLeg + 1)"
        return
            "\(Formatting.distance(meters, unit: unit)) with no \(what) known, from \(at(fromMeters)) to \(at(toMeters)) (\(legs)); "
            + "the range of \(range.text(unit: unit)) runs out at \(at(runsOut(range: range)))."
    }
}

extension RefillGap {
    /// What the itinerary says of the trip's range: every gap, or that there is none, or, when no
    /// import covers the route, that nothing is known to measure gaps by and how to import it.
    public static func itineraryLines(answer: AlongAnswer, line: RouteLine, range: VehicleRange, unit: DistanceUnit) -> [String] {
        let what = range.refill == .fuel ? "Fuel" : "Charging"
        var lines = ["", "\(what) (range \(range.text(unit: unit))):"]
        if let advice = answer.importAdvice, answer.uncovered?.legs.isEmpty ?? false {
            return lines + ["  No \(what.lowercased()) place is known along the route. " + advice]
        }
        let gaps = gaps(stations: answer.places.map(\.position.alongMeters), line: line, range: range)
        if gaps.isEmpty {
            lines.append("  No stretch is longer than the range without \(what.lowercased()) known along it.")
        }
        lines += gaps.map { "  ⚠ " + $0.text(range: range, unit: unit) }
        if let advice = answer.importAdvice { lines.append("  " + advice) }
        return lines
    }
}
