import Foundation
import RoadtripCore

/// The on-disk form of one server's leg cache.
struct LegCacheFile: Codable {
    static let currentVersion = 1

    struct Entry: Codable {
        /// [latitude, longitude] in microdegrees.
        var from: [Int32]
        var to: [Int32]
        var distanceMeters: Double
        var durationSeconds: Double
        var geometry: String?
        /// Seconds since 1970.
        var fetched: Double
        /// The road classes the leg avoids ("motorway,toll"); absent for none, as files before it.
        var exclude: String?
    }

    var version: Int
    var server: String
    var legs: [Entry]
    /// What the server applied of each avoidance it refused ("motorways,tolls" → "motorways"), so a
    /// relaunch does not ask for a refused combination again; absent in files before it.
    var avoidance: [String: String]?

    init(server: String, entries: [LegKey: CachedLeg], avoidance: [String: String] = [:]) {
        version = Self.currentVersion
        self.server = server
        self.avoidance = avoidance.isEmpty ? nil : avoidance
        legs = entries.map { key, leg in
            Entry(
                from: [key.from.latitude, key.from.longitude], to: [key.to.latitude, key.to.longitude],
                distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
                geometry: leg.encodedGeometry, fetched: leg.fetched.timeIntervalSince1970,
                exclude: key.exclude.isEmpty ? nil : key.exclude)
        }
        // A fixed order keeps rewrites of an unchanged cache byte-identical.
        .sorted { a, b in
            if a.fetched != b.fetched { return a.fetched < b.fetched }
            if a.from + a.to != b.from + b.to { return (a.from + a.to).lexicographicallyPrecedes(b.from + b.to) }
            return (a.exclude ?? "") < (b.exclude ?? "")
        }
    }

    /// The entries, leaving out any that are malformed or cannot be believed: positions off the
    /// Earth, figures no road between its two points has (shorter than the straight line, faster
    /// than a car: a tampered entry), and a fetch time in the future, which would never expire.
    func entries(now: Date) -> [LegKey: CachedLeg] {
        var out: [LegKey: CachedLeg] = [:]
        for entry in legs
        where entry.from.count == 2 && entry.to.count == 2
            && entry.fetched.isFinite && entry.fetched <= now.timeIntervalSince1970 + LegCache.clockSkew
        {
            let from = GridPoint(latitude: entry.from[0], longitude: entry.from[1])
            let to = GridPoint(latitude: entry.to[0], longitude: entry.to[1])
            guard from.coordinate.isValid, to.coordinate.isValid,
                Plausibility.problem(
                    legMeters: entry.distanceMeters, seconds: entry.durationSeconds, from: from.coordinate, to: to.coordinate)
                    == nil
            else { continue }
            let key = LegKey(from: from, to: to, exclude: entry.exclude ?? "")
            out[key] = CachedLeg(
                distanceMeters: entry.distanceMeters, durationSeconds: entry.durationSeconds,
                encodedGeometry: entry.geometry,
                fetched: Date(timeIntervalSince1970: entry.fetched))
        }
        return out
    }
}
