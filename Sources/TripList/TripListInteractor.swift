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
    /// The last summaries and the repository revision they show: after an edit to one trip, only
    /// that trip's summary is made again.
    private var last: (summaries: ChunkedArray<TripSummary>, revision: Int)?
    /// Positions whose totals used legs the route provider did not know yet. They are not kept: the
    /// road legs may be known by the next call, so these are made again at every call.
    private var incomplete: Set<Int> = []

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

    public func summaries() -> ChunkedArray<TripSummary> {
        let trips = repository.trips
        var summaries: ChunkedArray<TripSummary>
        if let last, let edited = repository.positionsEdited(since: last.revision) {
            summaries = last.summaries
            for (position, summary) in summarize(Set(edited).union(incomplete), of: trips) {
                summaries[position] = summary
            }
        } else {
            // Trips came, went or were replaced: every position is made again, totals from the cache by id.
            incomplete = []
            summaries = ChunkedArray(summarize(trips.indices, of: trips).map(\.summary))
            if totals.count > trips.count + 64 {
                let ids = Set(trips.map(\.id))
                totals = totals.filter { ids.contains($0.key) }
            }
        }
        last = (summaries, repository.revision)
        return summaries
    }

    /// The summaries of the trips at `positions`, in the order given; totals come from the cache
    /// while a trip's stops are unchanged (usually one pointer comparison), the rest are computed.
    private func summarize(_ positions: some Collection<Int>, of trips: [Trip]) -> [(position: Int, summary: TripSummary)] {
        var result: [(position: Int, summary: TripSummary)] = []
        result.reserveCapacity(positions.count)
        var missing: [Int] = []
        for position in positions {
            let trip = trips[position]
            var summary = TripSummary(id: trip.id, name: trip.name, stopCount: trip.waypoints.count,
                                      distanceMeters: 0, distanceIsEstimate: false)
            if let total = totals[trip.id], total.waypoints == trip.waypoints {
                summary.distanceMeters = total.meters
                summary.distanceIsEstimate = total.isEstimate
            } else {
                missing.append(result.count)
            }
            result.append((position, summary))
        }
        let computed = totalsComputed(for: missing.map { trips[result[$0].position].coordinates })
        for (slot, total) in zip(missing, computed) {
            let position = result[slot].position
            let trip = trips[position]
            if total.isComplete {
                totals[trip.id] = Total(waypoints: trip.waypoints, meters: total.meters, isEstimate: total.isEstimate)
                incomplete.remove(position)
            } else {
                totals[trip.id] = nil
                incomplete.insert(position)
            }
            result[slot].summary.distanceMeters = total.meters
            result[slot].summary.distanceIsEstimate = total.isEstimate
        }
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
        let error = repository.add(trip, "adding “\(name)”")
        return (trip.id, error)
    }

    public func renameTrip(_ id: Trip.ID, to name: String) -> String? {
        let old = repository.trip(id: id)?.name ?? ""
        return repository.update(tripID: id, "renaming “\(old)” to “\(name)”") { $0.name = name }
    }

    public func deleteTrip(_ id: Trip.ID) -> String? {
        let name = repository.trip(id: id)?.name ?? ""
        return repository.removeTrip(id: id, "deleting “\(name)”")
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
