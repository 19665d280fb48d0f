import Foundation
import RoadtripCore

/// The box an extract's nodes fill: where a routing region made from it can route.
public enum ExtractBounds {
    /// South, west, north and east of every node in the file at `path`, and how many nodes it
    /// has; nil when it has none.
    /// Reads the whole file once (the header's optional bbox is the cut polygon's, which may be
    /// wider than the data, so the nodes are measured instead).
    public static func read(_ path: String) throws -> (south: Double, west: Double, north: Double, east: Double, nodes: Int)? {
        var nodes = 0
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity
        func add(_ latitude: Double, _ longitude: Double) {
            guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return }
            nodes += 1
            south = min(south, latitude)
            north = max(north, latitude)
            west = min(west, longitude)
            east = max(east, longitude)
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
        guard south <= north, west <= east else { return nil }
        return (south, west, north, east, nodes)
    }
}
