import RoadtripCore

/// Finds places by what a person types; the waypoint editor's interactor receives one.
public protocol PlaceSearching: Sendable {
    /// The best `limit` places for `query`, best first; empty for no match or bad input.
    func search(_ query: String, limit: Int) -> [Place]
}

/// Finds the known place closest to a coordinate (for a time zone of a typed position).
public protocol NearestPlaceFinding: Sendable {
    func nearest(to coordinate: Coordinate) -> Place?
}
