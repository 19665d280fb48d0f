import Foundation

/// Land and country outlines at one scale, decoded from a Data/outlines-*.bin file.
public struct OutlineSet: Sendable {
    /// Every coast and border as a line on the map plane, longitudes in −180…180.
    public let lines: [MapLine]
    let pointCount: Int

    /// Decodes the file format Scripts/data/build_outlines.py writes (see there).
    public init(data: Data) throws {
        var reader = VarintReader(bytes: [UInt8](data))
        guard reader.take(4) == Array("RTOL".utf8) else { throw OutlineError.notAnOutlineFile }
        guard let version = reader.take(1).first, version == 1 else { throw OutlineError.unsupportedVersion }
        let count = try reader.varint()
        var lines: [MapLine] = []
        var total = 0
        for _ in 0..<count {
            let n = try reader.varint()
            // Each point takes at least two bytes: a count past that is a damaged file, not memory to ask for.
            guard n <= (reader.bytes.count - reader.offset) / 2 else { throw OutlineError.truncated }
            var points: [MapPoint] = []
            points.reserveCapacity(n)
            var lon = 0, lat = 0
            for _ in 0..<n {
                lon = try Self.advance(lon, by: try reader.zigzag(), within: 18_000_000)
                lat = try Self.advance(lat, by: try reader.zigzag(), within: 9_000_000)
                points.append(WebMercator.project(latitude: Double(lat) * 1e-5, longitude: Double(lon) * 1e-5))
            }
            total += n
            lines.append(MapLine(points))
        }
        self.lines = lines
        pointCount = total
    }

    /// `value + delta` in 1e-5 degrees, or a refusal when it overflows or leaves the Earth.
    private static func advance(_ value: Int, by delta: Int, within limit: Int) throws -> Int {
        let (sum, overflow) = value.addingReportingOverflow(delta)
        guard !overflow, abs(sum) <= limit else { throw OutlineError.truncated }
        return sum
    }
}

/// Why an outline file could not be read.
enum OutlineError: Error, CustomStringConvertible {
    case notAnOutlineFile, unsupportedVersion, truncated

    public var description: String {
        switch self {
        case .notAnOutlineFile: "not a map outline file"
        case .unsupportedVersion: "map outline file of an unknown version"
        case .truncated: "map outline file is cut short"
        }
    }
}

/// Reads the little-endian base-128 integers of an outline file.
private struct VarintReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ n: Int) -> [UInt8] {
        let end = min(bytes.count, offset + n)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    mutating func varint() throws -> Int {
        var value = 0, shift = 0
        while true {
            guard offset < bytes.count, shift < 63 else { throw OutlineError.truncated }
            let b = bytes[offset]
            offset += 1
            value |= Int(b & 0x7F) << shift
            if b & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func zigzag() throws -> Int {
        let v = try varint()
        return (v >> 1) ^ -(v & 1)
    }
}
