import Foundation

/// Writes trip documents on a background queue so an edit never waits for the disk.
///
/// Snapshots coalesce: while one write is under way, only the newest snapshot handed in waits
/// for the next, so a burst of edits costs at most two writes and the file always ends with the
/// latest trips. Every write still goes through the store, atomically. `flush()` waits until
/// everything handed in is on disk, for quitting and for tests.
final class BackgroundSaver: @unchecked Sendable {
    /// The outcome of one write: nil when saved, else the one-line reason; `sequence` orders them.
    typealias Report = @Sendable (_ sequence: Int, _ error: String?) -> Void

    private let store: any TripStore & Sendable
    private let report: Report
    private let queue = DispatchQueue(label: "roadtrip.background-saver")
    // Guarded by `lock`.
    private let lock = NSLock()
    private var pending: (sequence: Int, document: TripDocument)?
    private var drainScheduled = false
    private var submitted = 0
    private var lastOutcome: (sequence: Int, error: String?) = (0, nil)

    init(store: any TripStore & Sendable, report: @escaping Report) {
        self.store = store
        self.report = report
    }

    /// Queues `document` to be written, replacing any snapshot still waiting; returns its sequence number.
    @discardableResult
    func submit(_ document: TripDocument) -> Int {
        lock.lock()
        submitted += 1
        let sequence = submitted
        pending = (sequence, document)
        let schedule = !drainScheduled
        drainScheduled = true
        lock.unlock()
        if schedule { queue.async { self.drain() } }
        return sequence
    }

    /// Waits until every document handed in so far is written; returns the last write's outcome.
    func flush() -> (sequence: Int, error: String?) {
        queue.sync { drain() }
        return lock.withLock { lastOutcome }
    }

    /// Writes waiting snapshots until none is left. Runs only on `queue`.
    private func drain() {
        while true {
            lock.lock()
            guard let next = pending else {
                drainScheduled = false
                lock.unlock()
                return
            }
            pending = nil
            lock.unlock()
            let outcome: String?
            do {
                try store.save(next.document)
                outcome = nil
            } catch {
                outcome = TripRepository.saveFailure(error)
            }
            lock.withLock { lastOutcome = (next.sequence, outcome) }
            report(next.sequence, outcome)
        }
    }
}
