import RoadtripCore

/// The positions of the towns nearest the curated destinations, as the places file gives them.
struct Gateways: Sendable {
    private let keys: Set<Key>

    /// Positions to 1e-5 degrees (about a metre), as the places file writes them.
    struct Key: Hashable {
        var latitude: Int
        var longitude: Int
        init(_ c: Coordinate) {
            // Never a trap, whatever it is given: a position off the grid shares one key.
            latitude = Plausibility.wholeNumber((c.latitude * 1e5).rounded()) ?? .min
            longitude = Plausibility.wholeNumber((c.longitude * 1e5).rounded()) ?? .min
        }
    }

    init(_ towns: [Coordinate]) { keys = Set(towns.map(Key.init)) }

    /// Whether the town at this position is a destination's gateway.
    func contains(_ key: Key) -> Bool { keys.contains(key) }
}

/// Every folded name of the curated and imported places, and each later word of it onwards, sorted,
/// so a search finds those that begin with what was typed by binary search instead of a pass over all.
struct NameKeys: Sendable {
    enum Kind: Sendable { case name, word, alias }
    struct Key: Sendable {
        var bytes: [UInt8]
        var entry: Int
        var kind: Kind
    }

    private let keys: [Key]

    init(_ entries: [CombinedPlaces.Entry]) {
        var keys: [Key] = []
        for (i, entry) in entries.enumerated() {
            keys.append(Key(bytes: Array(entry.name.utf8), entry: i, kind: .name))
            for word in entry.words { keys.append(Key(bytes: Array(word.utf8), entry: i, kind: .word)) }
            for alias in entry.aliases { keys.append(Key(bytes: Array(alias.utf8), entry: i, kind: .alias)) }
        }
        self.keys = keys.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// The keys that begin with `prefix`.
    func beginning(with prefix: [UInt8]) -> ArraySlice<Key> {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].bytes.lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < keys.count, keys[end].bytes.starts(with: prefix) { end += 1 }
        return keys[low..<end]
    }
}
