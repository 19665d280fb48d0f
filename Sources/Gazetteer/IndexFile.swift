/// The parts of gazetteer-index.bin (format: the docstring of Scripts/data/build_gazetteer.py),
/// read in place from the mapped file, and checked so that no search can read outside it.
///
/// The checks are tight loops over the arrays (about a millisecond), never over the names:
/// a damaged file throws `GazetteerError.malformed` with the reason, it never crashes.
struct IndexFile {
    static let version = 3
    // Computed, so that the search's inner loops see constants.
    /// Entries per `entryBases` element (and per minimum the loader keeps for the names).
    static var entriesPerBase: Int { 32 }
    /// The low bits of an entry hold the place row; the rest, the name's offset from its base.
    static var rowBits: Int { 18 }
    static var rowMask: UInt32 { 1 << UInt32(rowBits) - 1 }
    /// Keys per `entryHeads` and `wordHeads` element.
    static var keysPerHead: Int { 32 }
    /// Word keys per `wordMinima` element.
    static var wordsPerMinimum: Int { 8 }
    /// Rows per `placeLines` element.
    static var rowsPerPlaceLine: Int { 16 }

    let countries: MappedArray<UInt16>
    let regions: MappedArray<UInt16>
    /// The size of gazetteer-places.tsv this index was built with.
    let placesBytes: Int
    /// The first 8 bytes of every 32nd name and word key; hints for the search only, so
    /// a damaged one misleads a search but cannot make it read outside the arrays.
    let entryHeads: MappedArray<UInt64>
    let wordHeads: MappedArray<UInt64>
    let placeLines: MappedArray<UInt32>
    let entryBases: MappedArray<UInt32>
    let entries: MappedArray<UInt32>
    let words: MappedArray<UInt32>
    let wordMinima: MappedArray<UInt32>
    /// The folded names, each ended by "\n".
    let blob: MappedArray<UInt8>
    /// The smallest place row of each `entriesPerBase` entries, found while checking them.
    let entryMinima: [UInt32]

    var placeCount: Int { countries.count }

    /// Checks `bytes` against the header and against `countryCount` and `regionCount`,
    /// the sizes of the tables its country and region numbers point into.
    init(bytes: UnsafeBufferPointer<UInt8>, path: String, countryCount: Int, regionCount: Int) throws {
        func fail(_ reason: String) -> GazetteerError { .malformed(path: path, reason: reason) }
        let header = 28
        guard bytes.count >= header, bytes[0..<4].elementsEqual("RTGZ".utf8) else { throw fail("not a gazetteer index") }
        let fields = MappedArray<UInt32>(bytes, at: 4, count: 6)
        guard fields[0] == Self.version else {
            throw fail("index version \(fields[0]), this build reads version \(Self.version)")
        }
        let placeCount = Int(fields[1]), entryCount = Int(fields[2]), wordCount = Int(fields[3])
        let blobBytes = Int(fields[4])
        placesBytes = Int(fields[5])
        func blocks(_ count: Int, of size: Int) -> Int { (count + size - 1) / size }
        var at = header
        func section(_ count: Int, _ size: Int) -> Int {
            defer { at += count * size }
            return at
        }
        let countriesAt = section(placeCount, 2), regionsAt = section(placeCount, 2)
        at = (at + 7) & ~7
        let entryHeadsAt = section(blocks(entryCount, of: Self.keysPerHead), 8)
        let wordHeadsAt = section(blocks(wordCount, of: Self.keysPerHead), 8)
        let linesAt = section(blocks(placeCount, of: Self.rowsPerPlaceLine), 4)
        let basesAt = section(blocks(entryCount, of: Self.entriesPerBase), 4)
        let entriesAt = section(entryCount, 4), wordsAt = section(wordCount, 4)
        let minimaAt = section(blocks(wordCount, of: Self.wordsPerMinimum), 4)
        let blobAt = section(blobBytes, 1)
        guard bytes.count == at else { throw fail("\(bytes.count) bytes where the header promises \(at)") }

        countries = MappedArray(bytes, at: countriesAt, count: placeCount)
        regions = MappedArray(bytes, at: regionsAt, count: placeCount)
        entryHeads = MappedArray(bytes, at: entryHeadsAt, count: blocks(entryCount, of: Self.keysPerHead))
        wordHeads = MappedArray(bytes, at: wordHeadsAt, count: blocks(wordCount, of: Self.keysPerHead))
        placeLines = MappedArray(bytes, at: linesAt, count: blocks(placeCount, of: Self.rowsPerPlaceLine))
        entryBases = MappedArray(bytes, at: basesAt, count: blocks(entryCount, of: Self.entriesPerBase))
        entries = MappedArray(bytes, at: entriesAt, count: entryCount)
        words = MappedArray(bytes, at: wordsAt, count: wordCount)
        wordMinima = MappedArray(bytes, at: minimaAt, count: blocks(wordCount, of: Self.wordsPerMinimum))
        blob = MappedArray(bytes, at: blobAt, count: blobBytes)

        // A name read up to its "\n" then cannot run off the end.
        guard blobBytes > 0, blob[blobBytes - 1] == 0x0A else { throw fail("the names do not end with a newline") }
        guard Self.allBelow(countries, countryCount), Self.allBelow(regions, regionCount, except: .max) else {
            throw fail("a country or region number is out of range")
        }
        guard Self.allBelow(placeLines, placesBytes) else { throw fail("a place row starts past the places file") }
        let checked = Self.checkEntries(entries, bases: entryBases)
        guard checked.largestRow < placeCount else { throw fail("a name points past the last place") }
        guard checked.largestOffset < blobBytes else { throw fail("a name starts past the end of the names") }
        entryMinima = checked.minima
        guard Self.checkWords(words, entryCount: entryCount) else { throw fail("a word key points outside the names") }
        guard Self.allBelow(wordMinima, placeCount) else { throw fail("a word minimum points past the last place") }
    }

