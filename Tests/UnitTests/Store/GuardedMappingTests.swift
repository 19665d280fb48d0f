import CGuardedMapping
import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// A mapped data file cut short by another program reads as zeros where it lost pages, and says
/// so, instead of ending the process with SIGBUS.
@Suite struct GuardedMappingTests {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    @Test func pagesCutOffWhileMappedReadAsZerosAndAreReported() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("data.json")
            let size = 3 * Self.pageSize
            try Data(repeating: UInt8(ascii: "x"), count: size).write(to: url)
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            defer { close(fd) }
            let base = try #require(roadtrip_guarded_map(fd, size))
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            #expect(bytes[size - 1] == UInt8(ascii: "x"))

            #expect(truncate(url.path, off_t(Self.pageSize)) == 0)
            #expect(bytes[0] == UInt8(ascii: "x"))
            #expect(bytes[Self.pageSize + 1] == 0)
            #expect(bytes[size - 1] == 0)
            #expect(roadtrip_guarded_unmap(base, size))
        }
    }

    @Test func aMappingLeftWholeIsNotReported() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("data.json")
            try Data(repeating: 1, count: 2 * Self.pageSize).write(to: url)
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            defer { close(fd) }
            let maps = try (0..<8).map { _ in try #require(roadtrip_guarded_map(fd, 2 * Self.pageSize)) }
            for base in maps {
                #expect(base.assumingMemoryBound(to: UInt8.self)[2 * Self.pageSize - 1] == 1)
                #expect(!roadtrip_guarded_unmap(base, 2 * Self.pageSize))
            }
        }
    }

    /// The store names what happened, in one line, and refuses to save over the file.
    @Test func aLargeFileCutShortDuringTheLoadIsRefusedSayingSo() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let document = TripWorkload.document(count: 400, stops: 20, seed: 5)
            try JSONTripStore(url: url).save(document)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(size >= JSONTripStore.mappedFileSize)
            var calls = FileSystemCalls.system
            calls.didMapFile = { path in _ = truncate(path, off_t(size / 2)) }
            let store = JSONTripStore(url: url, calls: calls)
            let error = try #require(throws: TripStoreError.self) { try store.load() }
            #expect(error.reason.contains("cut short by another program while it was being read"), "\(error)")
            #expect(!error.description.contains("\n"))
            #expect(throws: TripStoreError.self) { try store.save(document) }
        }
    }
}
