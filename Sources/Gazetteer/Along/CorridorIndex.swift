import Foundation
import RoadtripCore

/// Every place a route may pass (built-in towns, curated destinations, imported places) in cells
/// of a quarter of a degree, so a corridor search reads only the cells the corridor touches.
///
/// A quarter degree (28 km north–south) keeps a 10 km corridor to a few cells a segment and a
/// cell to a few dozen towns where they are densest; the cell table is 1,036,800 starts (4 MB).
/// Measured against a 1° grid in BENCHMARKS.md.
struct CorridorIndex: Sendable {
    /// Where an entry's place is: row `row` of the built-in towns (`source` 0) or of pack `source - 1`.
    struct Entry: Sendable {
        var latitude: Double
        var longitude: Double
        var row: Int32
        var source: UInt16
        /// Index into `kindNames`.
        var kind: UInt16
    }

    static let cellDegrees = 0.25
    static let columns = 1440, lines = 720

    /// The entries, cell by cell.
    let entries: [Entry]
    /// Where each cell's entries start in `entries`; one more than cells.
    private let starts: [Int32]
    /// The data kinds entries have ("town", "park", "camp site").
    let kindNames: [String]

    init(latitudes: [Double], longitudes: [Double], packs: [PackedPlaces]) {
        var kindNames = [AlongKind.townDataKind]
        var kindCodes = [AlongKind.townDataKind: UInt16(0)]
        var all: [Entry] = []
        all.reserveCapacity(latitudes.count + packs.reduce(0) { $0 + $1.count })
        for row in latitudes.indices {
            all.append(Entry(latitude: latitudes[row], longitude: longitudes[row], row: Int32(row), source: 0, kind: 0))
        }
        for (p, pack) in packs.enumerated() {
            for e in 0..<pack.count {
                let kind = pack.kind(e)
                let code =
                    kindCodes[kind]
                    ?? {
                        let code = UInt16(kindNames.count)
                        kindNames.append(kind)
                        kindCodes[kind] = code
                        return code
                    }()
                let at = pack.coordinate(e)
                all.append(
                    Entry(latitude: at.latitude, longitude: at.longitude, row: Int32(e), source: UInt16(p + 1), kind: code))
            }
        }
        let cells = Self.columns * Self.lines
        var counts = [Int32](repeating: 0, count: cells + 1)
        let cellOf = all.map { Self.cell(line: Self.line($0.latitude), column: Self.column($0.longitude)) }
        for c in cellOf { counts[c + 1] += 1 }
        for c in 0..<cells { counts[c + 1] += counts[c] }
        var next = counts
        var sorted = all
        for (i, c) in cellOf.enumerated() {
            sorted[Int(next[c])] = all[i]
            next[c] += 1
        }
        entries = sorted
        starts = counts
        self.kindNames = kindNames
    }

    static func line(_ latitude: Double) -> Int { min(lines - 1, max(0, Int(((latitude + 90) / cellDegrees).rounded(.down)))) }

    static func column(_ longitude: Double) -> Int {
        let x = Int(((longitude + 180) / cellDegrees).rounded(.down)) % columns
        return x < 0 ? x + columns : x
    }

    static func cell(line: Int, column: Int) -> Int { line * columns + column }

    /// The entries of one cell.
    func entries(inCell cell: Int) -> Range<Int> { Int(starts[cell])..<Int(starts[cell + 1]) }

    /// The cells within `meters` of the segment `a`–`b`: its bounding box widened by `meters`.
    static func cells(near a: Coordinate, _ b: Coordinate, meters: Double) -> [Int] {
        let margin = meters / 111_195 + 1e-9
        let south = min(a.latitude, b.latitude) - margin, north = max(a.latitude, b.latitude) + margin
        let widest = min(89.9, max(abs(south), abs(north)))
        let lonMargin = min(180, margin / cos(widest * .pi / 180))
        let delta = RouteLine.longitudeDeltaOf(a.longitude, b.longitude)
        let west = min(a.longitude, a.longitude + delta) - lonMargin
        let east = max(a.longitude, a.longitude + delta) + lonMargin
        let firstColumn = Int(((west + 180) / cellDegrees).rounded(.down))
        let lastColumn = Int(((east + 180) / cellDegrees).rounded(.down))
        let columnRange = lastColumn - firstColumn >= columns - 1 ? 0...(columns - 1) : firstColumn...lastColumn
        var out: [Int] = []
        for y in line(south)...line(north) {
            for x in columnRange { out.append(cell(line: y, column: ((x % columns) + columns) % columns)) }
        }
        return out
    }
}
