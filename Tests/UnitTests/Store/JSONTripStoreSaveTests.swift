import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

@Suite struct JSONTripStoreSaveTests {
    @Test func roundTripKeepsEverything() throws {
        try withTemporaryFolder { folder in
            let store = JSONTripStore(url: folder.appendingPathComponent("trips.json"))
            try store.save(StoreFixtures.documentA)
            #expect(try JSONTripStore(url: store.url).load() == StoreFixtures.documentA)
        }
    }

    @Test func missingFileLoadsAsNil() throws {
        try withTemporaryFolder { folder in
            let loaded = try JSONTripStore(url: folder.appendingPathComponent("none/trips.json")).load()
            #expect(loaded == nil)
        }
    }

    @Test func fileIsPrettyPrintedWithSortedKeys() throws {
        try withTemporaryFolder { folder in
            let store = JSONTripStore(url: folder.appendingPathComponent("trips.json"))
            try store.save(StoreFixtures.documentA)
            let data = try #require(bytes(of: store.url))
            let text = try #require(String(data: data, encoding: .utf8))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "{")
            #expect(lines[1] == "  \"formatVersion\" : 1,")
            #expect(text.hasSuffix("}\n"))
            // Keys of a stop in alphabetical order.
            let stop = text[text.range(of: "\"waypoints\"")!.upperBound...]
            let keys = ["\"id\"", "\"latitude\"", "\"longitude\"", "\"name\""].map { stop.range(of: $0)!.lowerBound }
            #expect(keys == keys.sorted())
            #expect(text.contains("東京 → 京都"))
        }
    }

    @Test func createdFoldersAre0700AndFileIs0600() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("a/b/trips.json")
            let store = JSONTripStore(url: url)
            try store.save(StoreFixtures.documentA)
            #expect(mode(of: folder.appendingPathComponent("a")) == 0o700)
            #expect(mode(of: folder.appendingPathComponent("a/b")) == 0o700)
            #expect(mode(of: url) == 0o600)
            try store.save(StoreFixtures.documentB)
            #expect(mode(of: url) == 0o600)
            #expect(mode(of: store.backupURL) == 0o600)
        }
    }

    @Test func aSaveKeepsTheFilesModeAndOwnerAndRefusesAReadOnlyFile() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let store = JSONTripStore(url: url)
            try store.save(StoreFixtures.documentA)
            #expect(chmod(url.path, 0o640) == 0)
            let owner: uid_t = geteuid() == 0 ? 4321 : geteuid()
            if geteuid() == 0 { #expect(chown(url.path, owner, 4321) == 0) }
            try store.save(StoreFixtures.documentB)
            var info = stat()
            #expect(stat(url.path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o640)
            #expect(info.st_uid == owner)

            #expect(chmod(url.path, 0o444) == 0)
            let before = try Data(contentsOf: url)
            #expect(throws: TripStoreError.self) { try store.save(StoreFixtures.documentA) }
            do { try store.save(StoreFixtures.documentA) } catch { #expect("\(error)".contains("is read-only (mode 0444)")) }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func backupHoldsThePreviousVersion() throws {
        try withTemporaryFolder { folder in
            let store = JSONTripStore(url: folder.appendingPathComponent("trips.json"))
            try store.save(StoreFixtures.documentA)
            let first = bytes(of: store.url)
            #expect(bytes(of: store.backupURL) == nil)
            try store.save(StoreFixtures.documentB)
            #expect(bytes(of: store.backupURL) == first)
            #expect(try JSONTripStore(url: store.backupURL).load() == StoreFixtures.documentA)
            #expect(try store.load() == StoreFixtures.documentB)
            #expect(strayFiles(in: folder).isEmpty)
        }
    }

    @Test func symlinkedDataFileIsUpdatedWhereItLives() throws {
        try withTemporaryFolder { folder in
            let real = folder.appendingPathComponent("dotfiles/trips.json")
            try JSONTripStore(url: real).save(StoreFixtures.documentA)
            let link = folder.appendingPathComponent("trips.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
            let store = JSONTripStore(url: link)
            try store.save(StoreFixtures.documentB)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
            #expect(try JSONTripStore(url: real).load() == StoreFixtures.documentB)
        }
    }

    @Test func leftoverTemporaryFilesAreRemovedByTheLockHolderAndNeverByAReader() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let store = JSONTripStore(url: url)
            try store.save(StoreFixtures.documentA)
            let names = [".trips.json.tmp-abc123", ".trips.json.tmp-bak", ".trips.json.bak.tmp-9"]
            for name in names {
                _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("{".utf8))
            }
            let unrelated = folder.appendingPathComponent(".other.json.tmp-1")
            _ = FileManager.default.createFile(atPath: unrelated.path, contents: Data())
            // A reader: the temporary files may be another roadtrip's save under way.
            #expect(try store.load() == StoreFixtures.documentA)
            #expect(Set(strayFiles(in: folder)) == Set(names + [".other.json.tmp-1"]))
            let lock = try DataFileLock.acquire(for: url, role: .command)
            #expect(store.cleanUpLeftovers(holding: lock) == 3)
            #expect(strayFiles(in: folder, besides: ["trips.json", "trips.json.bak", "trips.json.lock"]) == [".other.json.tmp-1"])
        }
    }

    @Test func invalidCoordinateInMemoryIsNotWritten() throws {
        try withTemporaryFolder { folder in
            let store = JSONTripStore(url: folder.appendingPathComponent("trips.json"))
            try store.save(StoreFixtures.documentA)
            let before = bytes(of: store.url)
            var bad = StoreFixtures.documentA
            bad.trips[0].waypoints[1].coordinate.latitude = .nan
            let error = try #require(throws: TripStoreError.self) { try store.save(bad) }
            #expect(error.description.contains("trips[0].waypoints[1]"))
            #expect(bytes(of: store.url) == before)
        }
    }
}
