import Foundation
import RoadtripCore
import Testing
import TestSupport
import TripFile

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 33, class 1: neither the lock nor the data file can be sidestepped — no export writes over
/// roadtrip's own files, a lock file that is another file's name is never written into, a removed
/// lock is noticed before a save, a link swapped in is not followed, a newer format is never
/// downgraded, and the backup stays the last good version.
@Suite(.serialized) struct SidestepTests {
    @Test(arguments: [
        "trips.json.lock", "trips.json.bak", "trips.conflict-20260101-101010.json",
        "geocoder-cache.json", "places/alps.json"
    ])
    func anExportNeverWritesOverRoadtripsOwnFiles(named name: String) throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        try FileManager.default.createDirectory(at: sandbox.file("places"), withIntermediateDirectories: true)
        let target = sandbox.file(name)
        try Data("kept".utf8).write(to: target)
        let result = try sandbox.run("export", "Alps", "--format", "gpx", "-o", target.path)
        #expect(result.isOneLineUserError && result.stderr.contains("an export never overwrites it"), "\(result)")
        // The lock file holds the pid of whoever locked it last, never the export.
        let after = try String(contentsOf: target, encoding: .utf8)
        #expect(name.hasSuffix(".lock") ? after.hasPrefix("pid ") : after == "kept", "\(after)")
    }

    @Test func anExportRefusesAnotherNameForTheDataFileOrTheCache() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let hardLink = sandbox.file("alps.gpx")
        try FileManager.default.linkItem(at: sandbox.dataURL, to: hardLink)
        let linked = try sandbox.run("export", "Alps", "-o", hardLink.path)
        #expect(linked.isOneLineUserError && linked.stderr.contains("is the trip data file"), "\(linked)")
        #expect(sandbox.dataBytes() == before)
        // The route cache folder, reached through $XDG_CACHE_HOME.
        let cache = sandbox.file("cache")
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("roadtrip"), withIntermediateDirectories: true)
        let cached = try sandbox.run(
            ["export", "Alps", "-o", cache.appendingPathComponent("roadtrip/osrm-1.gpx").path],
            environment: ["XDG_CACHE_HOME": cache.path])
        #expect(cached.isOneLineUserError && cached.stderr.contains("route cache"), "\(cached)")
    }

    @Test func aLockFileThatIsAHardLinkIsNeverWrittenInto() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let victim = sandbox.file("notes.txt")
        try Data("my notes\n".utf8).write(to: victim)
        let lock = DataFileLock.lockURL(for: sandbox.dataURL)
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.linkItem(at: victim, to: lock)
        let before = try #require(sandbox.dataBytes())
        let result = try sandbox.run("rename", "Alps", "Alpen")
        #expect(result.isOneLineUserError && result.stderr.contains("hard link"), "\(result)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "my notes\n")
        #expect(sandbox.dataBytes() == before)
    }

    /// The planner holds the lock; a stale-lock cleaner removes the file over and over while
    /// commands edit beside it. Every edit reported as saved is in the file at the end.
    @Test func removingTheLockUnderAPlannerLosesNoEdit() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let lockURL = DataFileLock.lockURL(for: sandbox.dataURL)
        let lock = try DataFileLock.acquire(for: sandbox.dataURL, role: .fullScreen)
        defer { lock.release() }
        let store = JSONTripStore(url: sandbox.dataURL)
        store.hold(lock)
        var document = try #require(try store.load())
        let stop = Atomic(false)
        let cleaner = Thread {
            while !stop.value {
                unlink(lockURL.path)
                usleep(3_000)
            }
        }
        cleaner.start()
        var ours: [String] = []
        var theirs: [String] = []
        for n in 0..<60 {
            let name = "Command trip \(n)"
            if try sandbox.run("new", name).status == 0 { theirs.append(name) }
            document.trips.append(Trip(name: "Planner trip \(n)", waypoints: []))
            do {
                try store.save(document)
                ours.append("Planner trip \(n)")
                if let merged = store.takeExternalChange()?.trips { document.trips = merged }
            } catch {
                document.trips.removeLast()
            }
        }
        stop.value = true
        while !cleaner.isFinished { usleep(1_000) }
        let names = Set(try sandbox.trips().map(\.name))
        #expect(!theirs.isEmpty && !ours.isEmpty, "commands saved \(theirs.count), the planner \(ours.count)")
        #expect(Set(theirs).subtracting(names).isEmpty, "lost: \(Set(theirs).subtracting(names).sorted())")
        #expect(Set(ours).subtracting(names).isEmpty, "lost: \(Set(ours).subtracting(names).sorted())")
    }

    @Test func aFileRewrittenByANewerRoadtripIsNeverDowngraded() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let store = JSONTripStore(url: sandbox.dataURL)
        var document = try #require(try store.load())
        let newer = Data(#"{"formatVersion": 2, "trips": [], "somethingNew": true}"#.utf8)
        try newer.write(to: sandbox.dataURL)
        document.trips.append(Trip(name: "Mine", waypoints: []))
        #expect(throws: TripStoreError.self) { try store.save(document) }
        do { try store.save(document) } catch {
            #expect("\(error)".contains("newer roadtrip"), "\(error)")
        }
        #expect(sandbox.dataBytes() == newer)
    }

    @Test func garbageFromAnotherProgramNeverBecomesTheBackup() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let store = JSONTripStore(url: sandbox.dataURL)
        var document = try #require(try store.load())
        document.trips.append(Trip(name: "First", waypoints: []))
        try store.save(document)
        let good = try #require(try? Data(contentsOf: store.backupURL))
        try Data("garbage \u{0}\u{1}".utf8).write(to: sandbox.dataURL)
        document.trips.append(Trip(name: "Second", waypoints: []))
        try store.save(document)
        #expect(try Data(contentsOf: store.backupURL) == good)
        #expect(try JSONTripStore(url: store.backupURL).load()?.trips.isEmpty == false)
        #expect(try sandbox.trips().contains { $0.name == "Second" })
    }

    @Test func aLinkSwappedInAtTheDataPathIsNotFollowed() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let store = JSONTripStore(url: sandbox.dataURL)
        var document = try #require(try store.load())
        let elsewhere = sandbox.file("precious.txt")
        try Data("precious\n".utf8).write(to: elsewhere)
        try FileManager.default.removeItem(at: sandbox.dataURL)
        try FileManager.default.createSymbolicLink(at: sandbox.dataURL, withDestinationURL: elsewhere)
        document.trips.append(Trip(name: "Mine", waypoints: []))
        do {
            try store.save(document)
            Issue.record("saved through a link swapped in")
        } catch {
            #expect("\(error)".contains("not the file opened"), "\(error)")
        }
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "precious\n")
    }
}

/// A flag shared with a helper thread.
private final class Atomic: @unchecked Sendable {
    // @unchecked: a test flag under a lock.
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
