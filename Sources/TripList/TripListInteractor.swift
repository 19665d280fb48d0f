import Foundation
import RoadtripCore

/// Reads and edits the list of trips through the shared repository.
@MainActor
public final class TripListInteractor: TripListInteractorProtocol {
    private let repository: TripRepository
    private let routes: RouteProvider
    private let estimate: InstantRouteProvider
    private let settings: DisplaySettings
    private var startupMessage: String?
    /// Each trip's total, kept while its stops are the same: with thousands of trips, an edit to one
    /// must not recompute every other trip's legs.
    private var totals: [Trip.ID: Total] = [:]
    /// The trips and summaries of the last call, for comparing position by position.
    private var lastSummaries: (trips: [Trip], summaries: [TripSummary], complete: [Bool])?

    private struct Total {
        var waypoints: [Waypoint]
        var meters: Double
        var isEstimate: Bool
    }

    /// - Parameters:
    ///   - routes: legs it already knows (cached road legs) are shown as they are;
    ///   - estimate: fills in the others, so the list never waits for a server.
    public init(repository: TripRepository, routes: RouteProvider, estimate: InstantRouteProvider,
                settings: DisplaySettings, startupMessage: String? = nil) {
        self.repository = repository
        self.routes = routes
        self.estimate = estimate
        self.settings = settings
        self.startupMessage = startupMessage
    }

    public var unit: DistanceUnit { settings.unit }

    public func summaries() -> [TripSummary] {
        let trips = repository.trips
        // Unchanged stops share storage with the cached copy, so comparing them is usually one pointer check.
        func cached(_ trip: Trip) -> Total? {
            guard let total = totals[trip.id], total.waypoints == trip.waypoints else { return nil }
            return total
        }
        var result: [TripSummary] = []
        result.reserveCapacity(trips.count)
        var missing: [Int] = []
        var complete = [Bool](repeating: true, count: trips.count)
        if let last = lastSummaries, last.trips.count == trips.count {
            // After an edit in place, trips sit where they were: compare by position, no hashing.
            for (i, trip) in trips.enumerated() {
                let before = last.trips[i]
                if last.complete[i], before.id == trip.id, before.waypoints == trip.waypoints {
                    result.append(TripSummary(id: trip.id, name: trip.name, stopCount: trip.waypoints.count,
                                              distanceMeters: last.summaries[i].distanceMeters,
                                              distanceIsEstimate: last.summaries[i].distanceIsEstimate))
                } else {
                    missing.append(i)
                    result.append(TripSummary(id: trip.id, name: trip.name, stopCount: 0, distanceMeters: 0, distanceIsEstimate: false))
                }
            }
        } else {
            for (i, trip) in trips.enumerated() {
                let total = cached(trip)
                if total == nil { missing.append(i) }
                result.append(TripSummary(id: trip.id, name: trip.name, stopCount: trip.waypoints.count,
                                          distanceMeters: total?.meters ?? 0, distanceIsEstimate: total?.isEstimate ?? false))
            }
        }
        for (i, total) in zip(missing, totalsComputed(for: missing.map { trips[$0].coordinates })) {
            // A total with estimated legs is not kept: the road legs may be known by the next call.
            if total.isComplete {
                totals[trips[i].id] = Total(waypoints: trips[i].waypoints, meters: total.meters, isEstimate: total.isEstimate)
            } else {
                totals[trips[i].id] = nil
                complete[i] = false
            }
            result[i].stopCount = trips[i].waypoints.count
            result[i].distanceMeters = total.meters
            result[i].distanceIsEstimate = total.isEstimate
        }
        if totals.count > trips.count + 64 {
            let ids = Set(trips.map(\.id))
            totals = totals.filter { ids.contains($0.key) }
        }
        lastSummaries = (trips, result, complete)
        return result
    }

    /// Totals of many trips (the first screen of a large file) are computed on every core.
    /// Legs the route provider knows are used as they are; the estimate fills in the others.
    private func totalsComputed(for trips: [[Coordinate]]) -> [(meters: Double, isEstimate: Bool, isComplete: Bool)] {
        let routes = routes, estimate = estimate
        let compute = { @Sendable (stops: [Coordinate]) -> (meters: Double, isEstimate: Bool, isComplete: Bool) in
            let known = routes.knownLegs(for: stops)
            let complete = !known.contains(where: { $0 == nil })
            let legs = complete ? known.compactMap { $0 } : zip(known, estimate.instantLegs(for: stops)).map { $0 ?? $1 }
            return (legs.reduce(0) { $0 + $1.distanceMeters }, legs.contains { $0.source == .estimate }, complete)
        }
        guard trips.count > 256 else { return trips.map(compute) }
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        let results = ConcurrentResults<(meters: Double, isEstimate: Bool, isComplete: Bool)>(count: trips.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for i in stride(from: chunk, to: trips.count, by: chunks) { results.set(i, compute(trips[i])) }
        }
        return results.values
    }

    public func createTrip() -> (id: Trip.ID, error: String?) {
        let names = Set(repository.trips.map(\.name))
        var name = "New trip"
        var n = 2
        while names.contains(name) { name = "New trip \(n)"; n += 1 }
        let trip = Trip(name: name)
        let error = repository.perform("adding “\(name)”") { $0.append(trip) }
        return (trip.id, error)
    }

    public func renameTrip(_ id: Trip.ID, to name: String) -> String? {
        let old = repository.trip(id: id)?.name ?? ""
        return repository.update(tripID: id, "renaming “\(old)” to “\(name)”") { $0.name = name }
    }

    public func deleteTrip(_ id: Trip.ID) -> String? {
        let name = repository.trip(id: id)?.name ?? ""
        return repository.perform("deleting “\(name)”") { $0.removeAll { $0.id == id } }
    }

    public func undo() -> UndoOutcome { repository.undo() }
    public func redo() -> UndoOutcome { repository.redo() }

    public func takeStartupMessage() -> String? {
        defer { startupMessage = nil }
        return startupMessage
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
