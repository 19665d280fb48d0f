import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The servers still running, ended when the process exits normally (`exit`, end of main) even if
/// nobody called `stop()`.
final class ChildRegistry: @unchecked Sendable {
    static let shared = ChildRegistry()
    private let lock = NSLock()
    private var pids: Set<Int32> = []
    private var hooked = false

    func add(_ pid: Int32) {
        let hook: Bool = lock.withLock {
            pids.insert(pid)
            defer { hooked = true }
            return !hooked
        }
        if hook { atexit { ChildRegistry.shared.terminateAll() } }
    }

    func remove(_ pid: Int32) {
        _ = lock.withLock { pids.remove(pid) }
    }

    func terminateAll() {
        for pid in lock.withLock({ pids }) { kill(pid, SIGTERM) }
    }
}
