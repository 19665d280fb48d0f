import Foundation
import RoadtripCore

/// Where an extract's data lies: the box its nodes fill, and the cells of a quarter of a degree
/// that hold any node, so a routing region made from it knows which stops its roads can reach.
public enum ExtractBounds {
    /// What `read` finds.
    public struct Coverage: Sendable, Equatable {
        public var south: Double
        public var west: Double
        public var north: Double
        public var east: Double
        public var nodes: Int
        /// The `CoverageCell`s holding a node, sorted.
        public var cells: [Int32]
    }

    /// Reads every node of the file at `path` once; nil when it has none on the Earth. The
    /// header's optional bbox is not used: it is the cut polygon's, which may be wider than the data.
    public static func read(_ path: String) throws -> Coverage? {
        var nodes = 0
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity
        var cells = Set<Int32>()
        func add(_ latitude: Double, _ longitude: Double) {
            guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return }
            nodes += 1
            south = min(south, latitude)
            north = max(north, latitude)
            west = min(west, longitude)
            east = max(east, longitude)
            cells.insert(CoverageCell.index(latitude: latitude, longitude: longitude))
        }
        try PBFBlocks(path: path).forEachDataBlock { block in
            let scale = Double(block.granularity) / 1e9
            let latOffset = Double(block.latOffset) / 1e9, lonOffset = Double(block.lonOffset) / 1e9
            for group in block.primitivegroup {
                for node in group.nodes { add(latOffset + Double(node.lat) * scale, lonOffset + Double(node.lon) * scale) }
                guard group.hasDense else { continue }
                var lat: Int64 = 0, lon: Int64 = 0
                for (dLat, dLon) in zip(group.dense.lat, group.dense.lon) {
                    // Wrapping sums: a hostile file cannot trap here; its nonsense is dropped by `add`.
                    lat = lat &+ dLat
                    lon = lon &+ dLon
                    add(latOffset + Double(lat) * scale, lonOffset + Double(lon) * scale)
                }
            }
        }
        guard nodes > 0 else { return nil }
        return Coverage(south: south, west: west, north: north, east: east, nodes: nodes, cells: cells.sorted())
    }
}
