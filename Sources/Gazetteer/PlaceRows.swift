import Foundation
import Synchronization

/// The rows of gazetteer-places.tsv, found from the start of every 16th row that the index
/// holds: a place's fields are read only when it is shown, so loading reads none of them.
struct PlaceRows: Sendable {
    private let file: MappedFile
    private let starts: MappedArray<UInt32>
    let count: Int

    /// Refuses a places file other than the one the index was built with: its rows would
    /// not start where the index says.
    init(_ file: MappedFile, index: IndexFile, path: String) throws {
        let bytes = file.bytes
        guard bytes.count == index.placesBytes else {
            throw GazetteerError.malformed(
                path: path, reason: "\(bytes.count) bytes, but the index was built with one of \(index.placesBytes)")
        }
        guard bytes.last == 0x0A else { throw GazetteerError.malformed(path: path, reason: "no newline at the end") }
        self.file = file
        starts = index.placeLines
        count = index.placeCount
    }

    /// The bytes of row `row` (0..<count) without its "\n".
    func line(_ row: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
        var start = Int(starts[row / IndexFile.rowsPerPlaceLine])
        for _ in 0..<row % IndexFile.rowsPerPlaceLine { start = min(lineEnd(from: start) + 1, file.bytes.count) }
        return file.bytes[start..<lineEnd(from: start)]
    }

    /// Calls `body` with every row's line, in order, in one pass over the file.
    func forEachLine(_ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
        var start = 0
        for row in 0..<count {
            if row % IndexFile.rowsPerPlaceLine == 0 { start = Int(starts[row / IndexFile.rowsPerPlaceLine]) }
            let end = lineEnd(from: start)
            body(file.bytes[start..<end])
            start = min(end + 1, file.bytes.count)
        }
    }

    /// The "\n" ending the line that starts at `start`. The index checked that the rows it
    /// locates start inside the file, which ends with "\n"; a damaged file whose rows run
    /// out reads as empty lines at the end.
    private func lineEnd(from start: Int) -> Int {
        let bytes = file.bytes
        guard start < bytes.count, let base = bytes.baseAddress,
            let hit = memchr(base + start, 0x0A, bytes.count - start)
        else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }
}

/// Every place's position, parsed from the places file the first time the nearest place
/// is asked for (a search never needs it), then kept.
final class Positions: Sendable {
    private let cached = Mutex<PositionGrid?>(nil)

    /// The positions in their grid, parsed by `parse` on the first call; callers at the same time wait for it.
    func get(_ parse: () -> (latitudes: [Double], longitudes: [Double])) -> PositionGrid {
        cached.withLock { cached in
            if let cached { return cached }
            let parsed = parse()
            let value = PositionGrid(latitudes: parsed.latitudes, longitudes: parsed.longitudes)
            cached = value
            return value
        }
    }
}
