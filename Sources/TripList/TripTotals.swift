import Foundation
import RoadtripCore

/// A trip's total distance as computed from the legs known at the time.
struct ComputedTotal: Sendable {
    var meters: Double
    var isEstimate: Bool
    /// False when the route provider did not know every leg yet and the estimate filled in: the road
    /// legs may be known later, so the total is not final.
    var isComplete: Bool
}

/// A trip as a background job totals it: where it was and its stops when the job began, so that a
/// total for stops edited meanwhile is told apart.
struct TotalsJobItem: Sendable {
    var position: Int
    var id: Trip.ID
    var waypoints: [Waypoint]

    init(position: Int, trip: Trip) {
        self.position = position
        self.id = trip.id
        self.waypoints = trip.waypoints
    }
}

/// Computes trips' totals: legs the route provider knows are used as they are; the estimate fills in the others.
struct TotalsCalculator: Sendable {
    let routes: RouteProvider
    let estimate: InstantRouteProvider

    func total(of stops: [Coordinate]) -> ComputedTotal {
        let known = routes.knownLegs(for: stops)
        let complete = !known.contains(where: { $0 == nil })
        let legs = complete ? known.compactMap { $0 } : zip(known, estimate.instantLegs(for: stops)).map { $0 ?? $1 }
        return ComputedTotal(meters: legs.reduce(0) { $0 + $1.distanceMeters },
                             isEstimate: legs.contains { $0.source == .estimate }, isComplete: complete)
    }

    /// The totals of many trips (those of a large file beyond its first screen), computed on every core.
    func totalsOnEveryCore(of trips: [[Coordinate]]) -> [ComputedTotal] {
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        let results = ConcurrentResults<ComputedTotal>(count: trips.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for i in stride(from: chunk, to: trips.count, by: chunks) { results.set(i, total(of: trips[i])) }
        }
        return results.values
    }
}

/// Each trip's last total, kept while its stops are the same: with thousands of trips, an edit to
/// one must not recompute every other trip's legs.
struct TotalsCache {
    struct Entry {
        var waypoints: [Waypoint]
        var meters: Double
        var isEstimate: Bool
    }

    private var complete: [Trip.ID: Entry] = [:]
    /// Totals that used estimates for legs the route provider did not know yet: shown instead of
    /// nothing while they are made again, never taken as final.
    private var provisional: [Trip.ID: Entry] = [:]

    /// The trip's final total, if known for its current stops (usually one pointer comparison).
    func completeTotal(of trip: Trip) -> Entry? {
        complete[trip.id].flatMap { $0.waypoints == trip.waypoints ? $0 : nil }
    }

    /// The trip's last incomplete total, if known for its current stops.
    func provisionalTotal(of trip: Trip) -> Entry? {
        provisional[trip.id].flatMap { $0.waypoints == trip.waypoints ? $0 : nil }
    }

    mutating func store(_ total: ComputedTotal, of id: Trip.ID, waypoints: [Waypoint]) {
        let entry = Entry(waypoints: waypoints, meters: total.meters, isEstimate: total.isEstimate)
        complete[id] = total.isComplete ? entry : nil
        provisional[id] = total.isComplete ? nil : entry
    }

    /// Forgets the totals of trips that are gone, once there are enough of them to matter.
    mutating func prune(keeping trips: [Trip]) {
        guard complete.count + provisional.count > trips.count + 64 else { return }
        let ids = Set(trips.map(\.id))
        complete = complete.filter { ids.contains($0.key) }
        provisional = provisional.filter { ids.contains($0.key) }
    }
}

/// Slots filled from several threads, each slot by one thread only.
private final class ConcurrentResults<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T?>
    init(count: Int) { slots = .allocate(capacity: count); slots.initialize(repeating: nil) }
    deinit { slots.deinitialize(); slots.deallocate() }
    func set(_ i: Int, _ value: T) { slots[i] = value }
    var values: [T] { slots.map { $0! } }
}
