import Foundation

/// Writes the trips on a background queue so an edit never waits for the disk.
///
/// The saver keeps its own copy of the list and is handed each edit as it is made in memory;
/// before a write it replays the edits that arrived, in order, on that copy. The main actor's
/// list is then never shared with a write under way, so editing one trip of thousands never
/// copies the list. Edits coalesce: while one write is under way, those handed in wait, and the
/// next write takes them all, so a burst of edits costs at most two writes and the file always
/// ends with the latest trips. Every write still goes through the store, atomically. `flush()`
/// waits until everything handed in is on disk, for quitting and for tests.
final class BackgroundSaver: @unchecked Sendable {
    // @unchecked: `trips` is used only on `queue`, `pending` only under `lock`; the store is Sendable.
    /// The outcome of one write: nil when saved, else the one-line reason; `sequence` orders them.
    /// `external` is what the write did about another program's change to the file, if anything.
    typealias Report = @Sendable (_ sequence: Int, _ error: String?, _ external: ExternalChange?) -> Void

    private let store: any TripStore & Sendable
    private let report: Report
    private let queue = DispatchQueue(label: "roadtrip.background-saver")
    /// The trips as the edits taken so far leave them. Used only on `queue`.
    private var trips: [Trip]
    // Guarded by `lock`.
    private let lock = NSLock()
    /// Edits handed in and not yet taken by a write, and the sequence number of the last of them.
    private var pending: [TripEdit] = []
    private var pendingSequence = 0
    private var drainScheduled = false
    /// Set by `retry`: the next drain writes even with no edit waiting.
    private var writeAgain = false
    private var submitted = 0
    private var lastOutcome: (sequence: Int, error: String?) = (0, nil)

    /// A saver whose copy starts as `trips`, the list the edits will be made on.
    init(store: any TripStore & Sendable, trips: [Trip], report: @escaping Report) {
        self.store = store
        self.trips = trips
        self.report = report
    }

    /// Queues `edit`, just made on the main actor's list, to be made on the saver's copy and
    /// written; returns its sequence number.
    @discardableResult
    func submit(_ edit: TripEdit) -> Int {
        enqueue {
            // A whole new list makes the edits before it moot.
            if case .replaceAll = edit { pending.removeAll() }
            pending.append(edit)
        }
    }

    /// Writes the trips again as a write of its own, after a failed write (the disk may have room
    /// now); returns its sequence number.
    @discardableResult
    func retry() -> Int {
        enqueue { writeAgain = true }
    }

    /// Numbers a write, records what it is to do (under the lock) and makes sure a drain will run.
    private func enqueue(_ record: () -> Void) -> Int {
        lock.lock()
        submitted += 1
        let sequence = submitted
        record()
        pendingSequence = sequence
        let schedule = !drainScheduled
        drainScheduled = true
        lock.unlock()
        if schedule { queue.async { self.drain() } }
        return sequence
    }

    /// Waits until every edit handed in so far is written; returns the last write's outcome.
    func flush() -> (sequence: Int, error: String?) {
        queue.sync { drain() }
        return lock.withLock { lastOutcome }
    }

    /// Makes and writes waiting edits until none is left. Runs only on `queue`.
    private func drain() {
        while true {
            lock.lock()
            guard !pending.isEmpty || writeAgain else {
                drainScheduled = false
                lock.unlock()
                return
            }
            let edits = pending, sequence = pendingSequence
            pending = []
            writeAgain = false
            lock.unlock()
            for edit in edits { edit.apply(to: &trips) }
            let outcome: String?
            var external: ExternalChange?
            do {
                try store.save(TripDocument(trips: trips))
                outcome = nil
                external = store.takeExternalChange()
                // The file now holds the merge: later edits are made on it, not on the old copy.
                if let merged = external?.trips { trips = merged }
            } catch {
                outcome = TripRepository.saveFailure(error)
            }
            lock.withLock { lastOutcome = (sequence, outcome) }
            report(sequence, outcome, external)
        }
    }
}
