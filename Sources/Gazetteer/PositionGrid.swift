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
    /// distance among the flat-nearest few; nil when there is none.
    func nearest(to point: Coordinate, rowsBelow limit: Int) -> Int? {
        let scale = max(cos(point.latitude * .pi / 180), 0.05)
        let cy = min(Self.lines - 1, max(0, Int((point.latitude + 90).rounded(.down))))
        let cx = Int((point.longitude + 180).rounded(.down))
        var candidates: [(flat: Double, row: Int)] = []
        var best = Double.infinity
        for r in 0...Self.columns / 2 {
            // Any cell of ring r is at least r − 1 degrees of latitude, or of longitude, away.
            if !candidates.isEmpty, Double(r - 1) * scale > best.squareRoot() { break }
            for y in max(0, cy - r)...min(Self.lines - 1, cy + r) {
                let edge = y == cy - r || y == cy + r
                let xs = edge ? Array((cx - r)...(cx + r)) : [cx - r, cx + r]
                for x in Set(xs.map { (($0 % Self.columns) + Self.columns) % Self.columns }) {
                    let c = y * Self.columns + x
                    for i in Int(starts[c])..<Int(starts[c + 1]) {
                        let row = Int(rows[i])
                        guard row < limit else { break }
                        let dLat = latitudes[row] - point.latitude
                        var dLon = abs(longitudes[row] - point.longitude)
                        if dLon > 180 { dLon = 360 - dLon }
                        let flat = dLat * dLat + dLon * dLon * scale * scale
                        candidates.append((flat, row))
                        best = min(best, flat)
                    }
                }
            }
        }
        candidates.sort { $0.flat < $1.flat }
        return candidates.prefix(32).min { a, b in
            Geodesic.distance(point, Coordinate(latitude: latitudes[a.row], longitude: longitudes[a.row]))
                < Geodesic.distance(point, Coordinate(latitude: latitudes[b.row], longitude: longitudes[b.row]))
        }?.row
    }
}
