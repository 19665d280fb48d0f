/// The parts of gazetteer-index.bin (format: the docstring of Scripts/build_gazetteer.py).
struct IndexFile {
    static let version = 2

    let countries: [UInt16]
    let regions: [UInt16]
    let entryOffsets: [UInt32]
    let entryHeads: [UInt64]
    let entryRows: [UInt32]
    let innerOffsets: [UInt32]
    let innerRows: [UInt32]

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        func fail(_ reason: String) -> GazetteerError { .malformed(path: path, reason: reason) }
        guard bytes.count >= 24, bytes[0..<4].elementsEqual("RTGZ".utf8) else { throw fail("not a gazetteer index") }
        func u32(_ at: Int) -> Int { Int(Self.array(bytes, at: at, count: 1, as: UInt32.self)[0]) }
        guard u32(4) == Self.version else {
            throw fail("index version \(u32(4)), this build reads version \(Self.version)")
        }
        let placeCount = u32(8), entryCount = u32(12), innerCount = u32(16), blobBytes = u32(20)
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        let blobStart = 24 + 4 * placeCount
        let entriesStart = padded(blobStart + blobBytes)
        let innerStart = padded(entriesStart + 3 * entryCount)
        guard bytes.count == innerStart + 4 * innerCount else {
            throw fail("\(bytes.count) bytes where the header promises \(innerStart + 4 * innerCount)")
        }
        countries = Self.array(bytes, at: 24, count: placeCount, as: UInt16.self)
        regions = Self.array(bytes, at: 24 + 2 * placeCount, count: placeCount, as: UInt16.self)
        guard blobBytes > 0, bytes[blobStart + blobBytes - 1] == 0x0A else {
            throw fail("the names do not end with a newline")
        }
        // Each name starts after the previous one's "\n"; the last "\n" starts nothing.
        var starts = ByteParsing.lineStarts(bytes, in: blobStart..<blobStart + blobBytes, capacity: entryCount)
        starts.removeLast()
        guard starts.count == entryCount else { throw fail("\(starts.count) names, header says \(entryCount)") }
        let offsets = starts.map { UInt32($0) }
        entryOffsets = offsets
        entryHeads = starts.map { KeyList.head(at: $0, in: bytes) }
        let rows = (0..<entryCount).map { i in
            let p = entriesStart + 3 * i
            return UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16
        }
        guard rows.allSatisfy({ Int($0) < placeCount }) else { throw fail("a name points past the last place") }
        entryRows = rows

        // Each inner key is a name number and the byte offset of the word in that name.
        let words = Self.array(bytes, at: innerStart, count: innerCount, as: UInt32.self)
        var innerOffsets = [UInt32](), innerRows = [UInt32]()
        innerOffsets.reserveCapacity(innerCount)
        innerRows.reserveCapacity(innerCount)
        for word in words {
            let entry = Int(word >> 8)
            // Checked against the name's bounds only: reading the byte before each word
            // would touch the names at random and double the load time.
            let nameEnd = entry + 1 < entryCount ? Int(offsets[entry + 1]) - 1 : blobStart + blobBytes - 1
            let offset = entry < entryCount ? Int(offsets[entry]) + Int(word & 0xFF) : 0
            guard word & 0xFF > 0, offset < nameEnd else { throw fail("a word key points outside its name") }
            innerOffsets.append(UInt32(offset))
            innerRows.append(rows[entry])
        }
        self.innerOffsets = innerOffsets
        self.innerRows = innerRows
    }

    /// `count` little-endian integers from `offset` (the caller checked the bounds).
    private static func array<T: FixedWidthInteger>(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int, as: T.Type
    ) -> [T] {
        let raw = UnsafeRawBufferPointer(bytes)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                buffer[i] = T(littleEndian: raw.loadUnaligned(fromByteOffset: offset + i * MemoryLayout<T>.size, as: T.self))
            }
            initialized = count
        }
    }
}
