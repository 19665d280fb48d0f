import Foundation
import RoadtripCore

/// A better order for a trip's stops, with what it saves, shown before anything changes.
///
/// Drive time is what is minimised; distance comes along from the same matrix and may, rarely,
/// grow (`savedMeters` < 0) when a faster road is longer. A stop with a fixed arrival keeps its
/// place (the stops between two fixed ones are ordered among themselves), and a saving smaller
/// than the figures' own error is no reason to change anything.
public struct OrderProposal: Hashable, Sendable {
    /// Savings below this share of the driving are within the error of the offline estimate
    /// (straight lines times one road factor): not worth a new order.
    public static let estimateError = 0.05
    /// Savings below this share are within the error of a road router's times (traffic, turns).
    static let roadError = 0.01

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
    public var changesOrder: Bool { order != Array(order.indices) && !withinError && refusal == nil }

    /// Whether the search was stopped (Esc, Ctrl-C) before it had spent its budget: the order is
    /// then the best found so far.
    var stoppedEarly: Bool
    /// The share of driving below which a saving is within the figures' error.
    var error: Double
    /// The best order found saves less than `error`: the current order stands.
    var withinError: Bool
    /// Why the order found is not proposed (it would miss a fixed arrival), or nil.
    var refusal: String?
    /// The stops the new order moves, by name: "Moab (3 → 5)".
    var moved: [String]
    /// Calendar days of the trip before and after, when the itinerary was planned for both.
    var daysBefore: Int?
    var daysAfter: Int?

    /// The proposal for `waypoints` under `matrix`; `control` can stop the search early and hears
    /// its progress.
    public init(
        waypoints: [Waypoint], matrix: TravelMatrix, source: String, control: OrderSearchControl? = nil,
        error: Double = OrderProposal.estimateError
    ) {
        precondition(matrix.count == waypoints.count, "one matrix row per stop")
        let (bestOrder, isExact) = Self.pinnedOrder(waypoints: waypoints, durations: matrix.durations, control: control)
        stoppedEarly = control?.isStopped == true && !isExact
        let identity = Array(waypoints.indices)
        order = bestOrder
        waypointIDs = bestOrder.map { waypoints[$0].id }
        // What is driven: the weight put on crossing the sea steers the order but is no drive.
        func penalty(_ order: [Int]) -> Double {
            matrix.penalties.isEmpty ? 0 : RouteOptimizer.cost(of: order, in: matrix.penalties)
        }
        currentSeconds = RouteOptimizer.cost(of: identity, in: matrix.durations) - penalty(identity)
        proposedSeconds = RouteOptimizer.cost(of: bestOrder, in: matrix.durations) - penalty(bestOrder)
        currentMeters = RouteOptimizer.cost(of: identity, in: matrix.distances)
        proposedMeters = RouteOptimizer.cost(of: bestOrder, in: matrix.distances)
        exact = isExact
        self.source = source
        self.error = error
        let saving = currentSeconds - proposedSeconds
        // A new order that crosses less sea saves no driving but is still the better trip.
        let seaSaved = penalty(identity) - penalty(bestOrder) > 0
        withinError = bestOrder != identity && !seaSaved && saving < error * currentSeconds
        refusal = nil
        moved = bestOrder.enumerated().compactMap { position, index in
            position == index ? nil : "\(waypoints[index].name) (\(index + 1) → \(position + 1))"
        }
    }

    /// The best order with the first, the last and every stop with a fixed arrival kept in place:
    /// each stretch between two of them is ordered on its own.
    static func pinnedOrder(
        waypoints: [Waypoint], durations: [[Double]], control: OrderSearchControl?
    ) -> (order: [Int], exact: Bool) {
        let n = waypoints.count
        let pins = [0] + (1..<max(1, n - 1)).filter { waypoints[$0].fixedArrival != nil } + (n > 1 ? [n - 1] : [])
        guard pins.count > 2 else {
            let best = RouteOptimizer.optimize(matrix: durations, control: control)
            return (best.order, best.exact)
        }
        var order = [0]
        var exact = true
        for (a, b) in zip(pins, pins.dropFirst()) {
            let stretch = Array(a...b)
            let sub = stretch.map { i in stretch.map { j in durations[i][j] } }
            let best = RouteOptimizer.optimize(matrix: sub, control: control)
            exact = exact && best.exact
            order += best.order.dropFirst().map { stretch[$0] }
        }
        return (order, exact)
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
        let isEstimate = matrix.distances.isEmpty || provider is EstimatedTravelMatrixProvider || source != provider.label
        var proposal = OrderProposal(
            waypoints: trip.waypoints, matrix: matrix, source: source, control: control,
            error: isEstimate ? estimateError : roadError)
        proposal.checkCalendar(of: trip, matrix: matrix)
        return proposal
    }

    /// Plans the itinerary of the trip in both orders: refuses the new one when it makes a stop
    /// late for its fixed arrival that was on time, and notes the days each takes (nights and
    /// daily limits included).
    mutating func checkCalendar(of trip: Trip, matrix: TravelMatrix) {
        guard order != Array(order.indices), trip.waypoints.count == order.count else { return }
        func plan(_ order: [Int]) -> Itinerary {
            var reordered = trip
            reordered.waypoints = order.map { trip.waypoints[$0] }
            let legs = zip(order, order.dropFirst()).map { i, j in
                // Marked as road legs: the order's figures are what is compared, with no land lookups.
                Leg(
                    from: trip.waypoints[i].coordinate, to: trip.waypoints[j].coordinate,
                    distanceMeters: matrix.distances[i][j],
                    durationSeconds: matrix.durations[i][j] - (matrix.penalties.isEmpty ? 0 : matrix.penalties[i][j]),
                    source: .osrm)
            }
            // A fixed "now" so both plans assume the same start when the trip has none.
            return ItineraryPlanner.plan(
                trip: reordered, legs: legs, now: Date(timeIntervalSince1970: 1_800_000_000), explaining: false)
        }
        let before = plan(Array(order.indices)), after = plan(order)
        let wasLate = Set(before.stops.filter { $0.late >= 60 }.map(\.id))
        let nowLate = after.stops.filter { $0.late >= 60 && !wasLate.contains($0.id) }
        if !nowLate.isEmpty {
            refusal =
                "The order with the least driving would make "
                + nowLate.map { "\($0.name) \(Formatting.duration($0.late)) late" }.joined(separator: ", ")
                + " for its fixed arrival: the current order stands."
        }
        daysBefore = before.totals.days
        daysAfter = after.totals.days
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
        if let refusal { return refusal }
        if withinError {
            let share = currentSeconds > 0 ? savedSeconds / currentSeconds * 100 : 0
            return String(
                format:
                    "The current order is already within %.1f%% of the best order (%@): less than the %.0f%% the times may be off, so nothing to change.",
                share, how, error * 100)
        }
        guard changesOrder else { return "The current order is already the best (\(how))." }
        let distance =
            savedMeters >= 0
            ? "\(Formatting.distance(savedMeters, unit: unit)) shorter"
            : "\(Formatting.distance(-savedMeters, unit: unit)) longer"
        var text = "Best order: \(Formatting.duration(savedSeconds)) less driving, \(distance) (\(how))."
        if let daysBefore, let daysAfter, daysBefore != daysAfter {
            text += " \(daysAfter) days instead of \(daysBefore)."
        }
        let names = moved.prefix(4).joined(separator: ", ") + (moved.count > 4 ? " and \(moved.count - 4) more" : "")
        if !moved.isEmpty { text += " Moves " + names + "." }
        return text
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
