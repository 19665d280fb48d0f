import Foundation

/// The trips in memory, saved through a `TripStore` after every edit, with undo and redo.
///
/// Interactors of every screen share one repository, so an edit made on one screen is
/// what the next screen sees, and `u` on any screen undoes the last edit wherever it was
/// made. A failed save keeps the edit in memory (nothing typed is lost) and reports the
/// reason; the next successful save writes it.
///
/// Saving is synchronous by default (the command line, tests). The full-screen app saves in
/// the background instead, so a key never waits for the disk: each edit goes to a
/// `BackgroundSaver`, which makes it on a copy of its own and writes that; the outcome comes back
/// to the main actor through `post`. Every edit is a `TripEdit`: the same value is made here,
/// replayed by the saver, and kept reversed for undo, so an edit to one trip of thousands costs
/// that trip, not the list.
@MainActor
public final class TripRepository {
    public private(set) var trips: [Trip]
    private let store: TripStore
    /// The reason the last save failed, or nil after a good save. In the background mode, the
    /// outcome of the last write that has finished.
    public private(set) var lastSaveError: String?
    private var history = EditHistory()
    private var journal = EditJournal()
    private var saver: BackgroundSaver?
    /// The newest write whose outcome `lastSaveError` shows, so late reports cannot undo newer ones.
    private var reportedSequence = 0
    /// Told on the main actor whenever `lastSaveError` changes, so the screen on top says so at once.
    private var saveObservers: [(owner: Weak, tell: @MainActor (SaveNews) -> Void)] = []
    /// Runs work on the main actor (background mode).
    private var post: (@Sendable (@escaping @MainActor @Sendable () -> Void) -> Void)?
    /// How long after a failed write it is tried again; the edits wait in memory meanwhile.
    public var retryDelay: TimeInterval = 2
    private var retryScheduled = false

    /// A repository that saves each edit before returning.
    public init(store: TripStore, trips: [Trip]) {
        self.store = store
        self.trips = trips
    }

    /// A repository that saves each edit in the background; `post` runs work on the main actor
    /// (the run loop's `Application.post`), and brings back each write's outcome.
    /// Call `flush()` before the process ends.
    public init(
        store: any TripStore & Sendable, trips: [Trip],
        savingInBackground post: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        self.store = store
        self.trips = trips
        self.post = post
        let owner = WeakRepository(self)
        saver = BackgroundSaver(store: store, trips: trips) { sequence, error, external in
            post {
                if let external { owner.repository?.takeExternal(external) }
                owner.repository?.record(sequence: sequence, error: error)
            }
        }
    }

    /// Calls `observer` on the main actor with news of the saves, for as long as `owner` lives: a
    /// write failed, the trips are on disk again, or another program's change to the file was taken in.
    public func observeSaveState(owner: AnyObject, _ observer: @escaping @MainActor (SaveNews) -> Void) {
        saveObservers.removeAll { $0.owner.object == nil }
        saveObservers.append((Weak(owner), observer))
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
        let changed = lastSaveError != error
        lastSaveError = error
        if changed { tell(error.map(SaveNews.failed) ?? .savedAgain) }
        if error != nil { scheduleRetry() }
    }

    private func tell(_ news: SaveNews) {
        for observer in saveObservers where observer.owner.object != nil { observer.tell(news) }
    }

    /// Another program changed the file and the save merged its trips in: the trips shown become
    /// the merge. Undo starts again from here, since undoing an older edit could undo theirs.
    private func takeExternal(_ change: ExternalChange) {
        if let merged = change.trips, merged != trips {
            let edit = TripEdit.replaceAll(trips: merged)
            _ = edit.apply(to: &trips)
            journal.record(edit)
            history = EditHistory()
        }
        tell(.changedElsewhere(change.notice))
    }

    /// Tries a failed write again after `retryDelay`, until one succeeds.
    private func scheduleRetry() {
        guard let post, let saver, !retryScheduled else { return }
        retryScheduled = true
        let owner = WeakRepository(self)
        DispatchQueue.global().asyncAfter(deadline: .now() + retryDelay) {
            post {
                guard let repository = owner.repository else { return }
                repository.retryScheduled = false
                if repository.lastSaveError != nil { saver.retry() }
            }
        }
    }

    public func trip(id: Trip.ID) -> Trip? { trips.first { $0.id == id } }

    /// Counts edits, undo and redo included: a screen that keeps something per trip remembers
    /// the revision it has seen and asks `positionsEdited(since:)` what changed after it.
    public var revision: Int { journal.revision }

