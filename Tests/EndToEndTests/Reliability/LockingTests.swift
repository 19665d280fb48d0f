import Foundation
import RoadtripCore
import Testing
import TestSupport

/// No write and no clean-up without the data file's lock: a reader leaves another roadtrip's save
/// alone, and where the lock cannot be taken at all, nothing is written and the reason is said.
@Suite(.serialized) struct LockingTests {
    @Test func aReaderNeverRemovesTheSaveAnotherRoadtripIsMaking() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        // The planner holds the lock and is writing its temporary file.
        let planner = try DataFileLock.acquire(for: sandbox.dataURL, role: .fullScreen)
        defer { planner.release() }
        let saving = sandbox.file(".trips.json.tmp-inflight")
        try Data("{\"formatVersion\": 1, \"trips\": [".utf8).write(to: saving)
        let list = try sandbox.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(FileManager.default.fileExists(atPath: saving.path), "a reader removed the planner's save")
        // An editor is refused while the planner holds the lock, and removes nothing either.
        let edit = try sandbox.run("rename", "Alps", "Alpen")
        #expect(edit.isOneLineUserError && edit.stderr.contains("open in another roadtrip"), "\(edit)")
        #expect(FileManager.default.fileExists(atPath: saving.path))
    }

    /// The usual trips, with a folder or a dangling link where the lock file belongs.
    static func sandboxWithBlockedLock(_ place: String) throws -> CLISandbox {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let lock = DataFileLock.lockURL(for: sandbox.dataURL)
        if place == "folder" {
            try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        } else {
            try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: sandbox.file("nowhere").path)
        }
        return sandbox
    }

    @Test(arguments: ["folder", "dangling link"])
    func aLockThatCannotBeTakenRefusesEveryWrite(in place: String) throws {
        let sandbox = try Self.sandboxWithBlockedLock(place)
        let before = try #require(sandbox.dataBytes())
        for args in [["rename", "Alps", "Alpen"], ["new", "Another"], ["delete", "Alps", "--yes"]] {
            let result = try sandbox.run(args)
            #expect(result.isOneLineUserError, "\(args): \(result)")
            #expect(result.stderr.contains("cannot lock"), "\(args): \(result)")
        }
        #expect(sandbox.dataBytes() == before)
        #expect(try sandbox.run("list").status == 0)
    }

    /// The refusal names the lock file and says how to clear it, not just the system's errno text.
    @Test(arguments: ["folder", "dangling link"])
    func theRefusalSaysWhatToDo(about place: String) throws {
        let sandbox = try Self.sandboxWithBlockedLock(place)
        let lock = DataFileLock.lockURL(for: sandbox.dataURL)
        let result = try sandbox.run("new", "Another")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains(lock.path), "\(result)")
        let remedy =
            place == "folder"
            ? "it is a folder: remove it (rmdir \(lock.path))"
            : "it is a symbolic link: remove it (rm \(lock.path))"
        #expect(result.stderr.contains(remedy), "\(result)")
    }

    @Test func anEditInAFolderThatDoesNotExistYetMakesItAndHoldsTheLock() throws {
        let sandbox = try CLISandbox()
        let data = sandbox.folder.appendingPathComponent("new/deeper/trips.json")
        let listed = try RoadtripProcess.run(["list", "--data", data.path])
        #expect(listed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: data.deletingLastPathComponent().path), "a reader made the folder")
        let made = try RoadtripProcess.run(["new", "--data", data.path, "First"])
        #expect(made.status == 0, "\(made)")
        #expect(FileManager.default.fileExists(atPath: data.path))
        #expect(FileManager.default.fileExists(atPath: DataFileLock.lockURL(for: data).path))
    }

    @Test func thePlannerWithoutALockSavesNothingAndSaysWhy() throws {
        try #require(RoadtripBinary.exists && TmuxSession.isAvailable)
        let sandbox = try CLISandbox(trips: CLITrips.all)
        try FileManager.default.createDirectory(
            at: DataFileLock.lockURL(for: sandbox.dataURL), withIntermediateDirectories: false)
        let before = try #require(sandbox.dataBytes())
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", sandbox.dataURL.path], width: 120, height: 24,
            environment: ["LANG": "C.UTF-8"])
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["r", "C-u"])
        try session.type("Renamed")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "cannot lock")
        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "Quit and lose the unsaved edits?")
        try session.send(keys: ["y"])
        _ = try session.waitUntil("the planner to end") { _ in (try? session.isPaneDead()) == true }
        #expect(sandbox.dataBytes() == before)
    }
}
