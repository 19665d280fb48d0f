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

    /// Whether the boxes overlap or lie within `margin` degrees of one another (a quick test before
    /// the extracts' cells are compared; boxes across 180° are as wide as the Earth, so they pass it).
    func touches(_ other: GeoBounds, margin: Double) -> Bool {
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
    /// One extract the region was made from: the box its nodes fill (for people) and the
    /// `CoverageCell`s holding them, sorted (for routing: a box also holds what lies outside the
    /// data, such as Las Vegas in California's, or every longitude for Alaska's, across 180°).
    public struct Extract: Codable, Sendable, Equatable {
        public var file: String
        public var bytes: Int64
        public var bounds: GeoBounds
        public var cells: [Int32]

        public init(file: String, bytes: Int64, bounds: GeoBounds, cells: [Int32]) {
            self.file = file
            self.bytes = bytes
            self.bounds = bounds
            self.cells = cells
        }

        /// Whether a node of the extract lies in `point`'s cell or one next to it.
        func reaches(_ point: Coordinate) -> Bool {
            CoverageCell.neighbourhood(CoverageCell.index(latitude: point.latitude, longitude: point.longitude))
                .contains { holds($0) }
        }

        func holds(_ cell: Int32) -> Bool {
            var low = 0, high = cells.count
            while low < high {
                let middle = (low + high) / 2
                if cells[middle] < cell { low = middle + 1 } else { high = middle }
            }
            return low < cells.count && cells[low] == cell
        }

        /// Whether the two extracts' data meet: a cell of one is next to a cell of the other.
        func touches(_ other: Extract) -> Bool {
            guard bounds.touches(other.bounds, margin: 1.0 / Double(CoverageCell.perDegree) + 0.01) else { return false }
            let (small, large) = cells.count <= other.cells.count ? (self, other) : (other, self)
            return small.cells.contains { cell in CoverageCell.neighbourhood(cell).contains { large.holds($0) } }
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

    /// Whether the leg `from` → `to` can be driven on this region's roads: both ends are in reach
    /// of extracts whose data meet, directly or through others (neighbouring states merged into one
    /// graph). Extracts far apart (Monaco and Helsinki) share a graph but no road. `groups` is
    /// `extractGroups()`, worked out once.
    func covers(from: Coordinate, to: Coordinate, groups: [Int]) -> Bool {
        guard let a = group(of: from, groups), let b = group(of: to, groups) else { return false }
        return a == b
    }

    /// The group of meeting extracts `point` is in reach of, as the index of the group's first extract.
    private func group(of point: Coordinate, _ groups: [Int]) -> Int? {
        guard let index = extracts.firstIndex(where: { $0.reaches(point) }), groups.indices.contains(index) else {
            return nil
        }
        return groups[index]
    }

    /// For each extract, the first extract of the group whose data meet it, directly or not.
    func extractGroups() -> [Int] {
        var group = Array(extracts.indices)
        func root(_ i: Int) -> Int { group[i] == i ? i : root(group[i]) }
        for i in extracts.indices {
            for j in extracts.indices where j > i && extracts[i].touches(extracts[j]) {
                let (a, b) = (root(i), root(j))
                group[max(a, b)] = min(a, b)
            }
        }
        return extracts.indices.map(root)
    }

    /// How much of the Earth its data covers, in cells: the smallest region holding a leg routes it.
    var area: Int { extracts.reduce(0) { $0 + $1.cells.count } }
}
