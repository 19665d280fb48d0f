import Foundation

/// The trips in memory, saved through a `TripStore` after every edit, with undo and redo.
///
/// Interactors of every screen share one repository, so an edit made on one screen is
/// what the next screen sees, and `u` on any screen undoes the last edit wherever it was
/// made. A failed save keeps the edit in memory (nothing typed is lost) and reports the
/// reason; the next successful save writes it.
@MainActor
public final class TripRepository {
    public private(set) var trips: [Trip]
    private let store: TripStore
    /// The reason the last save failed, or nil after a good save.
    public private(set) var lastSaveError: String?
    private var history = EditHistory()

    public init(store: TripStore, trips: [Trip]) {
        self.store = store
        self.trips = trips
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

    /// Writes the current trips. Returns nil when saved, else the one-line reason.
    @discardableResult
    public func save() -> String? {
        do {
            try store.save(TripDocument(trips: trips))
            lastSaveError = nil
        } catch let error as TripStoreError {
            // The reason first: on a narrow status line it is what must show; the file comes after.
            let reason = error.reason.hasPrefix("not saved: ") ? String(error.reason.dropFirst(11)) : error.reason
            lastSaveError = "Not saved: \(reason) (\(error.path))"
        } catch {
            lastSaveError = "Not saved: \(error)"
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
