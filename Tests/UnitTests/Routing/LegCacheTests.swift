import Foundation
import Testing
import RoadtripCore
@testable import Routing

@Suite struct LegCacheTests {
    let a = Coordinate(latitude: 43.729552, longitude: 7.413378)
    let b = Coordinate(latitude: 43.731396, longitude: 7.419693)

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-legcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func leg(_ meters: Double, fetched: Date = Date()) -> CachedLeg {
        CachedLeg(distanceMeters: meters, durationSeconds: meters / 10, geometry: [a, b], fetched: fetched)
    }

    @Test func keysRoundToTheMicrodegreeOSRMIsAskedAt() throws {
        let nearlyA = Coordinate(latitude: 43.7295520000004, longitude: 7.4133779999996)
        #expect(LegKey(from: a, to: b) == LegKey(from: nearlyA, to: b))
        #expect(LegKey(from: a, to: b) != LegKey(from: b, to: a))
        let tenCentimetresOff = Coordinate(latitude: 43.729553, longitude: 7.413378)
        #expect(LegKey(from: a, to: b) != LegKey(from: tenCentimetresOff, to: b))
        #expect(LegKey(from: Coordinate(latitude: .nan, longitude: 0), to: b) == nil)
        #expect(LegKey(from: Coordinate(latitude: 91, longitude: 0), to: b) == nil)
    }

    @Test func gridPointsPrintInOSRMsOrderWithSixDecimals() throws {
        #expect(try #require(GridPoint(a)).osrmText == "7.413378,43.729552")
        #expect(
            try #require(GridPoint(Coordinate(latitude: -0.000001, longitude: -180))).osrmText
                == "-180.000000,-0.000001")
    }

    @Test func aRelaunchReadsWhatWasSaved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try #require(LegKey(from: a, to: b))
        let first = LegCache(server: "http://127.0.0.1:5000|driving", folder: folder)
        first.store(leg(1377.3), geometry: [a, b], for: key)
        try first.save()

        let second = LegCache(server: "http://127.0.0.1:5000|driving", folder: folder)
        let found = try #require(second.leg(for: key))
        #expect(found.leg.distanceMeters == 1377.3)
        #expect(found.leg.durationSeconds == 137.73)
        #expect(found.geometry == [a, b])
        #expect(second.leg(for: try #require(LegKey(from: b, to: a))) == nil)
    }

    @Test func eachServerHasItsOwnFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try #require(LegKey(from: a, to: b))
        let one = LegCache(server: "http://one:5000|driving", folder: folder)
        one.store(leg(10), geometry: nil, for: key)
        try one.save()
        let other = LegCache(server: "http://other:5000|driving", folder: folder)
        #expect(other.leg(for: key) == nil)
        #expect(one.file != other.file)
    }

    @Test func filesArePrivateAndWrittenWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFolder = folder.appendingPathComponent("xdg/roadtrip")
        let cache = LegCache(server: "s", folder: cacheFolder)
        cache.store(leg(10), geometry: nil, for: try #require(LegKey(from: a, to: b)))
        try cache.save()
        let file = try #require(cache.file)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: cacheFolder.path)[.posixPermissions] as? Int
        let parentMode =
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("xdg").path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(parentMode == 0o700)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path) == [file.lastPathComponent])
    }

    @Test func anUnreadableFileIsAnEmptyCacheAndIsReplacedOnSave() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = LegCache(server: "s", folder: folder)
        let file = try #require(cache.file)
        try Data("{\"version\":1,\"server\":\"s\",\"legs\":[{".utf8).write(to: file)
        let key = try #require(LegKey(from: a, to: b))
        #expect(cache.leg(for: key) == nil)
        cache.store(leg(42), geometry: nil, for: key)
        try cache.save()
        #expect(LegCache(server: "s", folder: folder).leg(for: key)?.leg.distanceMeters == 42)
    }

    @Test func oldAnswersCountAsMissingAndAreDroppedOnSave() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let cache = LegCache(server: "s", folder: folder, maxAge: 3600)
        let old = try #require(LegKey(from: a, to: b)), fresh = try #require(LegKey(from: b, to: a))
        cache.store(leg(1, fetched: now.addingTimeInterval(-7200)), geometry: nil, for: old)
        cache.store(leg(2, fetched: now), geometry: nil, for: fresh)
        #expect(cache.leg(for: old, now: now) == nil)
        try cache.save(now: now)
        #expect(LegCache(server: "s", folder: folder, maxAge: 3600).count == 1)
    }

    @Test func beyondItsSizeTheOldestAreForgotten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = Date()
        let cache = LegCache(server: "s", folder: folder, maxEntries: 3)
        for i in 0..<5 {
            let to = Coordinate(latitude: 43 + Double(i) / 100, longitude: 7)
            // About 80 km apart: a cached leg shorter than the straight line is not believed on reload.
            cache.store(
                leg(100_000 + Double(i), fetched: start.addingTimeInterval(Double(i))), geometry: nil,
                for: try #require(LegKey(from: a, to: to)))
        }
        try cache.save(now: start.addingTimeInterval(10))
        let reloaded = LegCache(server: "s", folder: folder, maxEntries: 3)
        #expect(reloaded.count == 3)
        let newest = try #require(LegKey(from: a, to: Coordinate(latitude: 43.04, longitude: 7)))
        let oldest = try #require(LegKey(from: a, to: Coordinate(latitude: 43.00, longitude: 7)))
        #expect(reloaded.leg(for: newest, now: start) != nil)
        #expect(reloaded.leg(for: oldest, now: start) == nil)
    }

    @Test func theFolderFollowsXDG() {
        #expect(
            LegCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path
                == "/x/cache/roadtrip")
        #expect(
            LegCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path
                == "/home/u/.cache/roadtrip")
        #expect(LegCache.defaultFolder(environment: [:]) == nil)
    }

    @Test func fileNamesDoNotDependOnTheProcess() {
        // FNV-1a 64 of "a", a published test vector.
        #expect(LegCache.stableHash("a") == "af63dc4c8601ec8c")
    }
}
