import Synchronization

/// Stops a best-order search from another thread, and hears how far it has got.
///
/// The search looks at `isStopped` every few thousand moves, so `stop()` ends it within
/// microseconds; it then answers with the best order found so far, never worse than the start.
public final class OrderSearchControl: Sendable {
    private let stopped = Mutex(false)
    private let onProgress: @Sendable (OrderSearchProgress) -> Void

    /// `onProgress` is called on the searching thread, at most about a hundred times a search.
    public init(onProgress: @escaping @Sendable (OrderSearchProgress) -> Void = { _ in }) {
        self.onProgress = onProgress
    }

    /// Asks the search to end now with its best order so far.
    public func stop() { stopped.withLock { $0 = true } }

    public var isStopped: Bool { stopped.withLock { $0 } }

    func report(_ progress: OrderSearchProgress) { onProgress(progress) }
}

/// How far a search has got: the share of its budget of moves spent, and the cost of its best order.
public struct OrderSearchProgress: Hashable, Sendable {
    /// 0…1: moves priced over the budget.
    public var fraction: Double
    /// The cost of the order the search started from, and of the best it has found.
    var startCost: Double
    var bestCost: Double

    /// The share of the starting cost saved so far, 0…1.
    public var saving: Double { startCost > 0 ? max(0, (startCost - bestCost) / startCost) : 0 }
}
