import Foundation
import RoadtripCore

/// The legs one routing server has answered, by their two stops, kept on disk so that moving a
/// waypoint asks only for the legs that changed and a relaunch asks for nothing.
///
/// One file per server (`osrm-<hash of its URL>.json`, `valhalla-…` for Valhalla) under the cache folder: answers from
/// different servers (or datasets) never mix. Entries older than `maxAge` count as missing, since
/// the roads behind a server change; beyond `maxEntries` the oldest are forgotten.
public final class LegCache: @unchecked Sendable {
    // @unchecked: `entries`, `geometries` and `loaded` are only touched under `lock`; `saveLock` keeps two saves from interleaving their files.
    public let server: String
    /// Nil keeps the cache in memory only.
    public let file: URL?
    let maxEntries: Int
    public let maxAge: TimeInterval
    /// How far in the future a fetch time may be (clocks differ a little); later ones are not believed.
    static let clockSkew: TimeInterval = 3600

    private let lock = NSLock()
    private let saveLock = NSLock()
    private var entries: [LegKey: CachedLeg] = [:]
    private var geometries: [LegKey: [Coordinate]] = [:]
    /// Requested avoidance → what the server applied, in `RoadAvoidance.listText` words.
    private var avoidance: [String: String] = [:]
    private var loaded = false
    private var changed = false

    /// `engine` names the file ("osrm", "valhalla"), so a look in the cache folder tells them apart.
    public init(
        server: String, folder: URL?, engine: String = "osrm", maxEntries: Int = 5000, maxAge: TimeInterval = 30 * 86_400
    ) {
        self.server = server
        self.file = folder?.appendingPathComponent("\(engine)-\(Self.stableHash(server)).json")
        self.maxEntries = maxEntries
        self.maxAge = maxAge
    }

    /// `$XDG_CACHE_HOME/roadtrip`, else `~/.cache/roadtrip`; nil when neither can be known.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        XDGFolder.cache.roadtripFolder(environment: environment, fallbackHome: nil).map { URL(fileURLWithPath: $0) }
    }

    /// How many legs it holds (expired ones included until the next save).
    public var count: Int {
        lock.withLock {
            loadIfNeeded()
            return entries.count
        }
    }

    /// The leg between two stops, if the server answered it within `maxAge`.
    func leg(for key: LegKey, now: Date = Date()) -> (leg: CachedLeg, geometry: [Coordinate]?)? {
        lock.withLock {
            loadIfNeeded()
            guard let leg = entries[key], now.timeIntervalSince(leg.fetched) <= maxAge,
                now.timeIntervalSince(leg.fetched) >= -Self.clockSkew
            else { return nil }
            if let geometry = geometries[key] { return (leg, geometry) }
            let geometry = leg.encodedGeometry.flatMap { Polyline.decode($0) }
            geometries[key] = geometry
            return (leg, geometry)
        }
    }

    func store(_ leg: CachedLeg, geometry: [Coordinate]?, for key: LegKey) {
        lock.withLock {
            loadIfNeeded()
            entries[key] = leg
            geometries[key] = geometry
            changed = true
        }
    }

    /// Writes the cache atomically if anything was added since the last save; drops expired and
    /// surplus entries first.
    public func save(now: Date = Date()) throws {
        guard let file else { return }
        try saveLock.withLock {
            let snapshot: (entries: [LegKey: CachedLeg], avoidance: [String: String])? = lock.withLock {
                guard changed else { return nil }
                changed = false
                prune(now: now)
                return (entries, avoidance)
            }
            guard let snapshot else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFileWriter(target: file, keepsBackup: false).write(
                try encoder.encode(LegCacheFile(server: server, entries: snapshot.entries, avoidance: snapshot.avoidance)))
        }
    }

    /// The largest cache file read; a larger one is left unread and replaced by the next save.
    static let maxFileBytes = 32 << 20

    /// Reads the file once. A cache that cannot be read is only a cache: it starts empty and the
    /// next save replaces it.
    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        // Far past what `maxEntries` legs take: a file this large was not written by roadtrip, and
        // reading it whole would hold every lookup of the session (28 s and 2 GB at 441 MB).
        guard let file, let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int,
            size <= Self.maxFileBytes, let data = try? Data(contentsOf: file),
            let decoded = try? JSONDecoder().decode(LegCacheFile.self, from: data),
            decoded.version == LegCacheFile.currentVersion, decoded.server == server
        else { return }
        entries = decoded.entries(now: Date())
        avoidance = decoded.avoidance ?? [:]
    }

    /// What the server applied of `requested` when it last refused it; nil when it never did.
    func appliedAvoidance(for requested: RoadAvoidance) -> RoadAvoidance? {
        lock.withLock {
            loadIfNeeded()
            return avoidance[requested.listText].flatMap { RoadAvoidance(words: $0) }
        }
    }

    /// Remembers what the server applied of `requested` (saved with the legs).
    func rememberAvoidance(_ applied: RoadAvoidance, for requested: RoadAvoidance) {
        lock.withLock {
            loadIfNeeded()
            let words = applied == requested ? nil : applied.listText
            guard avoidance[requested.listText] != words else { return }
            avoidance[requested.listText] = words
            changed = true
        }
    }

    private func prune(now: Date) {
        entries = entries.filter { now.timeIntervalSince($0.value.fetched) <= maxAge }
        if entries.count > maxEntries {
            let surplus = entries.sorted { $0.value.fetched < $1.value.fetched }.prefix(entries.count - maxEntries)
            for (key, _) in surplus { entries[key] = nil }
        }
        geometries = geometries.filter { entries[$0.key] != nil }
    }

    /// FNV-1a, 64 bits: Swift's `Hasher` is seeded per process, and the file name must not change.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
