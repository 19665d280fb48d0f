import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// Real system calls, except the one a test makes fail with `code`.
private func failing(
    write code: Int32? = nil, fsync fsyncCode: Int32? = nil, rename renameCode: Int32? = nil,
    afterBytes: Int = 100
) -> FileSystemCalls {
    var calls = FileSystemCalls.system
    let system = FileSystemCalls.system
    if let code {
        // Lets a little through first, like a disk that fills up part-way.
        calls.write = { fd, buffer in
            var info = stat()
            fstat(fd, &info)
            if Int(info.st_size) >= afterBytes {
                errno = code
                return -1
            }
            return system.write(fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(afterBytes - Int(info.st_size))))
        }
    }
    if let fsyncCode {
        calls.fsync = { _ in
            errno = fsyncCode
            return -1
        }
    }
    if let renameCode {
        calls.rename = { _, _ in
            errno = renameCode
            return -1
        }
    }
    return calls
}

@Suite struct JSONTripStoreFailureTests {
    /// Saves A for real, then B through `calls`, and checks B was refused with A intact.
    private func expectRefusedSecondSave(_ calls: FileSystemCalls, mentioning words: String) throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: url).save(StoreFixtures.documentA)
            let before = bytes(of: url)
            let store = JSONTripStore(url: url, calls: calls)
            let error = try #require(throws: TripStoreError.self) { try store.save(StoreFixtures.documentB) }
            #expect(error.kind == .writeFailed)
            #expect(error.description.hasPrefix(url.path + ": "))
            #expect(error.description.contains(words), "\(error)")
            #expect(!error.description.contains("\n"))
            #expect(bytes(of: url) == before)
            #expect(mode(of: url) == 0o600)
            #expect(strayFiles(in: folder).isEmpty, "left \(strayFiles(in: folder))")
            // Once the disk is well again the same edit saves.
            try JSONTripStore(url: url).save(StoreFixtures.documentB)
            #expect(try JSONTripStore(url: url).load() == StoreFixtures.documentB)
        }
    }

    @Test func fullDiskLeavesTheOldFile() throws {
        try expectRefusedSecondSave(failing(write: ENOSPC), mentioning: "No space left on device while writing")
    }

    @Test func ioErrorOnFlushLeavesTheOldFile() throws {
        try expectRefusedSecondSave(failing(fsync: EIO), mentioning: "Input/output error while flushing")
    }

    @Test func failedRenameLeavesTheOldFile() throws {
        try expectRefusedSecondSave(failing(rename: EROFS), mentioning: "Read-only file system")
    }

    @Test func backupIsCopiedWhereHardLinksAreRefused() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: url).save(StoreFixtures.documentA)
            let first = bytes(of: url)
            var calls = FileSystemCalls.system
            calls.link = { _, _ in
                errno = EPERM
                return -1
            }
            let store = JSONTripStore(url: url, calls: calls)
            try store.save(StoreFixtures.documentB)
            #expect(bytes(of: store.backupURL) == first)
            #expect(mode(of: store.backupURL) == 0o600)
            #expect(try store.load() == StoreFixtures.documentB)
            #expect(strayFiles(in: folder).isEmpty)
        }
    }

    @Test func folderInPlaceOfTheFileIsLeftAlone() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: url.appendingPathComponent("keep").path, contents: Data("x".utf8))
            let store = JSONTripStore(url: url)
            let error = try #require(throws: TripStoreError.self) { try store.save(StoreFixtures.documentA) }
            #expect(error.kind == .writeFailed)
            #expect(!error.description.contains("\n"))
            #expect(bytes(of: url.appendingPathComponent("keep")) == Data("x".utf8))
            #expect(strayFiles(in: folder).isEmpty)
            let loadError = try #require(throws: TripStoreError.self) { try store.load() }
            #expect(loadError.kind == .unreadable)
        }
    }

    @Test func fileInPlaceOfTheFolderIsRefused() throws {
        try withTemporaryFolder { folder in
            let blocker = folder.appendingPathComponent("roadtrip")
            _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
            let store = JSONTripStore(url: blocker.appendingPathComponent("trips.json"))
            let error = try #require(throws: TripStoreError.self) { try store.save(StoreFixtures.documentA) }
            #expect(error.description.contains("is not a folder"))
            #expect(bytes(of: blocker) == Data("x".utf8))
        }
    }

    /// Root ignores folder permissions, so this one only runs for ordinary users.
    @Test(.enabled(if: geteuid() != 0, "root may write into read-only folders"))
    func readOnlyFolderLeavesTheOldFile() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let store = JSONTripStore(url: url)
            try store.save(StoreFixtures.documentA)
            let before = bytes(of: url)
            chmod(folder.path, 0o500)
            defer { chmod(folder.path, 0o700) }
            let error = try #require(throws: TripStoreError.self) { try store.save(StoreFixtures.documentB) }
            #expect(error.description.contains("Permission denied"))
            #expect(bytes(of: url) == before)
        }
    }

    @Test func unreadableFileIsNeverSavedOver() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let broken = Data("{\"formatVersion\": 1, \"trips\": [".utf8)
            _ = FileManager.default.createFile(atPath: url.path, contents: broken)
            let store = JSONTripStore(url: url)
            #expect(throws: TripStoreError.self) { try store.load() }
            let error = try #require(throws: TripStoreError.self) { try store.save(StoreFixtures.documentA) }
            #expect(error.kind == .writeFailed)
            #expect(bytes(of: url) == broken)
        }
    }

    /// A file of several megabytes goes to disk a megabyte at a time; a fault part-way leaves the old file.
    private func expectRefusedLargeSave(
        _ document: TripDocument, calls: FileSystemCalls = .system,
        saying message: String
    ) throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: url).save(StoreFixtures.documentA)
            let before = bytes(of: url)
            let store = JSONTripStore(url: url, calls: calls)
            let error = try #require(throws: TripStoreError.self) { try store.save(document) }
            #expect(error.kind == .writeFailed)
            #expect(error.description == url.path + ": " + message)
            #expect(bytes(of: url) == before)
            #expect(strayFiles(in: folder).isEmpty, "left \(strayFiles(in: folder))")
            #expect(try JSONTripStore(url: url).load() == StoreFixtures.documentA)
        }
    }

    @Test func fullDiskAfterTheFirstMegabyteLeavesTheOldFile() throws {
        let large = TripWorkload.document(count: 600, stops: 20, seed: 3)
        try expectRefusedLargeSave(
            large, calls: failing(write: ENOSPC, afterBytes: TripDocumentWriter.chunkSize + 300_000),
            saying: "No space left on device while writing the new version; the file on disk is unchanged")
    }

    @Test func valueJSONCannotHoldPartWayLeavesTheOldFile() throws {
        var large = TripWorkload.document(count: 600, stops: 20, seed: 4)
        large.trips[500].fuelPrice = .infinity
        try expectRefusedLargeSave(large, saying: "not saved: trips[500].fuelPrice is inf, which JSON cannot hold")
    }
}
