import Foundation
import RoadtripCore
import Synchronization

/// The online geocoder's answers, kept in memory and in `geocoder-cache.json` beside the trips file,
/// so a query asked again costs no request (and a public server's usage policy is kept).
///
/// Entries older than `maxAge` are asked again; past `capacity` the oldest go. The file is only a
/// cache: one that does not read is started afresh, and it is replaced whole (`AtomicFileWriter`), never
/// written in place.
public final class GeocoderCache: Sendable {
    public let url: URL?
    private let entries: Mutex<[String: Entry]>
    private let now: @Sendable () -> Date

    static let maxAge: TimeInterval = 30 * 24 * 3600
    static let capacity = 500

    struct Entry: Codable, Sendable {
        var saved: Date
        var places: [ImportedPlace]
    }

    private struct File: Codable {
        var version = 1
        var entries: [String: Entry]
    }

    /// - Parameter url: the cache file; nil keeps answers for this run only.
    public init(url: URL?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.url = url
        self.now = now
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        // `capacity` answers take well under a megabyte or two: a larger file is not roadtrip's.
        let small = url.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }.map {
            $0 <= 8 << 20
        }
        let read =
            small == true
            ? url.flatMap { try? Data(contentsOf: $0) }.flatMap { try? decoder.decode(File.self, from: $0) }?.entries : nil
        let at = now()
        entries = Mutex(
            (read ?? [:]).compactMapValues { entry in
                // An entry saved in the future would never expire; one holding a place that cannot
                // be true is asked again rather than offered.
                guard Self.isFresh(entry, at: at) else { return nil }
                let places = entry.places.compactMap { $0.checked() }
                return places.count == entry.places.count ? Entry(saved: entry.saved, places: places) : nil
            })
    }

    /// `geocoder-cache.json` in the folder of the trips file.
    public convenience init(dataFile: URL) {
        self.init(url: dataFile.deletingLastPathComponent().appendingPathComponent(OwnedFiles.geocoderCache))
    }

    /// The server, the query as the search folds it, and the limit: what makes two answers the same.
    static func key(base: URL, query: String, limit: Int) -> String {
        base.absoluteString + "\n" + TypedName.folded(query) + "\n" + String(limit)
    }

    func places(for key: String) -> [ImportedPlace]? {
        let entry = entries.withLock { $0[key] }
        guard let entry, Self.isFresh(entry, at: now()) else { return nil }
        return entry.places
    }

    /// Saved less than `maxAge` ago, and not in the future beyond a clock's error.
    private static func isFresh(_ entry: Entry, at now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.saved)
        return age.isFinite && age >= -3600 && age < maxAge
    }

    func keep(_ places: [ImportedPlace], for key: String) {
        let saved = now()
        let snapshot: [String: Entry] = entries.withLock { entries in
            entries[key] = Entry(saved: saved, places: places)
            if entries.count > Self.capacity {
                let oldest = entries.sorted { $0.value.saved < $1.value.saved }.prefix(entries.count - Self.capacity)
                for (k, _) in oldest { entries[k] = nil }
            }
            return entries
        }
        guard let url else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        // A cache that cannot be written costs a request next time, nothing more. It says where a
        // person searched, so it is theirs alone (0600, as the trips file), and replaced whole.
        guard let data = try? encoder.encode(File(entries: snapshot)) else { return }
        try? AtomicFileWriter(target: url, keepsBackup: false).write(data)
    }
}
