import RoadtripCore

/// Google's encoded polyline format at OSRM's `polyline6` precision (six decimals).
///
/// Each value is the difference from the previous one, zig-zag encoded, in 5-bit groups offset by 63.
enum Polyline {
    /// The points of `encoded`, or nil when it is not a well-formed polyline.
    public static func decode(_ encoded: String, precision: Int = 6) -> [Coordinate]? {
        let factor = pow10(precision)
        var bytes = encoded.utf8.makeIterator()
        var points: [Coordinate] = []
        var latitude = 0, longitude = 0
        while let first = bytes.next() {
            guard let dLat = readValue(startingWith: first, from: &bytes),
                let next = bytes.next(), let dLon = readValue(startingWith: next, from: &bytes)
            else { return nil }
            // Deltas come from a server: a sum that overflows or leaves the Earth is a broken line.
            let (lat, latOverflow) = latitude.addingReportingOverflow(dLat)
            let (lon, lonOverflow) = longitude.addingReportingOverflow(dLon)
            guard !latOverflow, !lonOverflow, lat.magnitude <= UInt(90 * factor), lon.magnitude <= UInt(180 * factor) else {
                return nil
            }
            latitude = lat
            longitude = lon
            points.append(Coordinate(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
        }
        return points
    }

    /// The encoding of `points`, rounded to `precision` decimals.
    public static func encode(_ points: [Coordinate], precision: Int = 6) -> String {
        let factor = pow10(precision)
        var out: [UInt8] = []
        var lastLat = 0, lastLon = 0
        for point in points {
            let lat = Int((point.latitude * factor).rounded()), lon = Int((point.longitude * factor).rounded())
            writeValue(lat - lastLat, to: &out)
            writeValue(lon - lastLon, to: &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func readValue(startingWith first: UInt8, from bytes: inout String.UTF8View.Iterator) -> Int? {
        var result = 0, shift = 0
        var byte: UInt8? = first
        while let b = byte {
            guard b >= 63, b <= 126, shift <= 60 else { return nil }
            let chunk = Int(b - 63)
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
            byte = bytes.next()
        }
        return nil
    }

    private static func writeValue(_ value: Int, to out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1F)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }

    private static func pow10(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }
}
