import Foundation
import Testing
import TestSupport
@testable import RoadtripCore
@testable import TripFile

/// Undo keeps what each edit touched, not the list: the previous value of the one trip edited, the
/// trip and position of one added or deleted, a whole list only for an edit it cannot describe.
/// Every step, undo and redo included, is saved, and screens learn which positions changed.
@MainActor
@Suite struct TripRepositoryUndoTests {
    /// Counts saves and keeps nothing, as the real store keeps nothing of what it saved.
    final class CountingStore: TripStore, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var last: [String] = []
        func load() throws -> TripDocument? { nil }
        func save(_ document: TripDocument) throws {
            let names = document.trips.map(\.name)
            lock.withLock {
                count += 1
                last = names
            }
        }
        var saves: Int { lock.withLock { count } }
        var lastNames: [String] { lock.withLock { last } }
    }

    static let original = TripWorkload.trips(count: 6, stops: 5, seed: 31)

    static func address(of trips: [Trip]) -> UnsafeRawPointer? {
        trips.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func renameIsUndoneAndRedoneAndEveryStepSaved() {
        let store = TripStoreDouble(trips: Self.original)
        let repository = TripRepository(store: store, trips: Self.original)
        let id = Self.original[2].id
        #expect(repository.update(tripID: id, "renaming") { $0.name = "Renamed" } == nil)
        #expect(store.trips[2].name == "Renamed")
        #expect(repository.undo() == UndoOutcome(message: "Undid renaming.", isError: false))
        #expect(repository.trips == Self.original)
        #expect(store.trips == Self.original)
        #expect(repository.redo() == UndoOutcome(message: "Redid renaming.", isError: false))
        #expect(
            repository.trips.map(\.name) == Self.original.map(\.name).enumerated().map { $0.offset == 2 ? "Renamed" : $0.element }
        )
        #expect(store.trips == repository.trips)
        #expect(store.saves == 3)
    }

    @Test func reorderedStopsComeBackInTheirOrder() {
        let repository = TripRepository(store: TripStoreDouble(), trips: Self.original)
        let id = Self.original[4].id
        repository.update(tripID: id, "moving") { trip in trip.waypoints.insert(trip.waypoints.remove(at: 0), at: 3) }
        repository.update(tripID: id, "moving") { trip in trip.waypoints.swapAt(1, 4) }
        #expect(repository.trips[4].waypoints != Self.original[4].waypoints)
        _ = repository.undo()
        _ = repository.undo()
        #expect(repository.trips == Self.original)
        _ = repository.redo()
        _ = repository.redo()
        var expected = Self.original[4].waypoints
        expected.insert(expected.remove(at: 0), at: 3)
        expected.swapAt(1, 4)
        #expect(repository.trips[4].waypoints == expected)
        #expect(!repository.canRedo)
    }

    @Test func deletedTripReturnsToItsPosition() {
        let store = TripStoreDouble(trips: Self.original)
        let repository = TripRepository(store: store, trips: Self.original)
        #expect(repository.removeTrip(id: Self.original[1].id, "deleting") == nil)
        #expect(repository.trips.map(\.id) == Self.original.map(\.id).filter { $0 != Self.original[1].id })
        #expect(store.trips.count == 5)
        _ = repository.undo()
        #expect(repository.trips == Self.original)
        #expect(store.trips == Self.original)
        _ = repository.redo()
        #expect(repository.trips.count == 5)
        // Deleting a trip that is gone changes nothing and records nothing.
        let saves = store.saves
        #expect(repository.removeTrip(id: Self.original[1].id) == nil)
        #expect(store.saves == saves)
        _ = repository.undo()
        #expect(repository.trips == Self.original)
    }

    @Test func addedTripIsTakenOutAgain() {
        let repository = TripRepository(store: TripStoreDouble(), trips: Self.original)
        let added = Trip(name: "Added")
        repository.add(added, "adding")
        #expect(repository.trips.last == added)
        #expect(repository.undo().message == "Undid adding.")
        #expect(repository.trips == Self.original)
        #expect(repository.redo().message == "Redid adding.")
        #expect(repository.trips == Self.original + [added])
        #expect(repository.redo().message == "Nothing to redo.")
    }

    @Test func undoThenANewEditDropsTheRedo() {
        let repository = TripRepository(store: TripStoreDouble(), trips: Self.original)
        let id = Self.original[0].id
        repository.update(tripID: id) { $0.name = "one" }
        _ = repository.undo()
        #expect(repository.canRedo)
        repository.update(tripID: id) { $0.name = "two" }
        #expect(!repository.canRedo)
        #expect(repository.redo().message == "Nothing to redo.")
        _ = repository.undo()
        #expect(repository.trips == Self.original)
        #expect(repository.undo().message == "Nothing to undo.")
    }

    @Test func anEditThatChangesNothingIsNotRecorded() {
        let store = TripStoreDouble(trips: Self.original)
        let repository = TripRepository(store: store, trips: Self.original)
        repository.update(tripID: Self.original[3].id) { $0.name = Self.original[3].name }
        repository.perform { _ in }
        #expect(!repository.canUndo)
        #expect(store.saves == 0)
        #expect(repository.revision == 0)
    }

    @Test func wholeListEditsStillUndo() {
        let repository = TripRepository(store: TripStoreDouble(), trips: Self.original)
        repository.perform("sorting") { $0.sort { $0.name > $1.name } }
        repository.perform("clearing") { $0.removeAll() }
        _ = repository.undo()
        #expect(repository.trips == Self.original.sorted { $0.name > $1.name })
        _ = repository.undo()
        #expect(repository.trips == Self.original)
        _ = repository.redo()
        _ = repository.redo()
        #expect(repository.trips.isEmpty)
    }

    @Test func aFailedSaveKeepsTheEditAndItsUndo() {
        let store = TripStoreDouble(trips: Self.original)
        let repository = TripRepository(store: store, trips: Self.original)
        store.failure = "disk full"
        let id = Self.original[5].id
        #expect(repository.update(tripID: id, "renaming") { $0.name = "Kept" }?.contains("disk full") == true)
        #expect(repository.trips[5].name == "Kept")
        let undone = repository.undo()
        #expect(undone.isError)
        #expect(undone.message.hasPrefix("Undid renaming, but Not saved: disk full"))
        #expect(repository.trips == Self.original)
        store.failure = nil
        #expect(repository.redo() == UndoOutcome(message: "Redid renaming.", isError: false))
        #expect(store.trips[5].name == "Kept")
        #expect(repository.lastSaveError == nil)
    }

    @Test func editsToOneTripDoNotCopyTheList() {
        let trips = TripWorkload.trips(count: 300, stops: 3, seed: 5)
        let repository = TripRepository(store: CountingStore(), trips: trips)
        let id = trips[150].id
        repository.update(tripID: id) { $0.name = "first" }  // the list given at the start is shared: one copy
        let list = Self.address(of: repository.trips)
        repository.update(tripID: id) { $0.name = "second" }
        repository.update(tripID: id) { $0.waypoints.reverse() }
        _ = repository.undo()
        _ = repository.redo()
        #expect(Self.address(of: repository.trips) == list)
    }

    @Test func editsToOneTripDoNotCopyTheListWhileSavingInTheBackground() {
        let trips = TripWorkload.trips(count: 300, stops: 3, seed: 6)
        let store = CountingStore()
        let repository = TripRepository(store: store, trips: trips, savingInBackground: { _ in })
        let id = trips[7].id
        repository.update(tripID: id) { $0.name = "first" }
        let list = Self.address(of: repository.trips)
        for n in 0..<20 { repository.update(tripID: id) { $0.name = "edit \(n)" } }
        _ = repository.undo()
        #expect(Self.address(of: repository.trips) == list)
        #expect(repository.flush() == nil)
        #expect(store.lastNames == repository.trips.map(\.name))
    }

    @Test func theSaverReplaysEveryKindOfEditOnItsOwnCopy() throws {
        try withTemporaryFolder { (folder: URL) throws in
            let url = folder.appendingPathComponent("trips.json")
            let repository = TripRepository(store: JSONTripStore(url: url), trips: Self.original, savingInBackground: { _ in })
            repository.update(tripID: Self.original[0].id) { $0.name = "renamed" }
            repository.update(tripID: Self.original[1].id) { $0.waypoints.swapAt(0, 2) }
            repository.removeTrip(id: Self.original[2].id)
            repository.add(Trip(name: "added"))
            _ = repository.undo()
            _ = repository.undo()
            _ = repository.redo()
            repository.perform { $0.reverse() }
            repository.update(tripID: Self.original[3].id) { $0.waypoints.removeLast() }
            #expect(repository.flush() == nil)
            #expect(try JSONTripStore(url: url).load()?.trips == repository.trips)
            _ = repository.undo()
            _ = repository.undo()
            #expect(repository.flush() == nil)
            #expect(try JSONTripStore(url: url).load()?.trips == repository.trips)
        }
    }

    @Test func screensLearnWhichPositionsWereEditedInPlace() {
        let repository = TripRepository(store: TripStoreDouble(), trips: Self.original)
        let start = repository.revision
        repository.update(tripID: Self.original[4].id) { $0.name = "x" }
        repository.update(tripID: Self.original[1].id) { $0.name = "y" }
        #expect(repository.positionsEdited(since: start).map(Array.init) == [4, 1])
        let middle = repository.revision
        _ = repository.undo()
        #expect(repository.positionsEdited(since: middle).map(Array.init) == [1])
        #expect(repository.positionsEdited(since: repository.revision).map(Array.init) == [])
        // Positions move when a trip is added or deleted: readers from before start over.
        let beforeAdd = repository.revision
        repository.add(Trip(name: "z"))
        #expect(repository.positionsEdited(since: beforeAdd) == nil)
        #expect(repository.positionsEdited(since: start) == nil)
        let afterAdd = repository.revision
        _ = repository.undo()
        #expect(repository.positionsEdited(since: afterAdd) == nil)
    }
}

