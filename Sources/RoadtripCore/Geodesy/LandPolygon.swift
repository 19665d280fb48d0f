import Foundation
import Synchronization

/// One land polygon (an outer ring and its holes), indexed by bands of latitude so that a point
/// test looks at the few edges crossing its band, not the hundreds of thousands of a continent.
struct LandPolygon: Sendable {
    /// Edges as (lon1, lat1, lon2, lat2), every ring's together; a hole's edges count like the
    /// outer ring's in the crossing test, which is what makes it a hole.
    private let edges: [(Double, Double, Double, Double)]
    /// The edges touching band `firstBand + i` are `members[starts[i]..<starts[i + 1]]`.
    private let firstBand: Int
    private let starts: [Int32]
    private let members: [Int32]
    let box: LandBox

    static let bandDegrees = 0.25

    /// `rings[0]` is the outer ring, the rest holes; each ring as (longitude, latitude) points.
    init(rings: [[(Double, Double)]]) {
        var edges: [(Double, Double, Double, Double)] = []
        for ring in rings where ring.count >= 3 {
            for (i, p) in ring.enumerated() {
                let q = ring[(i + 1) % ring.count]
                if p != q { edges.append((p.0, p.1, q.0, q.1)) }
            }
        }
        let box = LandBox(
            minLongitude: edges.map { min($0.0, $0.2) }.min() ?? 0, minLatitude: edges.map { min($0.1, $0.3) }.min() ?? 0,
            maxLongitude: edges.map { max($0.0, $0.2) }.max() ?? 0, maxLatitude: edges.map { max($0.1, $0.3) }.max() ?? 0)
        // Two passes, counting then filling, into flat arrays: a dictionary of arrays cost most of the load.
        let first = Self.band(box.minLatitude), count = Self.band(box.maxLatitude) - first + 1
        var starts = [Int32](repeating: 0, count: count + 1)
        for e in edges {
            for band in Self.band(min(e.1, e.3))...Self.band(max(e.1, e.3)) { starts[band - first + 1] += 1 }
        }
        for i in 0..<count { starts[i + 1] += starts[i] }
        var fill = Array(starts.dropLast())
        var members = [Int32](repeating: 0, count: Int(starts[count]))
        for (index, e) in edges.enumerated() {
            for band in Self.band(min(e.1, e.3))...Self.band(max(e.1, e.3)) {
                members[Int(fill[band - first])] = Int32(index)
                fill[band - first] += 1
            }
        }
        self.edges = edges
        self.firstBand = first
        self.starts = starts
        self.members = members
        self.box = box
    }

    static func band(_ latitude: Double) -> Int { Int((latitude / bandDegrees).rounded(.down)) }

    private func edgeIndices(inBand band: Int) -> ArraySlice<Int32> {
        let i = band - firstBand
        guard i >= 0, i + 1 < starts.count else { return [] }
        return members[Int(starts[i])..<Int(starts[i + 1])]
    }

    /// Whether `point` is inside (even-odd rule, a ray towards the east).
    func contains(_ point: Coordinate) -> Bool {
        let x = point.longitude, y = point.latitude
        guard box.contains(point, marginDegrees: 0) else { return false }
        var inside = false
        for i in edgeIndices(inBand: Self.band(y)) {
            let (x1, y1, x2, y2) = edges[Int(i)]
            if (y1 > y) != (y2 > y), x < (x2 - x1) * (y - y1) / (y2 - y1) + x1 { inside.toggle() }
        }
        return inside
    }

    /// Metres from `point` to the nearest edge when within `limit`, else nil.
    func shoreDistance(to point: Coordinate, within limit: Double) -> Double? {
        let reach = limit / 111_000
        guard box.contains(point, marginDegrees: reach) else { return nil }
        let scale = max(cos(point.latitude * .pi / 180), 0.01)
        let lonReach = reach / scale
        var best = Double.infinity
        for band in Self.band(point.latitude - reach)...Self.band(point.latitude + reach) {
            for i in edgeIndices(inBand: band) {
                let (x1, y1, x2, y2) = edges[Int(i)]
                // Most of a continent's band is far to the east or west: skipped before any arithmetic.
                if min(x1, x2) > point.longitude + lonReach || max(x1, x2) < point.longitude - lonReach { continue }
                // Flat metres around the point: enough to tell a harbour on the shore from the open sea.
                let ax = (x1 - point.longitude) * scale, ay = y1 - point.latitude
                let bx = (x2 - point.longitude) * scale, by = y2 - point.latitude
                let dx = bx - ax, dy = by - ay
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
                let cx = ax + t * dx, cy = ay + t * dy
                best = min(best, (cx * cx + cy * cy).squareRoot() * 111_195)
            }
        }
        return best <= limit ? best : nil
    }
}

