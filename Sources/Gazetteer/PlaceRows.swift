import Foundation
import RoadtripCore

/// What loading needs from gazetteer-places.tsv: where each row starts and each place's
/// position (for the nearest place). Other fields are read when a place is shown.
struct PlaceRows {
    var lineStarts: [Int] = []
    var latitudes: [Double] = [], longitudes: [Double] = []

    init(_ bytes: [UInt8], path: String, expected: Int) throws {
        lineStarts.reserveCapacity(expected)
        latitudes.reserveCapacity(expected)
        longitudes.reserveCapacity(expected)
        try bytes.withUnsafeBufferPointer { b in
            var start = 0
            while start < b.count {
                var end = start
                while end < b.count, b[end] != 0x0A { end += 1 }
                if b[start] != UInt8(ascii: "#") {
                    // Fields: geonameid, name, asciiname, country, admin1, latitude, longitude, …
                    var field = 0, fieldStart = start, lat: Double?, lon: Double?
                    var i = start
                    while i <= end && field <= 6 {
                        if i == end || b[i] == 0x09 {
                            if field == 5 { lat = ByteParsing.decimal(bytes[fieldStart..<i]) }
                            if field == 6 { lon = ByteParsing.decimal(bytes[fieldStart..<i]) }
                            field += 1
                            fieldStart = i + 1
                        }
                        i += 1
                    }
                    guard let lat, let lon else {
                        throw GazetteerError.malformed(
                            path: path, reason: "row \(lineStarts.count + 1) has no latitude and longitude")
                    }
                    lineStarts.append(start)
                    latitudes.append(lat)
                    longitudes.append(lon)
                }
                start = end + 1
            }
        }
        guard lineStarts.count == expected else {
            throw GazetteerError.malformed(path: path, reason: "\(lineStarts.count) places, the index has \(expected)")
        }
    }
}
