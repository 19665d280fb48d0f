import Foundation

/// A trip's total distance as computed from the legs known at the time.
public struct ComputedTotal: Sendable, Equatable {
    public var meters: Double
    public var isEstimate: Bool
    /// False when the route provider did not know every leg yet and the estimate filled in: the road
    /// legs may be known later, so the total is not final.
    public var isComplete: Bool

    /// "≈ 3,900 km" for an estimate, "3,120 km" for road legs: how every screen and command shows a total.
    public static func text(meters: Double, isEstimate: Bool, unit: DistanceUnit) -> String {
        (isEstimate ? "≈ " : "") + Formatting.distance(meters, unit: unit)
    }
}

/// Computes trips' totals, for the trip list and `roadtrip list` alike: legs the route provider knows are used as they are; the estimate fills in the others.
public struct TotalsCalculator: Sendable {
    let routes: RouteProvider
    let estimate: InstantRouteProvider

    public init(routes: RouteProvider, estimate: InstantRouteProvider) {
        self.routes = routes
        self.estimate = estimate
    }

    /// `avoid` is the trip's: its road legs are cached apart from those of other avoidances.
    public func total(of stops: [Coordinate], avoiding avoid: RoadAvoidance = []) -> ComputedTotal {
        let routes = avoid.isEmpty ? self.routes : self.routes.avoiding(avoid)
        let known = routes.knownLegs(for: stops)
        let complete = !known.contains(where: { $0 == nil })
        let legs = complete ? known.compactMap { $0 } : zip(known, estimate.instantLegs(for: stops)).map { $0 ?? $1 }
        return ComputedTotal(
            meters: LegTotals(legs).meters,
            isEstimate: legs.contains { $0.source == .estimate }, isComplete: complete)
    }

    /// The totals of many trips (those of a large file beyond its first screen), computed on every core.
    public func totalsOnEveryCore(of trips: [[Coordinate]], avoiding: [RoadAvoidance] = []) -> [ComputedTotal] {
        // Thousands of trips touch most coasts: decode them all once rather than each core in turn.
        if trips.count > 100 { Landmasses.shared.prepareEverything() }
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        let results = ConcurrentResults<ComputedTotal>(count: trips.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for i in stride(from: chunk, to: trips.count, by: chunks) {
                results.set(i, total(of: trips[i], avoiding: avoiding.indices.contains(i) ? avoiding[i] : []))
            }
        }
        return results.values
    }
}

/// Slots filled from several threads, each slot by one thread only.
private final class ConcurrentResults<T>: @unchecked Sendable {
    // @unchecked: each slot is written by exactly one thread, and `values` is read only after all of them joined.
    private let slots: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    func set(_ i: Int, _ value: T) { slots[i] = value }
    var values: [T] { slots.map { $0! } }
}

/// What legs add up to as a drive: distance and time driven (a leg across the sea adds neither,
/// it is not driven), and how many sea crossings there are. Screens, commands and JSON alike.
public struct LegTotals: Sendable, Equatable {
    public var meters: Double
    /// Nil when some driven leg has no drive time (straight-line legs).
    public var seconds: Double?
    public var seaCrossings: Int

    public init(_ legs: some Sequence<Leg>) {
        var meters = 0.0, seconds: Double? = 0, crossings = 0
        for leg in legs {
            guard leg.isDrivable else {
                crossings += 1
                continue
            }
            meters += leg.distanceMeters
            seconds = seconds.flatMap { total in leg.durationSeconds.map { total + $0 } }
        }
        self.meters = meters
        self.seconds = seconds
        seaCrossings = crossings
    }

    /// " + 2 sea crossings", or nothing: said after a total that leaves them out.
    public var crossingsNote: String {
        seaCrossings == 0 ? "" : " + \(seaCrossings) sea crossing\(seaCrossings == 1 ? "" : "s")"
    }
}