    /// Whether every element of `array` other than `except` is below `limit`.
    private static func allBelow<T: FixedWidthInteger>(_ array: MappedArray<T>, _ limit: Int, except: T? = nil) -> Bool {
        var skipped = -1
        if let except { skipped = Int(except) }
        var worst = -1
        for i in 0..<array.count {
            let value = Int(array[i])
            if value != skipped { worst = max(worst, value) }
        }
        return worst < limit
    }

    /// The smallest row of each base's entries, and the largest row and name offset of all.
    private static func checkEntries(
        _ entries: MappedArray<UInt32>, bases: MappedArray<UInt32>
    ) -> (minima: [UInt32], largestRow: Int, largestOffset: Int) {
        var minima = [UInt32](repeating: 0, count: bases.count)
        var largestRow = -1, largestOffset = -1
        for b in 0..<bases.count {
            var smallest = UInt32.max, largest: UInt32 = 0, widest: UInt32 = 0
            for i in b * entriesPerBase..<min(entries.count, (b + 1) * entriesPerBase) {
                let entry = entries[i], row = entry & rowMask
                smallest = min(smallest, row)
                largest = max(largest, row)
                widest = max(widest, entry >> UInt32(rowBits))
            }
            minima[b] = smallest
            largestRow = max(largestRow, Int(largest))
            largestOffset = max(largestOffset, Int(bases[b]) + Int(widest))
        }
        return (minima, largestRow, largestOffset)
    }

    /// Whether every word key names an entry and a byte after its first. The word's own
    /// offset is not checked against the name: that would read the entries at random, and
    /// `KeyList` reads past the last name as "\n" anyway.
    private static func checkWords(_ words: MappedArray<UInt32>, entryCount: Int) -> Bool {
        var worstEntry: UInt32 = 0, noOffset = false
        for i in 0..<words.count {
            let word = words[i]
            worstEntry = max(worstEntry, word >> 8)
            noOffset = noOffset || word & 0xFF == 0
        }
        return words.count == 0 || (Int(worstEntry) < entryCount && !noOffset)
    }
}
