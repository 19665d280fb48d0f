import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// Real disk faults under the full app: a full tmpfs, a read-only folder, a folder where the file was.
///
/// Each time the edit is refused on the status line, the file on disk stays byte for byte, the
/// edit stays on screen, and a later save writes it once the fault is gone.
@MainActor
@Suite(.serialized) struct DiskFaultTests {
    static let needsMount = "needs root with CAP_SYS_ADMIN to mount a tmpfs or a read-only bind mount"

    @Test(.enabled(if: ScratchMount.available, Comment(rawValue: needsMount)))
    func fullDiskRefusesTheEditKeepsItAndSavesOnceSpaceIsBack() throws {
        let mount = try ScratchMount.tmpfs(size: "64k")
        defer { mount.unmount() }
        let file = mount.folder.appendingPathComponent("trips.json")
        try JSONTripStore(url: file).save(TripDocument(trips: ReliabilityFixtures.trips()))
        let before = try #require(FileManager.default.contents(atPath: file.path))
        let app = ReliabilityApp(dataFile: file, trips: ReliabilityFixtures.trips())

        let filler = fillUp(mount.folder)
        app.renameSelected(to: "Alps in winter")
        #expect(app.statusLine.contains("Not saved: No space left on device"), "\(app.statusLine)")
        #expect(FileManager.default.contents(atPath: file.path) == before)
        #expect(app.harness.shows("Alps in winter"))
        #expect(leftovers(in: mount.folder).isEmpty)

        try FileManager.default.removeItem(at: filler)
        app.harness.type("a")
        app.harness.send(.ctrl("u"))
        app.harness.type("Later")
        app.harness.send(.enter)
        let saved = try #require(try JSONTripStore(url: file).load())
        #expect(saved.trips.map(\.name).sorted() == ["Alps in winter", "Later"])
        #expect(app.repository.lastSaveError == nil)
    }

    @Test(.enabled(if: ScratchMount.available, Comment(rawValue: needsMount)))
    func readOnlyFolderRefusesTheEditAndSavesOnceWritable() throws {
        try withTemporaryFolder { source in
            let file = source.appendingPathComponent("trips.json")
            try JSONTripStore(url: file).save(TripDocument(trips: ReliabilityFixtures.trips()))
            let view = try ScratchMount.readOnlyView(of: source)
            defer { view.unmount() }
            let viewed = view.folder.appendingPathComponent("trips.json")
            let before = try #require(FileManager.default.contents(atPath: file.path))
            let app = ReliabilityApp(dataFile: viewed, trips: ReliabilityFixtures.trips())

            app.renameSelected(to: "Alps, read-only")
            #expect(app.statusLine.contains("Not saved: Read-only file system"), "\(app.statusLine)")
            #expect(FileManager.default.contents(atPath: file.path) == before)
            #expect(app.harness.shows("Alps, read-only"))

            try ScratchMount.run("/bin/mount", "-o", "remount,bind,rw", view.folder.path)
            app.renameSelected(to: "Alps, writable")
            #expect(app.repository.lastSaveError == nil)
            #expect(try JSONTripStore(url: file).load()?.trips.first?.name == "Alps, writable")
        }
    }

    @Test func folderInPlaceOfTheFileRefusesTheEditAndSavesOnceGone() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: file).save(TripDocument(trips: ReliabilityFixtures.trips()))
            let app = ReliabilityApp(dataFile: file, trips: ReliabilityFixtures.trips())
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: file.appendingPathComponent("inside"))

            app.renameSelected(to: "Alps, blocked")
            #expect(app.statusLine.contains("Not saved: is not a regular file"), "\(app.statusLine)")
            #expect(try String(contentsOf: file.appendingPathComponent("inside"), encoding: .utf8) == "keep")
            #expect(app.harness.shows("Alps, blocked"))

            try FileManager.default.removeItem(at: file)
            app.renameSelected(to: "Alps, unblocked")
            #expect(try JSONTripStore(url: file).load()?.trips.first?.name == "Alps, unblocked")
        }
    }

    /// Temporary files a failed save left behind (there must be none).
    private func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".trips.json.tmp-") }
    }
}