/// A polygon's bounding box in degrees.
struct LandBox: Sendable, Equatable {
    var minLongitude, minLatitude, maxLongitude, maxLatitude: Double

    /// Whether `point` is within the box grown by `marginDegrees` of latitude (and as many
    /// kilometres of longitude).
    func contains(_ point: Coordinate, marginDegrees: Double) -> Bool {
        guard marginDegrees > 0 else {
            return point.latitude >= minLatitude && point.latitude <= maxLatitude && point.longitude >= minLongitude
                && point.longitude <= maxLongitude
        }
        let scale = max(cos(point.latitude * .pi / 180), 0.01)
        return point.latitude >= minLatitude - marginDegrees && point.latitude <= maxLatitude + marginDegrees
            && point.longitude >= minLongitude - marginDegrees / scale
            && point.longitude <= maxLongitude + marginDegrees / scale
    }
}

/// `landmasses.bin` (see `Scripts/data/build_landmasses.py`): "RTLM", version 2, then masses of polygons,
/// each with its box and the byte length of its rings, so that only the polygons a point is near
/// are ever decoded: opening the file reads the boxes, nothing else.
final class LandmassFile: Sendable {
    private let bytes: [UInt8]
    /// Per polygon: its mass, its box, where its rings are in `bytes`.
    private let mass: [Int]
    private let boxes: [LandBox]
    private let rings: [Range<Int>]
    /// Polygons decoded so far (a continent is decoded once, for the first stop on it).
    private let decoded = Mutex<[Int: LandPolygon]>([:])
    /// Every polygon, once `decodeAll` has run: read without a lock, since every core may be
    /// placing stops at once (the trip list's totals) and a lock per polygon was what they waited on.
    private let all = AtomicLazyReference<PolygonList>()

    private final class PolygonList: Sendable {
        let polygons: [LandPolygon?]
        init(_ polygons: [LandPolygon?]) { self.polygons = polygons }
    }

    /// Decodes every polygon not decoded yet, so that no lookup waits for one or for a lock: for
    /// the planner, in the background as it starts, and before totalling many trips at once.
    func decodeAll() {
        guard all.load() == nil else { return }
        let list = PolygonList(boxes.indices.map { polygon($0) })
        _ = all.storeIfNil(list)
    }
    /// Cells of `cellDegrees` (row-major from 90° S, 180° W) → the polygons whose box overlaps the
    /// cell: a point looks at a handful of boxes, not all four thousand.
    private let cells: [[Int32]]
    static let cellDegrees = 2.0
    static let columns = Int(360 / cellDegrees), rows = Int(180 / cellDegrees)

