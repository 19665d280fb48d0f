import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// Saving off the key path: the newest snapshot wins, every write is whole, errors come back.
@MainActor
@Suite struct BackgroundSavingTests {
    /// A store whose writes wait at a gate, so a test can pile up edits behind a slow write.
    final class GatedStore: TripStore, @unchecked Sendable {
        private let lock = NSLock()
        private var saved: [TripDocument] = []
        private let gate = DispatchSemaphore(value: 0)
        private let entered = DispatchSemaphore(value: 0)
        var failure: String?

        func load() throws -> TripDocument? { nil }

        func save(_ document: TripDocument) throws {
            entered.signal()
            gate.wait()
            if let failure = lock.withLock({ failure }) {
                throw TripStoreError(kind: .writeFailed, path: "/gated.json", reason: failure)
            }
            lock.withLock { saved.append(document) }
        }

        /// Blocks until a write has started.
        func waitForWriteToStart() { entered.wait() }
        func open(times: Int) { for _ in 0..<times { gate.signal() } }
        var saves: [TripDocument] { lock.withLock { saved } }
    }

    /// Work posted to the "main actor", run when the test says so, as the run loop would between keys.
    final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [@MainActor @Sendable () -> Void] = []
        func post(_ work: @escaping @MainActor @Sendable () -> Void) { lock.withLock { items.append(work) } }
        @MainActor func run() {
            for item in lock.withLock({
                let i = items
                items = []
                return i
            }) { item() }
        }
        var count: Int { lock.withLock { items.count } }
    }

    static func named(_ names: String...) -> [Trip] { names.map { Trip(name: $0) } }

    @Test func editsReturnAtOnceAndOnlyTheNewestWaitingSnapshotIsWritten() throws {
        let store = GatedStore()
        let inbox = Inbox()
        let repository = TripRepository(store: store, trips: [], savingInBackground: inbox.post)
        #expect(repository.perform { $0 = Self.named("one") } == nil)
        store.waitForWriteToStart()
        // The first write is stuck at the gate; these three edits return without waiting for it.
        repository.perform { $0 = Self.named("two") }
        repository.perform { $0 = Self.named("three") }
        repository.perform { $0 = Self.named("four") }
        store.open(times: 2)
        #expect(repository.flush() == nil)
        #expect(store.saves.map { $0.trips.map(\.name) } == [["one"], ["four"]])
    }

    @Test func undoAndRedoAreSavedInTheBackgroundToo() {
        let store = GatedStore()
        store.open(times: 10)
        let repository = TripRepository(store: store, trips: Self.named("a"), savingInBackground: { _ in })
        repository.perform { $0.append(Trip(name: "b")) }
        #expect(repository.flush() == nil)
        _ = repository.undo()
        #expect(repository.flush() == nil)
        #expect(store.saves.last?.trips.map(\.name) == ["a"])
        _ = repository.redo()
        #expect(repository.flush() == nil)
        #expect(store.saves.last?.trips.map(\.name) == ["a", "b"])
    }

    @Test func aFailedWriteComesBackToTheMainActorAndTheNextEditSeesIt() throws {
        let store = GatedStore()
        store.failure = "disk full"
        let inbox = Inbox()
        let repository = TripRepository(store: store, trips: [], savingInBackground: inbox.post)
        #expect(repository.perform { $0 = Self.named("lost?") } == nil)
        store.open(times: 1)
        // The outcome arrives through the run loop's inbox, not on the saver's thread.
        while inbox.count == 0 { usleep(1000) }
        #expect(repository.lastSaveError == nil)
        inbox.run()
        #expect(repository.lastSaveError?.contains("disk full") == true)
        #expect(repository.trips.map(\.name) == ["lost?"])  // nothing typed is lost
        // The next edit reports the failure it knows of, and a good write clears it.
        store.failure = nil
        #expect(repository.perform { $0.append(Trip(name: "again")) }?.contains("disk full") == true)
        store.open(times: 1)
        #expect(repository.flush() == nil)
        #expect(repository.lastSaveError == nil)
        #expect(store.saves.last?.trips.map(\.name) == ["lost?", "again"])
    }

    @Test func lateReportsDoNotOverwriteNewerOutcomes() {
        let store = GatedStore()
        store.failure = "read-only"
        let inbox = Inbox()
        let repository = TripRepository(store: store, trips: [], savingInBackground: inbox.post)
        repository.perform { $0 = Self.named("x") }
        store.open(times: 1)
        #expect(repository.flush()?.contains("read-only") == true)
        store.failure = nil
        repository.perform { $0 = Self.named("y") }
        store.open(times: 1)
        #expect(repository.flush() == nil)
        inbox.run()  // the first write's failure arrives after the second write's success
        #expect(repository.lastSaveError == nil)
    }

    @Test func writesRealFilesAtomicallyAndFlushLeavesTheNewestOnDisk() throws {
        try withTemporaryFolder { (folder: URL) throws in
            let url = folder.appendingPathComponent("trips.json")
            let store = JSONTripStore(url: url)
            let repository = TripRepository(store: store, trips: [], savingInBackground: { _ in })
            for n in 0..<50 {
                repository.perform { $0.append(contentsOf: TripWorkload.trips(count: 1, stops: 5, seed: UInt64(n))) }
            }
            #expect(repository.flush() == nil)
            #expect(try JSONTripStore(url: url).load()?.trips == repository.trips)
            #expect(try Data(contentsOf: url) == TripDocumentCodec.encode(TripDocument(trips: repository.trips)))
            #expect(strayFiles(in: folder).isEmpty)
            #expect(mode(of: url) == 0o600)
        }
    }

    @Test func aRefusedFileIsNeverOverwrittenFromTheBackground() throws {
        try withTemporaryFolder { (folder: URL) throws in
            let url = folder.appendingPathComponent("trips.json")
            try Data("{ broken".utf8).write(to: url)
            let store = JSONTripStore(url: url)
            #expect(throws: TripStoreError.self) { try store.load() }
            let repository = TripRepository(store: store, trips: [], savingInBackground: { _ in })
            repository.perform { $0 = Self.named("new") }
            #expect(repository.flush()?.contains("not saved over a file that could not be loaded") == true)
            #expect(try Data(contentsOf: url) == Data("{ broken".utf8))
        }
    }

    @Test func synchronousSavingStaysTheDefault() {
        let store = GatedStore()
        store.open(times: 1)
        let repository = TripRepository(store: store, trips: [])
        repository.perform { $0 = Self.named("now") }
        // No flush: the synchronous repository has written before perform returned.
        #expect(store.saves.map { $0.trips.map(\.name) } == [["now"]])
        #expect(repository.flush() == nil)
    }
}
