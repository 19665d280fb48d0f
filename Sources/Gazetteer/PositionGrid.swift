import Foundation
import RoadtripCore

/// Every place's position in 1° cells, so the nearest place to a point is found from the few cells
/// around it, not by reading every row (an itinerary asks for hundreds of nights' towns).
struct PositionGrid: Sendable {
    let latitudes: [Double]
    let longitudes: [Double]
    /// Rows of each cell, in row order (larger places first), cell by cell.
    private let rows: [Int32]
    /// Where each cell's rows start in `rows`; one more entry than cells.
    private let starts: [Int32]
    private static let columns = 360, lines = 180

    init(latitudes: [Double], longitudes: [Double]) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        let cells = Self.columns * Self.lines
        var counts = [Int32](repeating: 0, count: cells + 1)
        let cellOf = latitudes.indices.map { Self.cell(latitudes[$0], longitudes[$0]) }
        for c in cellOf { counts[c + 1] += 1 }
        for c in 0..<cells { counts[c + 1] += counts[c] }
        var next = counts
        var rows = [Int32](repeating: 0, count: latitudes.count)
        for (row, c) in cellOf.enumerated() {
            rows[Int(next[c])] = Int32(row)
            next[c] += 1
        }
        self.rows = rows
        starts = counts
    }

    private static func cell(_ latitude: Double, _ longitude: Double) -> Int {
        let y = min(lines - 1, max(0, Int((latitude + 90).rounded(.down))))
        var x = Int((longitude + 180).rounded(.down)) % columns
        if x < 0 { x += columns }
        return y * columns + x
    }

    /// The row nearest `point` among rows below `limit` (the larger places), by great-circle
    /// distance; nil when there is none.
    ///
    /// Rings of cells around the point's cell are read outwards until no cell of the next ring can
    /// hold anything nearer than the nearest found (`ringBound`, a true lower bound on the sphere,
    /// so a point far out at sea finds the same row as reading every row).
    func nearest(to point: Coordinate, rowsBelow limit: Int) -> Int? {
        let cy = min(Self.lines - 1, max(0, Int((point.latitude + 90).rounded(.down))))
        let cx = Int((point.longitude + 180).rounded(.down))
        var nearest: (row: Int, meters: Double)?
        for r in 0...Self.columns / 2 {
            if let nearest, r >= 1, Self.ringBound(degrees: r - 1, latitude: point.latitude) > nearest.meters { break }
            for y in max(0, cy - r)...min(Self.lines - 1, cy + r) {
                let edge = y == cy - r || y == cy + r
                let xs = edge ? Array((cx - r)...(cx + r)) : [cx - r, cx + r]
                for x in Set(xs.map { (($0 % Self.columns) + Self.columns) % Self.columns }) {
                    let c = y * Self.columns + x
                    for i in Int(starts[c])..<Int(starts[c + 1]) {
                        let row = Int(rows[i])
                        guard row < limit else { break }
                        let meters = Haversine.meters(point, Coordinate(latitude: latitudes[row], longitude: longitudes[row]))
                        if meters < nearest?.meters ?? .infinity { nearest = (row, meters) }
                    }
                }
            }
        }
        return nearest?.row
    }

    /// The least great-circle distance (m) from a point at `latitude` to any point at least
    /// `degrees` away from it in latitude or in longitude: the nearer of the two. Latitude: the
    /// degrees themselves. Longitude: the distance to the meridian that many degrees away (the
    /// perpendicular, asin(sin d · cos φ), while its foot is on that half-meridian), or to the
    /// nearer pole, which every meridian reaches.
    static func ringBound(degrees: Int, latitude: Double) -> Double {
        let d = Double(degrees) * .pi / 180
        let toPole = (90 - abs(latitude)) * .pi / 180
        let acrossMeridians = degrees < 90 ? min(asin(min(1, sin(d) * cos(latitude * .pi / 180))), toPole) : toPole
        return Haversine.earthRadius * min(d, acrossMeridians)
    }
}
