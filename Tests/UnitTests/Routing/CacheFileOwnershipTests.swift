import Foundation
import Testing
import RoadtripCore
@testable import Routing
#if canImport(Glibc)
    import Glibc
#endif

/// The routing cache's atomic replacement keeps the file's owner, group and mode.
///
/// Run as root (say `sudo roadtrip route`), a rewrite used to leave the user's cache root-owned
/// 0600, which the user's own roadtrip then could not read.
@Suite struct CacheFileOwnershipTests {
    @Test func replacementKeepsModeOwnerAndGroup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("legs.json")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        let owner: uid_t = geteuid() == 0 ? 4321 : geteuid()
        let group: gid_t = geteuid() == 0 ? 4322 : getegid()
        if geteuid() == 0 { #expect(chown(file.path, owner, group) == 0) }

        try AtomicFileWriter(target: file, keepsBackup: false).write(Data("new".utf8))

        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(info.st_uid == owner)
        #expect(info.st_gid == group)
        #expect(try Data(contentsOf: file) == Data("new".utf8))
    }

    @Test func newFileIsPrivate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-owner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("legs.json")
        try AtomicFileWriter(target: file, keepsBackup: false).write(Data("new".utf8))
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
    }
}
