import Foundation

/// Counts what a provider asked its server for, so tests and benchmarks can check that edits ask
/// only for the legs that changed.
public struct RequestCount: Sendable, Hashable {
    /// HTTP requests sent, failed ones included.
    public var requests = 0
    /// Legs those requests asked for.
    public var legs = 0

    public init(requests: Int = 0, legs: Int = 0) {
        self.requests = requests
        self.legs = legs
    }
}

final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = RequestCount()

    var value: RequestCount { lock.withLock { count } }

    func record(legs: Int) {
        lock.withLock {
            count.requests += 1
            count.legs += legs
        }
    }
}
