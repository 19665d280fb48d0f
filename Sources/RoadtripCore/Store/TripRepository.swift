import Foundation

/// The trips in memory, saved through a `TripStore` after every edit, with undo and redo.
///
/// Interactors of every screen share one repository, so an edit made on one screen is
/// what the next screen sees, and `u` on any screen undoes the last edit wherever it was
/// made. A failed save keeps the edit in memory (nothing typed is lost) and reports the
/// reason; the next successful save writes it.
///
/// Saving is synchronous by default (the command line, tests). The full-screen app saves in
/// the background instead, so a key never waits for the disk: each edit hands a snapshot to a
/// `BackgroundSaver`, and the outcome comes back to the main actor through `post`.
@MainActor
public final class TripRepository {
    public private(set) var trips: [Trip]
    private let store: TripStore
    /// The reason the last save failed, or nil after a good save. In the background mode, the
    /// outcome of the last write that has finished.
    public private(set) var lastSaveError: String?
    private var history = EditHistory()
    private var saver: BackgroundSaver?
    /// The newest write whose outcome `lastSaveError` shows, so late reports cannot undo newer ones.
    private var reportedSequence = 0

    /// A repository that saves each edit before returning.
    public init(store: TripStore, trips: [Trip]) {
        self.store = store
        self.trips = trips
    }

    /// A repository that saves each edit in the background; `post` runs work on the main actor
    /// (the run loop's `Application.post`), and brings back each write's outcome.
    /// Call `flush()` before the process ends.
    public init(store: any TripStore & Sendable, trips: [Trip],
                savingInBackground post: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void) {
        self.store = store
        self.trips = trips
        saver = BackgroundSaver(store: store) { [weak self] sequence, error in
            post { self?.record(sequence: sequence, error: error) }
        }
    }

    /// Waits until every edit is on disk (a no-op when saving synchronously).
    /// Returns nil when the trips are saved, else the one-line reason.
    @discardableResult
    public func flush() -> String? {
        guard let saver else { return lastSaveError }
        let outcome = saver.flush()
        record(sequence: outcome.sequence, error: outcome.error)
        return lastSaveError
    }

    /// The status line for a failed save, in the foreground or the background.
    nonisolated static func saveFailure(_ error: any Error) -> String {
        guard let error = error as? TripStoreError else { return "Not saved: \(error)" }
        // The reason first: on a narrow status line it is what must show; the file comes after.
        let reason = error.reason.hasPrefix("not saved: ") ? String(error.reason.dropFirst(11)) : error.reason
        return "Not saved: \(reason) (\(error.path))"
    }

    private func record(sequence: Int, error: String?) {
        guard sequence >= reportedSequence else { return }
        reportedSequence = sequence
        lastSaveError = error
    }

    public func trip(id: Trip.ID) -> Trip? { trips.first { $0.id == id } }

    /// Applies `edit`, records it for undo as `label` ("rename “Alps”"), and saves.
    /// Returns nil when saved, else the one-line reason.
    @discardableResult
    public func perform(_ label: String = "edit", _ edit: (inout [Trip]) -> Void) -> String? {
        let before = trips
        edit(&trips)
        guard trips != before else { return lastSaveError }
        history.record(label, before: before)
        return save()
    }

    /// Applies `edit` to one trip, records it for undo, and saves.
    @discardableResult
    public func update(tripID: Trip.ID, _ label: String = "edit", _ edit: (inout Trip) -> Void) -> String? {
        guard trips.contains(where: { $0.id == tripID }) else { return "That trip no longer exists." }
        return perform(label) { trips in
            if let i = trips.firstIndex(where: { $0.id == tripID }) { edit(&trips[i]) }
        }
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Undoes the last edit and saves; returns the status line to show.
    public func undo() -> UndoOutcome {
        guard let (label, previous) = history.undo(current: trips) else {
            return UndoOutcome(message: "Nothing to undo.", isError: false)
        }
        trips = previous
        if let error = save() { return UndoOutcome(message: "Undid \(label), but \(error)", isError: true) }
        return UndoOutcome(message: "Undid \(label).", isError: false)
    }

    /// Redoes the last undone edit and saves; returns the status line to show.
    public func redo() -> UndoOutcome {
        guard let (label, next) = history.redo(current: trips) else {
            return UndoOutcome(message: "Nothing to redo.", isError: false)
        }
        trips = next
        if let error = save() { return UndoOutcome(message: "Redid \(label), but \(error)", isError: true) }
        return UndoOutcome(message: "Redid \(label).", isError: false)
    }

    /// Writes the current trips. Returns nil when saved, else the one-line reason; in the
    /// background mode the write is queued and the result is that of the last finished write.
    @discardableResult
    public func save() -> String? {
        if let saver {
            saver.submit(TripDocument(trips: trips))
            return lastSaveError
        }
        do {
            try store.save(TripDocument(trips: trips))
            lastSaveError = nil
        } catch {
            lastSaveError = Self.saveFailure(error)
        }
        return lastSaveError
    }
}

/// What undo or redo did, for the status line.
public struct UndoOutcome: Equatable, Sendable {
    public var message: String
    public var isError: Bool

    public init(message: String, isError: Bool) {
        self.message = message
        self.isError = isError
    }
}

/// Whole-list snapshots before each edit; trips are values, so a snapshot shares storage until changed.
struct EditHistory {
    private var undoStack: [(label: String, trips: [Trip])] = []
    private var redoStack: [(label: String, trips: [Trip])] = []

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    mutating func record(_ label: String, before: [Trip]) {
        undoStack.append((label, before))
        redoStack.removeAll()
    }

    mutating func undo(current: [Trip]) -> (String, [Trip])? {
        guard let last = undoStack.popLast() else { return nil }
        redoStack.append((last.label, current))
        return (last.label, last.trips)
    }

    mutating func redo(current: [Trip]) -> (String, [Trip])? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append((next.label, current))
        return (next.label, next.trips)
    }
}
