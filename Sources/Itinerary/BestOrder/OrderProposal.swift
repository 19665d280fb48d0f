import Foundation
import RoadtripCore

/// A better order for a trip's stops, with what it saves, shown before anything changes.
///
/// Drive time is what is minimised; distance comes along from the same matrix and may, rarely,
/// grow (`savedMeters` < 0) when a faster road is longer.
public struct OrderProposal: Hashable, Sendable {
    /// The trip's stop ids in the proposed order.
    var waypointIDs: [UUID]
    /// Indices into the trip's stops as they were, in the proposed order.
    public var order: [Int]
    var currentSeconds: Double
    var proposedSeconds: Double
    var currentMeters: Double
    var proposedMeters: Double
    /// Whether the order is proven best (Held–Karp) rather than the heuristic's best find.
    public var exact: Bool
    /// The matrix source, e.g. "offline estimate".
    public var source: String

    var savedSeconds: Double { currentSeconds - proposedSeconds }
    var savedMeters: Double { currentMeters - proposedMeters }
    /// False when the current order is already the best found: nothing to apply.
    public var changesOrder: Bool { order != Array(order.indices) }

    /// Whether the search was stopped (Esc, Ctrl-C) before it had spent its budget: the order is
    /// then the best found so far.
    var stoppedEarly: Bool

    /// The proposal for `waypoints` under `matrix`; `control` can stop the search early and hears
    /// its progress.
    public init(waypoints: [Waypoint], matrix: TravelMatrix, source: String, control: OrderSearchControl? = nil) {
        precondition(matrix.count == waypoints.count, "one matrix row per stop")
        let best = RouteOptimizer.optimize(matrix: matrix.durations, control: control)
        stoppedEarly = control?.isStopped == true && !best.exact
        let identity = Array(waypoints.indices)
        order = best.order
        waypointIDs = best.order.map { waypoints[$0].id }
        // What is driven: the weight put on crossing the sea steers the order but is no drive.
        func penalty(_ order: [Int]) -> Double {
            matrix.penalties.isEmpty ? 0 : RouteOptimizer.cost(of: order, in: matrix.penalties)
        }
        currentSeconds = RouteOptimizer.cost(of: identity, in: matrix.durations) - penalty(identity)
        proposedSeconds = best.cost - penalty(best.order)
        currentMeters = RouteOptimizer.cost(of: identity, in: matrix.distances)
        proposedMeters = RouteOptimizer.cost(of: best.order, in: matrix.distances)
        exact = best.exact
        self.source = source
    }

    /// Asks `provider` for the matrix of `trip`'s stops and proposes the best order.
    ///
    /// When a road provider cannot give its table (no answer, a trip larger than the server's
    /// table limit), the order is found on the offline estimate and `source` says why. Throws
    /// `OrderProposalError` when a matrix does not fit the stops.
    public static func make(
        for trip: Trip, using provider: any TravelTimeMatrixProviding, control: OrderSearchControl? = nil
    ) async throws -> OrderProposal {
        // Shaping points belong to the legs of the current order: a new order leaves them out.
        let trip = trip.withoutShapingPoints(legs: []).trip
        var source = provider.label
        let matrix: TravelMatrix
        do {
            let asked = try await provider.avoiding(trip.avoid).matrix(for: trip.coordinates)
            // A table with times no road has would make any order look best: the estimate instead.
            if !(provider is EstimatedTravelMatrixProvider),
                let problem = Plausibility.problem(table: asked, stops: trip.coordinates)
            {
                throw OrderProposalError(message: "\(provider.label) sent a travel-time table that cannot be true: \(problem)")
            }
            matrix = asked
        } catch  where !(provider is EstimatedTravelMatrixProvider) && !Task.isCancelled {
            let estimate = EstimatedTravelMatrixProvider()
            matrix = estimate.instantMatrix(for: trip.coordinates)
            source = "\(estimate.label) (\(error))"
        }
        let n = trip.waypoints.count
        let fits = { (rows: [[Double]]) in rows.count == n && rows.allSatisfy { $0.count == n } }
        guard fits(matrix.durations), fits(matrix.distances) else {
            throw OrderProposalError(message: "\(provider.label) answered with a travel matrix that does not fit the \(n) stops.")
        }
        return OrderProposal(waypoints: trip.waypoints, matrix: matrix, source: source, control: control)
    }

    /// `waypoints` in the proposed order, or nil when they are no longer the stops the proposal
    /// was made for (one was added, deleted or edited away meanwhile).
    public func reordered(_ waypoints: [Waypoint]) -> [Waypoint]? {
        let waypoints = waypoints.filter { !$0.via }
        guard waypoints.count == waypointIDs.count else { return nil }
        let byID = Dictionary(waypoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let result = waypointIDs.compactMap { byID[$0] }
        return result.count == waypoints.count && Set(waypointIDs).count == waypoints.count ? result : nil
    }

    /// "Best order: 1 h 12 min less driving, 84.0 km shorter (exact, offline estimate)", or that the order is already best.
    public func summary(unit: DistanceUnit) -> String {
        let how = "\(exact ? "exact" : stoppedEarly ? "best found before stopping" : "best found"), \(source)"
        guard changesOrder else { return "The current order is already the best (\(how))." }
        let distance =
            savedMeters >= 0
            ? "\(Formatting.distance(savedMeters, unit: unit)) shorter"
            : "\(Formatting.distance(-savedMeters, unit: unit)) longer"
        return "Best order: \(Formatting.duration(savedSeconds)) less driving, \(distance) (\(how))."
    }
}

/// Why no proposal could be made; `description` is one line for the status bar.
public struct OrderProposalError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
