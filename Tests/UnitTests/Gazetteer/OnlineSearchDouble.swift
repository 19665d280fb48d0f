import Foundation
import Gazetteer

/// An online place search that records what it was asked and answers, or fails, as told.
final class OnlineSearchDouble: OnlinePlaceSearching, @unchecked Sendable {
    // @unchecked: `asked` is only touched under `lock`.
    private let lock = NSLock()
    private var asked: [String] = []
    let answer: Result<[Place], OnlineSearchFailure>

    init(_ answer: Result<[Place], OnlineSearchFailure>) { self.answer = answer }

    /// The queries asked, in order.
    var calls: [String] { lock.withLock { asked } }

    func search(_ query: String, limit: Int) async -> Result<[Place], OnlineSearchFailure> {
        lock.withLock { asked.append(query) }
        return answer
    }
}
