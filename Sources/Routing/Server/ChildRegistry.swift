import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The servers still running, ended when the process exits normally (`exit`, end of main) even if
/// nobody called `stop()`.
final class ChildRegistry: Sendable {
    static let shared = ChildRegistry()
    private let state = Mutex((pids: Set<Int32>(), hooked: false))

    func add(_ pid: Int32) {
        let hook: Bool = state.withLock { state in
            state.pids.insert(pid)
            defer { state.hooked = true }
            return !state.hooked
        }
        if hook { atexit { ChildRegistry.shared.terminateAll() } }
    }

    func remove(_ pid: Int32) {
        _ = state.withLock { $0.pids.remove(pid) }
    }

    func terminateAll() {
        for pid in state.withLock({ $0.pids }) { kill(pid, SIGTERM) }
    }
}
