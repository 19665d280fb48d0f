import Foundation
import RoadtripCore

/// A latitude and longitude box, as an extract covers the Earth.
public struct GeoBounds: Codable, Sendable, Equatable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether the box holds `point`, edges included.
    func contains(_ point: Coordinate) -> Bool {
        point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east
    }

    /// Whether the boxes overlap or lie within about a kilometre (0.01°) of one another: extracts cut
    /// along a shared border touch.
    func touches(_ other: GeoBounds) -> Bool {
        let margin = 0.01
        return south <= other.north + margin && other.south <= north + margin && west <= other.east + margin
            && other.west <= east + margin
    }

    /// Whether the numbers describe a box on the Earth, south of north and west of east.
    var isPlausible: Bool {
        [south, west, north, east].allSatisfy(\.isFinite) && south >= -90 && north <= 90 && west >= -180 && east <= 180
            && south <= north && west <= east
    }

    /// "43.72–43.75° N, 7.40–7.44° E", for `roads list`.
    public var text: String {
        func range(_ low: Double, _ high: Double, _ positive: String, _ negative: String) -> String {
            let a = String(format: "%.2f", abs(low)), b = String(format: "%.2f", abs(high))
            if low < 0, high > 0 { return "\(a)° \(negative)–\(b)° \(positive)" }
            return "\(a)–\(b)° \(high <= 0 ? negative : positive)"
        }
        return range(south, north, "N", "S") + ", " + range(west, east, "E", "W")
    }
}

/// A region prepared for routing by `roadtrip roads import`, as its `region.json` records it.
public struct RoadRegion: Codable, Sendable, Equatable {
    /// One extract the region was made from, and the box its nodes fill.
    public struct Extract: Codable, Sendable, Equatable {
        public var file: String
        public var bytes: Int64
        public var bounds: GeoBounds

        public init(file: String, bytes: Int64, bounds: GeoBounds) {
            self.file = file
            self.bytes = bytes
            self.bounds = bounds
        }
    }

    public var name: String
    public var extracts: [Extract]
    /// When it was prepared, ISO 8601.
    public var imported: String
    /// The `osrm-routed --version` that prepared it: a dataset is served by the version that made it.
    public var osrmVersion: String
    public var profile: String

    public init(name: String, extracts: [Extract], imported: String, osrmVersion: String, profile: String) {
        self.name = name
        self.extracts = extracts
        self.imported = imported
        self.osrmVersion = osrmVersion
        self.profile = profile
    }

    /// Whether the leg `from` → `to` can be driven on this region's roads: both ends lie in
    /// extracts that touch one another, directly or through others (neighbouring states merged
    /// into one graph). Extracts far apart (Monaco and Helsinki) share a graph but no road.
    func covers(from: Coordinate, to: Coordinate) -> Bool {
        guard let a = group(of: from), let b = group(of: to) else { return false }
        return a == b
    }

    /// The group of touching extracts `point` lies in, as the index of the group's first extract.
    func group(of point: Coordinate) -> Int? {
        guard let index = extracts.firstIndex(where: { $0.bounds.contains(point) }) else { return nil }
        return groups[index]
    }

    /// For each extract, the first extract of the group of boxes that touch it, directly or not.
    private var groups: [Int] {
        var group = Array(extracts.indices)
        func root(_ i: Int) -> Int { group[i] == i ? i : root(group[i]) }
        for i in extracts.indices {
            for j in extracts.indices where j > i && extracts[i].bounds.touches(extracts[j].bounds) {
                let (a, b) = (root(i), root(j))
                group[max(a, b)] = min(a, b)
            }
        }
        return extracts.indices.map(root)
    }

    /// The area its boxes hold, for choosing the smallest region when two cover a leg.
    var area: Double {
        extracts.reduce(0) { $0 + ($1.bounds.north - $1.bounds.south) * ($1.bounds.east - $1.bounds.west) }
    }
}
