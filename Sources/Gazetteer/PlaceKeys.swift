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
