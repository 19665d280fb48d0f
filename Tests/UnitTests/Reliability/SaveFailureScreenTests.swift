import Foundation
import RoadtripCore
import Testing
import TestSupport
@testable import TermUI

/// A planner whose disk refuses writes: the status line says so at once, the edit stays in memory,
/// the write is tried again until it goes through, and quitting asks first while anything is unsaved.
@MainActor
@Suite struct SaveFailureScreenTests {
    /// A store in memory whose writes fail while `failure` is set; safe to use from the saver's queue.
    final class FlakyStore: TripStore, @unchecked Sendable {
        private let lock = NSLock()
        private var document: TripDocument?
        private var reason: String?
        private var attempts = 0

        init(trips: [Trip]) { document = TripDocument(trips: trips) }

        func load() throws -> TripDocument? { lock.withLock { document } }

        func save(_ document: TripDocument) throws {
            try lock.withLock {
                attempts += 1
                if let reason { throw TripStoreError(kind: .writeFailed, path: "/full/trips.json", reason: reason) }
                self.document = document
            }
        }

        var failure: String? {
            get { lock.withLock { reason } }
            set { lock.withLock { reason = newValue } }
        }
        var names: [String] { lock.withLock { document?.trips.map(\.name) ?? [] } }
        var writes: Int { lock.withLock { attempts } }
    }

    /// Runs the loop's background deliveries until `text` shows, as the app does between keys.
    func wait(for text: String, in harness: ScreenHarness) {
        let deadline = Date().addingTimeInterval(10)
        while !harness.shows(text), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            harness.app.drainInbox()
            harness.app.render()
        }
        #expect(harness.shows(text), "“\(text)” never showed:\n\(harness.screen)")
    }

    @Test func aFailedSaveIsSaidRetriedAndGuardsQuitting() {
        let store = FlakyStore(trips: [Fixtures.france()])
        store.failure = "no space left on device"
        let harness = ScreenHarness(width: 120, height: 24)
        let repository = TripRepository(store: store, trips: [Fixtures.france()], savingInBackground: harness.app.post)
        repository.retryDelay = 0.05
        harness.pushPlanner(repository: repository)

        harness.type("r")
        harness.send(.ctrl("u"))
        harness.type("Loire")
        harness.send(.enter)
        wait(for: "Not saved: no space left on device", in: harness)
        #expect(repository.trips.map(\.name) == ["Loire"])
        #expect(store.names == ["Tour de France"])

        // Quitting now would lose the edit: the app asks, and n keeps it running.
        harness.type("q")
        #expect(harness.shows("Quit and lose the unsaved edits?"))
        harness.type("n")
        #expect(harness.app.isRunning)

        // The disk has room again: the next retry writes the edit and says so.
        let before = store.writes
        store.failure = nil
        wait(for: "Saved: every edit is on disk again.", in: harness)
        #expect(store.writes > before)
        #expect(store.names == ["Loire"])
        harness.type("q")
        #expect(!harness.app.isRunning)
    }
}
