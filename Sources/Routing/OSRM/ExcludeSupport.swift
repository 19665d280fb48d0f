import RoadtripCore
import Synchronization

/// Which avoidance the server took for each one asked for, learnt from its refusals: shared by the
/// providers `avoiding(_:)` makes, so a refused combination is asked for once per launch.
final class ExcludeSupport: Sendable {
    private let applied = Mutex<[RoadAvoidance: RoadAvoidance]>([:])

    func applied(for requested: RoadAvoidance) -> RoadAvoidance? { applied.withLock { $0[requested] } }

    func remember(_ taken: RoadAvoidance, for requested: RoadAvoidance) {
        applied.withLock { $0[requested] = taken }
    }
}
