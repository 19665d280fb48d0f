import Synchronization

/// Lets whoever started an import or export stop it, and hear how far it got: the planner runs
/// file work off the key loop, so a slow disk, a huge file or a pipe nobody reads never freezes it.
public final class TransferControl: Sendable {
    private let stopped = Mutex(false)
    private let progress: @Sendable (String) -> Void

    /// `onProgress` is called on the working thread with a line such as "Reading alps.gpx: 12 of 40 MB".
    public init(onProgress: @escaping @Sendable (String) -> Void = { _ in }) {
        progress = onProgress
    }

    /// Asks the work to stop at its next check; what it was writing is left as it was.
    public func stop() { stopped.withLock { $0 = true } }

    public var isStopped: Bool { stopped.withLock { $0 } }

    func report(_ line: String) { progress(line) }

    /// The failure a stopped transfer ends with.
    static func stoppedFailure(_ path: String, _ what: String) -> ExchangeError {
        ExchangeError(.writeFailed, file: path, reason: "\(what) stopped; nothing was changed")
    }
}
