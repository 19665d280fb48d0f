import Foundation
import RoadtripCore

/// A trip as a background job totals it: where it was and its stops when the job began, so that a
/// total for stops edited meanwhile is told apart.
struct TotalsJobItem: Sendable {
    var position: Int
    var id: Trip.ID
    var waypoints: [Waypoint]
    var avoid: RoadAvoidance

    init(position: Int, trip: Trip) {
        self.position = position
        self.id = trip.id
        self.waypoints = trip.waypoints
        self.avoid = trip.avoid
    }
}

/// Each trip's last total, kept while its stops are the same: with thousands of trips, an edit to
/// one must not recompute every other trip's legs.
struct TotalsCache {
    struct Entry {
        var waypoints: [Waypoint]
        /// The avoidance the total was routed with: another one drives other roads.
        var avoid: RoadAvoidance
        var meters: Double
        var isEstimate: Bool
    }

    private var complete: [Trip.ID: Entry] = [:]
    /// Totals that used estimates for legs the route provider did not know yet: shown instead of
    /// nothing while they are made again, never taken as final.
    private var provisional: [Trip.ID: Entry] = [:]

    /// The trip's final total, if known for its current stops (usually one pointer comparison).
    func completeTotal(of trip: Trip) -> Entry? {
        complete[trip.id].flatMap { $0.waypoints == trip.waypoints && $0.avoid == trip.avoid ? $0 : nil }
    }

    /// The trip's last incomplete total, if known for its current stops.
    func provisionalTotal(of trip: Trip) -> Entry? {
        provisional[trip.id].flatMap { $0.waypoints == trip.waypoints && $0.avoid == trip.avoid ? $0 : nil }
    }

    mutating func store(_ total: ComputedTotal, of id: Trip.ID, waypoints: [Waypoint], avoid: RoadAvoidance) {
        let entry = Entry(waypoints: waypoints, avoid: avoid, meters: total.meters, isEstimate: total.isEstimate)
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
