import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// Files the store creates are private, and nothing planted beside the data file redirects a write.
@Suite struct PrivacyTests {
    /// A file outside the data folder that a planted symlink points at; it must never change.
    func victim(in folder: URL) throws -> URL {
        let outside = folder.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let file = outside.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: file)
        return file
    }

    final class Names: @unchecked Sendable {
        var queue: [String]
        init(_ names: [String]) { queue = names }
        func next() -> String { queue.isEmpty ? UUID().uuidString : queue.removeFirst() }
    }

    @Test func symlinkPlantedAtTheTemporaryNameIsNeitherFollowedNorReplaced() throws {
        try withTemporaryFolder { folder in
            let victim = try victim(in: folder)
            let data = folder.appendingPathComponent("data", isDirectory: true)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            let target = data.appendingPathComponent("trips.json")
            let planted = data.appendingPathComponent(AtomicFileWriter.temporaryPrefix(for: target) + "guessed")
            try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)

            let names = Names(["guessed", "fresh"])
            var writer = AtomicFileWriter(target: target, calls: .system)
            writer.nameSuffix = names.next
            try writer.write(Data("{}\n".utf8))

            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == victim.path)
            #expect(try String(contentsOf: target, encoding: .utf8) == "{}\n")
            #expect(mode(of: target) == 0o600)
            #expect(names.queue.isEmpty, "the writer moved on to a fresh name")
        }
    }

    @Test func symlinksPlantedAtTheBackupNamesAreNotFollowed() throws {
        try withTemporaryFolder { folder in
            let victim = try victim(in: folder)
            let target = folder.appendingPathComponent("trips.json")
            let store = JSONTripStore(url: target)
            try store.save(StoreFixtures.documentA)
            let staging = folder.appendingPathComponent(AtomicFileWriter.temporaryPrefix(for: target) + "bak")
            try FileManager.default.createSymbolicLink(at: staging, withDestinationURL: victim)
            try FileManager.default.createSymbolicLink(at: store.backupURL, withDestinationURL: victim)
            try store.save(StoreFixtures.documentB)
            try store.save(StoreFixtures.documentA)

            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
            #expect(try store.load() == StoreFixtures.documentA)
            #expect(try JSONTripStore(url: store.backupURL).load() == StoreFixtures.documentB)
            #expect(mode(of: store.backupURL) == 0o600)
        }
    }

    @Test func symlinkPlantedAtTheLockFileIsRefused() throws {
        try withTemporaryFolder { folder in
            let victim = try victim(in: folder)
            let target = folder.appendingPathComponent("trips.json")
            try FileManager.default.createSymbolicLink(at: DataFileLock.lockURL(for: target), withDestinationURL: victim)
            #expect(throws: DataFileLock.Refusal.self) { try DataFileLock.acquire(for: target, role: .command) }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        }
    }

    @Test func lockFileAndItsFolderArePrivate() throws {
        try withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("new/roadtrip/trips.json")
            let lock = try DataFileLock.acquire(for: target, role: .fullScreen)
            defer { lock.release() }
            #expect(mode(of: lock.url) == 0o600)
            #expect(mode(of: target.deletingLastPathComponent()) == 0o700)
            #expect(try String(contentsOf: lock.url, encoding: .utf8) == "pid \(getpid()), full-screen planner\n")
        }
    }

    @Test func secondLockInTheSameProcessIsRefusedWithTheHolder() throws {
        // flock locks belong to open file descriptions, so a second open in one process conflicts like another process.
        try withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("trips.json")
            let first = try DataFileLock.acquire(for: target, role: .fullScreen)
            let refusal = #expect(throws: DataFileLock.Refusal.self) {
                try DataFileLock.acquire(for: target, role: .command, wait: 5)
            }
            #expect(refusal == .held(dataPath: target.path, holder: "pid \(getpid()), full-screen planner"))
            #expect(refusal?.description.contains("is open in another roadtrip (pid \(getpid()), full-screen planner)") == true)
            first.release()
            let second = try DataFileLock.acquire(for: target, role: .command)
            second.release()
        }
    }
}
