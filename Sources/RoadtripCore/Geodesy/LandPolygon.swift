import Foundation

/// One land polygon (an outer ring and its holes), indexed by bands of latitude so that a point
/// test looks at the few edges crossing its band, not the hundreds of thousands of a continent.
struct LandPolygon: Sendable {
    /// Edges as (lon1, lat1, lon2, lat2), every ring's together; a hole's edges count like the
    /// outer ring's in the crossing test, which is what makes it a hole.
    private let edges: [(Double, Double, Double, Double)]
    /// Band → the edges that touch it.
    private let bands: [Int: [Int32]]
    let minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double

    static let bandDegrees = 0.25

    /// `rings[0]` is the outer ring, the rest holes; each ring as (longitude, latitude) points.
    init(rings: [[(Double, Double)]]) {
        var edges: [(Double, Double, Double, Double)] = []
        var bands: [Int: [Int32]] = [:]
        var minLat = Double.infinity, maxLat = -Double.infinity, minLon = Double.infinity, maxLon = -Double.infinity
        for ring in rings where ring.count >= 3 {
            for (i, p) in ring.enumerated() {
                let q = ring[(i + 1) % ring.count]
                if p == q { continue }
                let index = Int32(edges.count)
                edges.append((p.0, p.1, q.0, q.1))
                for band in Self.band(min(p.1, q.1))...Self.band(max(p.1, q.1)) { bands[band, default: []].append(index) }
                minLat = min(minLat, p.1)
                maxLat = max(maxLat, p.1)
                minLon = min(minLon, p.0)
                maxLon = max(maxLon, p.0)
            }
        }
        self.edges = edges
        self.bands = bands
        (minLatitude, maxLatitude, minLongitude, maxLongitude) = (minLat, maxLat, minLon, maxLon)
    }

    static func band(_ latitude: Double) -> Int { Int((latitude / bandDegrees).rounded(.down)) }

    /// Whether `point` is inside (even-odd rule, a ray towards the east).
    func contains(_ point: Coordinate) -> Bool {
        let x = point.longitude, y = point.latitude
        guard y >= minLatitude, y <= maxLatitude, x >= minLongitude, x <= maxLongitude,
            let candidates = bands[Self.band(y)]
        else { return false }
        var inside = false
        for i in candidates {
            let (x1, y1, x2, y2) = edges[Int(i)]
            if (y1 > y) != (y2 > y), x < (x2 - x1) * (y - y1) / (y2 - y1) + x1 { inside.toggle() }
        }
        return inside
    }

    /// Metres from `point` to the nearest edge when within `limit`, else nil.
    func shoreDistance(to point: Coordinate, within limit: Double) -> Double? {
        let reach = limit / 111_000
        guard point.latitude >= minLatitude - reach, point.latitude <= maxLatitude + reach else { return nil }
        let scale = max(cos(point.latitude * .pi / 180), 0.01)
        guard point.longitude >= minLongitude - reach / scale, point.longitude <= maxLongitude + reach / scale else {
            return nil
        }
        var best = Double.infinity
        var seen = Set<Int32>()
        for band in Self.band(point.latitude - reach)...Self.band(point.latitude + reach) {
            for i in bands[band] ?? [] where seen.insert(i).inserted {
                let (x1, y1, x2, y2) = edges[Int(i)]
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

/// Reads `landmasses.bin`: "RTLM", version 1, then masses of polygons of rings of zigzag varint
/// deltas in 1e-5 degrees (see `Scripts/build_landmasses.py`).
enum LandmassFile {
    static func decode(_ bytes: [UInt8]) -> [[LandPolygon]]? {
        guard bytes.count >= 5, Array(bytes[0..<4]) == Array("RTLM".utf8), bytes[4] == 1 else { return nil }
        var at = 5
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < bytes.count, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        func count(_ limit: UInt64) -> Int? {
            guard let n = varint(), n <= limit else { return nil }
            return Int(n)
        }
        func zigzag() -> Int64? {
            guard let v = varint() else { return nil }
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        }
        // Counts are checked against what the rest of the file could hold: a damaged file is refused, not trusted.
        let left = UInt64(bytes.count)
        guard let massCount = count(left) else { return nil }
        var masses: [[LandPolygon]] = []
        for _ in 0..<massCount {
            guard let polygonCount = count(left) else { return nil }
            var polygons: [LandPolygon] = []
            for _ in 0..<polygonCount {
                guard let ringCount = count(left) else { return nil }
                var rings: [[(Double, Double)]] = []
                for _ in 0..<ringCount {
                    guard let pointCount = count(left) else { return nil }
                    var ring: [(Double, Double)] = []
                    ring.reserveCapacity(pointCount)
                    var x: Int64 = 0, y: Int64 = 0
                    for _ in 0..<pointCount {
                        guard let dx = zigzag(), let dy = zigzag() else { return nil }
                        x &+= dx
                        y &+= dy
                        let lon = Double(x) * 1e-5, lat = Double(y) * 1e-5
                        guard abs(lon) <= 180.5, abs(lat) <= 90.5 else { return nil }
                        ring.append((lon, lat))
                    }
                    rings.append(ring)
                }
                polygons.append(LandPolygon(rings: rings))
            }
            masses.append(polygons)
        }
        return masses
    }
}
