import Foundation
import RoadtripCore

/// What loading needs from gazetteer-places.tsv: where each row starts, and each place's
/// position as a unit vector (the nearest place is the largest dot product).
struct PlaceRows {
    var lineStarts: [Int] = []
    var unitX: [Double] = [], unitY: [Double] = [], unitZ: [Double] = []

    init(_ bytes: [UInt8], path: String, expected: Int) throws {
        lineStarts.reserveCapacity(expected)
        unitX.reserveCapacity(expected)
        unitY.reserveCapacity(expected)
        unitZ.reserveCapacity(expected)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if bytes[start] != UInt8(ascii: "#") {
                let line = bytes[start..<end]
                let f = ByteParsing.fields(line)
                guard f.count == 9, let lat = ByteParsing.decimal(f[5]), let lon = ByteParsing.decimal(f[6]) else {
                    throw GazetteerError.malformed(path: path, reason: "row \(lineStarts.count + 1) is not 9 fields with a position")
                }
                lineStarts.append(start)
                let (x, y, z) = Self.unitVector(Coordinate(latitude: lat, longitude: lon))
                unitX.append(x)
                unitY.append(y)
                unitZ.append(z)
            }
            start = end + 1
        }
        guard lineStarts.count == expected else {
            throw GazetteerError.malformed(path: path, reason: "\(lineStarts.count) places, the index has \(expected)")
        }
    }

    static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }
}
