import Foundation
import Synchronization

/// Counts what a provider asked its server for, so tests and benchmarks can check that edits ask
/// only for the legs that changed.
public struct RequestCount: Sendable, Hashable {
    /// HTTP requests sent, failed ones included.
    public var requests = 0
    /// Legs those requests asked for.
    public var legs = 0
    /// TCP connections opened for them: with keep-alive, one for many requests.
    public var connections = 0

    public init(requests: Int = 0, legs: Int = 0, connections: Int = 0) {
        self.requests = requests
        self.legs = legs
        self.connections = connections
    }
}

final class RequestCounter: Sendable {
    private let count = Mutex(RequestCount())

    var value: RequestCount { count.withLock { $0 } }

    func record(legs: Int) {
        count.withLock {
            $0.requests += 1
            $0.legs += legs
        }
    }
}
