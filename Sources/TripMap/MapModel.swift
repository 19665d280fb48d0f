import RoadtripCore

/// Everything the map shows of a trip: already-decided data, no drawing state.
public struct MapModel: Equatable, Sendable {
    /// One stop: its name (for the label) and where it is.
    public struct Stop: Equatable, Sendable {
        public var name: String
        public var coordinate: Coordinate
        public init(name: String, coordinate: Coordinate) {
            self.name = name
            self.coordinate = coordinate
        }
    }

    public var stops: [Stop]
    /// Per leg (stop i to stop i + 1): the driven line when the route provider knows it (OSRM),
    /// else nil and the map draws the great-circle arc. Missing entries count as nil.
    public var legGeometries: [[Coordinate]?]
    /// The stop highlighted on the map (the list's selection).
    public var selectedIndex: Int?
    /// The scale bar's unit.
    public var unit: DistanceUnit
    /// A place that is not a stop, marked and named above everything else (the place highlighted
    /// in the list of places along the route).
    public var marker: Stop?

    public init(
        stops: [Stop], legGeometries: [[Coordinate]?] = [], selectedIndex: Int? = nil,
        unit: DistanceUnit = .kilometers
    ) {
        self.stops = stops
        self.legGeometries = legGeometries
        self.selectedIndex = selectedIndex
        self.unit = unit
    }

    /// The map of `trip`, with the geometry of `legs` where they have one.
    public init(trip: Trip, legs: [Leg] = [], selectedIndex: Int? = nil, unit: DistanceUnit = .kilometers) {
        self.init(
            stops: trip.waypoints.map { Stop(name: $0.name, coordinate: $0.coordinate) },
            legGeometries: legs.map(\.geometry), selectedIndex: selectedIndex, unit: unit)
    }

    /// The part of the model that decides the route's shape (what the prepared route is cached on).
    var shape: Shape { Shape(stops: stops.map(\.coordinate), legGeometries: legGeometries) }

    struct Shape: Equatable {
        var stops: [Coordinate]
        var legGeometries: [[Coordinate]?]
    }
}
