/// The parts of gazetteer-index.bin (format: the docstring of Scripts/build_gazetteer.py).
struct IndexFile {
    let countries: [UInt16]
    let regions: [UInt16]
    let blob: [UInt8]
    let entryOffsets: [UInt32]
    let entryRows: [UInt32]
    let innerOffsets: [UInt32]
    let innerRows: [UInt32]

    init(bytes: [UInt8], path: String) throws {
        func fail(_ reason: String) -> GazetteerError { .malformed(path: path, reason: reason) }
        guard bytes.count >= 24, bytes[0..<4].elementsEqual("RTGZ".utf8) else { throw fail("not a gazetteer index") }
        func u32(_ at: Int) -> Int { Int(ByteParsing.littleEndian(bytes, at: at, as: UInt32.self)) }
        guard u32(4) == 1 else { throw fail("index version \(u32(4)), this build reads version 1") }
        let placeCount = u32(8), entryCount = u32(12), innerCount = u32(16), blobBytes = u32(20)
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        let blobStart = 24 + 4 * placeCount
        let entriesStart = padded(blobStart + blobBytes)
        let innerStart = padded(entriesStart + 3 * entryCount)
        guard bytes.count == innerStart + 4 * innerCount else {
            throw fail("\(bytes.count) bytes where the header promises \(innerStart + 4 * innerCount)")
        }
        countries = (0..<placeCount).map { ByteParsing.littleEndian(bytes, at: 24 + 2 * $0, as: UInt16.self) }
        regions = (0..<placeCount).map {
            ByteParsing.littleEndian(bytes, at: 24 + 2 * placeCount + 2 * $0, as: UInt16.self)
        }
        blob = Array(bytes[blobStart..<blobStart + blobBytes])
        guard blob.last == 0x0A else { throw fail("the names do not end with a newline") }

        var offsets: [UInt32] = [0]
        offsets.reserveCapacity(entryCount + 1)
        for (i, b) in blob.enumerated() where b == 0x0A { offsets.append(UInt32(i + 1)) }
        guard offsets.count == entryCount + 1 else { throw fail("\(offsets.count - 1) names, header says \(entryCount)") }
        // The last start is the end of the blob: kept to find which name an inner key is in.
        let starts = offsets
        offsets.removeLast()
        entryOffsets = offsets
        entryRows = (0..<entryCount).map { i in
            let p = entriesStart + 3 * i
            return UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16
        }
        guard entryRows.allSatisfy({ Int($0) < placeCount }) else { throw fail("a name points past the last place") }

        innerOffsets = (0..<innerCount).map { UInt32(u32(innerStart + 4 * $0)) }
        let rows = entryRows
        innerRows = try innerOffsets.map { offset in
            guard Int(offset) < blobBytes else { throw fail("a word key points past the names") }
            // The name holding this word: the last start at or before the offset.
            var lo = 0, hi = starts.count
            while hi - lo > 1 {
                let mid = (lo + hi) >> 1
                if starts[mid] <= offset { lo = mid } else { hi = mid }
            }
            return rows[lo]
        }
    }
}