@Suite struct EditJournalTests {
    @Test func aReaderTooFarBehindStartsOver() {
        var journal = EditJournal(limit: 8)
        let trip = Trip(name: "t")
        for n in 0..<8 { journal.record(.replace(index: n, trip: trip)) }
        #expect(journal.positionsEdited(since: 0).map(Array.init) == Array(0..<8))
        journal.record(.replace(index: 8, trip: trip))
        #expect(journal.positionsEdited(since: 0) == nil)
        #expect(journal.positionsEdited(since: 4).map(Array.init) == [4, 5, 6, 7, 8])
        #expect(journal.positionsEdited(since: 99) == nil)
    }

    @Test func editsAndTheirInversesRoundTrip() {
        let a = Trip(name: "a"), b = Trip(name: "b"), c = Trip(name: "c")
        var trips = [a, b]
        let edits: [TripEdit] = [
            .replace(index: 1, trip: c), .insert(index: 0, trip: c), .remove(index: 2), .replaceAll(trips: [b])
        ]
        var inverses: [TripEdit] = []
        var states = [trips]
        for edit in edits {
            inverses.append(edit.apply(to: &trips))
            states.append(trips)
        }
        #expect(states.map { $0.map(\.name) } == [["a", "b"], ["a", "c"], ["c", "a", "c"], ["c", "a"], ["b"]])
        for (inverse, state) in zip(inverses.reversed(), states.dropLast().reversed()) {
            inverse.apply(to: &trips)
            #expect(trips == state)
        }
    }
}
