import Foundation

/// Where each row of gazetteer-places.tsv starts: a place's fields are read only when it
/// is shown, so loading scans for newlines and parses nothing.
struct PlaceRows {
    let lineStarts: [Int]

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String, expected: Int) throws {
        var starts = ByteParsing.lineStarts(bytes, in: 0..<bytes.count, capacity: expected + 1)
        if starts.last == bytes.count { starts.removeLast() }  // after the final newline
        if let first = starts.first, first < bytes.count, bytes[first] == UInt8(ascii: "#") { starts.removeFirst() }
        guard starts.count == expected else {
            throw GazetteerError.malformed(path: path, reason: "\(starts.count) places, the index has \(expected)")
        }
        lineStarts = starts
    }
}

/// Every place's position, parsed from the places file the first time the nearest place
/// is asked for (a search never needs it), then kept.
final class Positions: @unchecked Sendable {
    // @unchecked: `cached` is only touched under `lock`.
    private let lock = NSLock()
    private var cached: (latitudes: [Double], longitudes: [Double])?

    func get(_ parse: () -> (latitudes: [Double], longitudes: [Double])) -> (latitudes: [Double], longitudes: [Double]) {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let value = parse()
        cached = value
        return value
    }
}