    /// nil for a file that is not this format or is damaged: it is refused, not trusted.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 5, Array(bytes[0..<4]) == Array("RTLM".utf8), bytes[4] == 2 else { return nil }
        var reader = VarintReader(bytes: bytes, at: 5)
        var mass: [Int] = [], boxes: [LandBox] = [], rings: [Range<Int>] = []
        guard let massCount = reader.count() else { return nil }
        for m in 0..<massCount {
            guard let polygonCount = reader.count() else { return nil }
            for _ in 0..<polygonCount {
                guard let x1 = reader.signed(), let y1 = reader.signed(), let x2 = reader.signed(), let y2 = reader.signed(),
                    let length = reader.count(), reader.at + length <= bytes.count
                else { return nil }
                let box = LandBox(
                    minLongitude: Double(x1) * 1e-5, minLatitude: Double(y1) * 1e-5, maxLongitude: Double(x2) * 1e-5,
                    maxLatitude: Double(y2) * 1e-5)
                guard box.minLatitude >= -90.5, box.maxLatitude <= 90.5, box.minLongitude >= -180.5,
                    box.maxLongitude <= 180.5
                else { return nil }
                mass.append(m)
                boxes.append(box)
                rings.append(reader.at..<reader.at + length)
                reader.at += length
            }
        }
        guard reader.at == bytes.count else { return nil }
        self.bytes = bytes
        self.mass = mass
        self.boxes = boxes
        self.rings = rings
        cells = Self.cells(boxes)
    }

    private static func cell(_ latitude: Double, _ longitude: Double) -> (row: Int, column: Int) {
        (
            min(rows - 1, max(0, Int(((latitude + 90) / cellDegrees).rounded(.down)))),
            min(columns - 1, max(0, Int(((longitude + 180) / cellDegrees).rounded(.down))))
        )
    }

    private static func cells(_ boxes: [LandBox]) -> [[Int32]] {
        var cells = [[Int32]](repeating: [], count: rows * columns)
        for (i, box) in boxes.enumerated() {
            let low = cell(box.minLatitude, box.minLongitude), high = cell(box.maxLatitude, box.maxLongitude)
            for row in low.row...high.row {
                for column in low.column...high.column { cells[row * columns + column].append(Int32(i)) }
            }
        }
        return cells
    }

    /// The polygons whose boxes may hold a point within `marginDegrees` of `point` (a few cells).
    private func candidates(_ point: Coordinate, marginDegrees: Double) -> [Int] {
        let scale = max(cos(point.latitude * .pi / 180), 0.01)
        let low = Self.cell(point.latitude - marginDegrees, point.longitude - marginDegrees / scale)
        let high = Self.cell(point.latitude + marginDegrees, point.longitude + marginDegrees / scale)
        if low == high { return cells[low.row * Self.columns + low.column].map(Int.init) }
        var found = Set<Int>()
        for row in low.row...high.row {
            for column in low.column...high.column {
                for i in cells[row * Self.columns + column] { found.insert(Int(i)) }
            }
        }
        return found.sorted()
    }

    /// Polygons already made (tests): each mass a list of polygons.
    init(masses: [[LandPolygon]]) {
        bytes = []
        mass = masses.enumerated().flatMap { m, polygons in polygons.map { _ in m } }
        let all = masses.flatMap { $0 }
        boxes = all.map(\.box)
        rings = all.map { _ in 0..<0 }
        cells = Self.cells(boxes)
        decoded.withLock { $0 = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.offset, $0.element) }) }
    }

    var polygonCount: Int { boxes.count }

    /// The mass holding `point`, else the one whose shore is nearest within `shoreMeters`.
    func group(of point: Coordinate) -> Int? {
        for i in candidates(point, marginDegrees: 0) where boxes[i].contains(point, marginDegrees: 0) {
            if polygon(i)?.contains(point) == true { return mass[i] }
        }
        var best: (mass: Int, meters: Double)?
        let reach = Landmasses.shoreMeters / 111_000
        for i in candidates(point, marginDegrees: reach) where boxes[i].contains(point, marginDegrees: reach) {
            guard let meters = polygon(i)?.shoreDistance(to: point, within: Landmasses.shoreMeters) else { continue }
            if meters < best?.meters ?? .infinity { best = (mass[i], meters) }
        }
        return best?.mass
    }

    /// Whether `point` is inside some polygon (the sea between masses is not; lakes are land).
    func isLand(_ point: Coordinate) -> Bool {
        let (row, column) = Self.cell(point.latitude, point.longitude)
        return cells[row * Self.columns + column].contains {
            boxes[Int($0)].contains(point, marginDegrees: 0) && polygon(Int($0))?.contains(point) == true
        }
    }

    /// Polygon `i`, decoded the first time it is needed; nil when its bytes are damaged.
    private func polygon(_ i: Int) -> LandPolygon? {
        if let list = all.load() { return list.polygons[i] }
        if let done = decoded.withLock({ $0[i] }) { return done }
        guard let made = Self.decode(bytes, rings[i]) else { return nil }
        decoded.withLock { $0[i] = made }
        return made
    }

    private static func decode(_ bytes: [UInt8], _ range: Range<Int>) -> LandPolygon? {
        var reader = VarintReader(bytes: bytes, at: range.lowerBound, end: range.upperBound)
        guard let ringCount = reader.count() else { return nil }
        var rings: [[(Double, Double)]] = []
        for _ in 0..<ringCount {
            guard let pointCount = reader.count() else { return nil }
            var ring: [(Double, Double)] = []
            ring.reserveCapacity(pointCount)
            var x: Int64 = 0, y: Int64 = 0
            for _ in 0..<pointCount {
                guard let dx = reader.signed(), let dy = reader.signed() else { return nil }
                x &+= dx
                y &+= dy
                let lon = Double(x) * 1e-5, lat = Double(y) * 1e-5
                guard abs(lon) <= 180.5, abs(lat) <= 90.5 else { return nil }
                ring.append((lon, lat))
            }
            rings.append(ring)
        }
        return reader.at == range.upperBound ? LandPolygon(rings: rings) : nil
    }
}

/// Unsigned LEB128 and zigzag varints from a byte array, never reading past `end`.
private struct VarintReader {
    let bytes: [UInt8]
    var at: Int
    let end: Int

    init(bytes: [UInt8], at: Int, end: Int? = nil) {
        self.bytes = bytes
        self.at = at
        self.end = end ?? bytes.count
    }

    mutating func unsigned() -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while at < end, shift < 64 {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// A count, which cannot exceed the bytes left: a damaged count is refused, not allocated.
    mutating func count() -> Int? {
        guard let n = unsigned(), n <= UInt64(end - at) else { return nil }
        return Int(n)
    }

    mutating func signed() -> Int64? {
        guard let v = unsigned() else { return nil }
        return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
    }
}
