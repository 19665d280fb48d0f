import RoadtripCore

/// Finds places by what a person types; the waypoint editor's interactor receives one.
public protocol PlaceSearching: Sendable {
    /// The best `limit` places for `query`, best first; empty for no match or bad input.
    func search(_ query: String, limit: Int) -> [Place]
    /// The best `limit` places for `query` as wanted in `context` (near a trip's stops), best first;
    /// the same as `search(_:limit:)` without a context.
    func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place]
}

extension PlaceSearching {
    /// How many places a context reranks, whatever the limit: a namesake near the trip may be far
    /// down the list the search alone would give ("Paris" near Dallas).
    static var contextCandidates: Int { 24 }

    public func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place] {
        guard let context, limit > 0 else { return search(query, limit: limit) }
        return Array(context.ranked(search(query, limit: max(limit, Self.contextCandidates))).prefix(limit))
    }
}

/// Finds the known place closest to a coordinate (for a time zone of a typed position).
public protocol NearestPlaceFinding: Sendable {
    func nearest(to coordinate: Coordinate) -> Place?
    /// Where a person would spend a night near `coordinate`: an imported lodging or camp site
    /// within `NightPlace.lodgingReach`, else the nearest town of at least `NightPlace.townPopulation`.
    func placeForTheNight(near coordinate: Coordinate) -> Place?
}

extension NearestPlaceFinding {
    public func placeForTheNight(near coordinate: Coordinate) -> Place? { nearest(to: coordinate) }
}

/// What makes a place one to spend the night in.
enum NightPlace {
    /// A suggested night is in a town of at least this many people: one with somewhere to sleep.
    static let townPopulation = 1_000
    /// An imported lodging or camp site this close to where the day's driving ends is taken before a town.
    static let lodgingReach = 15_000.0
    /// The imported kinds that are somewhere to sleep.
    static let kinds: Set<String> = ["lodging", "camp site"]
}