    /// The positions of the trips edited in place after `revision` (oldest first, repeats kept), or
    /// nil when trips were added, removed or replaced wholesale since, or the revision is too old to
    /// know: the caller then rereads the whole list.
    public func positionsEdited(since revision: Int) -> ArraySlice<Int>? {
        journal.positionsEdited(since: revision)
    }

    /// Applies `edit`, records it for undo as `label` ("rename “Alps”"), and saves.
    /// Returns nil when saved, else the one-line reason.
    ///
    /// The edit may do anything to the list, so undo keeps the whole previous list; edits to one
    /// trip, and adding or deleting one, go through `update`, `add` and `removeTrip` instead.
    @discardableResult
    public func perform(_ label: String = "edit", _ edit: (inout [Trip]) -> Void) -> String? {
        var edited = trips
        edit(&edited)
        guard edited != trips else { return lastSaveError }
        return commit(label, .replaceAll(trips: edited))
    }

    /// Applies `edit` to one trip, records it for undo, and saves.
    @discardableResult
    public func update(tripID: Trip.ID, _ label: String = "edit", _ edit: (inout Trip) -> Void) -> String? {
        guard let index = trips.firstIndex(where: { $0.id == tripID }) else { return "That trip no longer exists." }
        var trip = trips[index]
        edit(&trip)
        guard trip != trips[index] else { return lastSaveError }
        // An example edited is the person's own from now on, and saved; undo makes it an example again.
        trip.isExample = false
        return commit(label, .replace(index: index, trip: trip))
    }

    /// Adds `trip` at the end of the list, records it for undo, and saves.
    @discardableResult
    public func add(_ trip: Trip, _ label: String = "edit") -> String? {
        commit(label, .insert(index: trips.count, trip: trip))
    }

    /// Deletes the trip with `tripID`, records it for undo, and saves; no trip with that id is no edit.
    @discardableResult
    public func removeTrip(id tripID: Trip.ID, _ label: String = "edit") -> String? {
        guard let index = trips.firstIndex(where: { $0.id == tripID }) else { return lastSaveError }
        return commit(label, .remove(index: index))
    }

    var canUndo: Bool { history.canUndo }
    var canRedo: Bool { history.canRedo }

    /// Undoes the last edit and saves; returns the status line to show.
    public func undo() -> UndoOutcome {
        guard let label = history.undo(apply) else {
            return UndoOutcome(message: "Nothing to undo.", isError: false)
        }
        if let error = save() { return UndoOutcome(message: "Undid \(label), but \(error)", isError: true) }
        return UndoOutcome(message: "Undid \(label).", isError: false)
    }

    /// Redoes the last undone edit and saves; returns the status line to show.
    public func redo() -> UndoOutcome {
        guard let label = history.redo(apply) else {
            return UndoOutcome(message: "Nothing to redo.", isError: false)
        }
        if let error = save() { return UndoOutcome(message: "Redid \(label), but \(error)", isError: true) }
        return UndoOutcome(message: "Redid \(label).", isError: false)
    }

    /// Makes a new edit, keeps its inverse for undo, and saves.
    private func commit(_ label: String, _ edit: TripEdit) -> String? {
        history.record(label, reversedBy: apply(edit))
        return save()
    }

    /// Makes `edit` on the trips, notes it for the screens and the background saver, and returns its inverse.
    private func apply(_ edit: TripEdit) -> TripEdit {
        let inverse = edit.apply(to: &trips)
        journal.record(edit)
        saver?.submit(edit)
        return inverse
    }

    /// Writes the current trips. Returns nil when saved, else the one-line reason; in the
    /// background mode the edits are already queued and the result is that of the last finished write.
    private func save() -> String? {
        if saver != nil { return lastSaveError }
        do {
            try store.save(TripDocument(trips: trips))
            lastSaveError = nil
        } catch {
            lastSaveError = Self.saveFailure(error)
        }
        return lastSaveError
    }
}

/// What happened to the saves, for the status line.
public enum SaveNews: Equatable, Sendable {
    /// A write failed; the edits are in memory and the write will be tried again.
    case failed(String)
    /// After a failure, every edit is on disk again.
    case savedAgain
    /// Another program changed the file; what the save did about it.
    case changedElsewhere(String)
}

/// The repository, for work posted back to the main actor, without keeping it alive.
private final class WeakRepository: @unchecked Sendable {
    // @unchecked: read only on the main actor, in the work `post` runs there.
    weak var repository: TripRepository?
    init(_ repository: TripRepository) { self.repository = repository }
}

/// A reference that does not keep its object alive.
private struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// What undo or redo did, for the status line.
public struct UndoOutcome: Equatable, Sendable {
    public var message: String
    public var isError: Bool
}
