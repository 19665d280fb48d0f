/// Folded names sorted by their bytes, each pointing at a place row: binary search finds
/// every key starting with a prefix, and walking the distinct next characters under a
/// prefix makes the sorted array behave as a trie for the one-typo search.
///
/// Two lists share the index's arrays: the names themselves (`names(_:)`), and the words
/// after each name's first (`words(_:)`), which point into the names.
struct KeyList: Sendable {
    private let entries: MappedArray<UInt32>
    private let bases: MappedArray<UInt32>
    /// Entry number << 8 | offset of the word in the name; empty for the list of names.
    private let words: MappedArray<UInt32>
    private let isWords: Bool
    /// The folded names the keys point into, each ended by "\n".
    private let blob: MappedArray<UInt8>
    let count: Int
    /// The smallest row of each block of `1 << blockShift` keys, as a tree over the blocks.
    private let blocks: MinTree
    private let blockShift: Int
    /// The first 8 bytes of the first key of each block of `1 << headShift` keys (up to its
    /// "\n"), first byte highest: a binary search settles on a block in this small array,
    /// then finishes among the block's neighbouring keys, so it touches few cache lines.
    private let heads: MappedArray<UInt64>
    private let headShift: Int
    /// The first characters of all keys that are ASCII, with their keys: the widest step
    /// of every typo search, computed once.
    private(set) var asciiRoots: [(bytes: [UInt8], keys: Range<Int>)] = []

    private init(
        index: IndexFile, words: MappedArray<UInt32>?, heads: MappedArray<UInt64>, minima: [UInt32], perBlock: Int
    ) {
        entries = index.entries
        bases = index.entryBases
        self.words = words ?? .empty
        isWords = words != nil
        blob = index.blob
        count = words?.count ?? index.entries.count
        blocks = MinTree(rows: minima)
        blockShift = perBlock.trailingZeroBitCount
        self.heads = heads
        headShift = IndexFile.keysPerHead.trailingZeroBitCount
        asciiRoots = children(of: 0..<count, prefix: UnsafeBufferPointer(start: nil, count: 0), leads: 0x20...0x7F)
    }

    /// The keys that start a name.
    static func names(_ index: IndexFile) -> KeyList {
        KeyList(
            index: index, words: nil, heads: index.entryHeads, minima: index.entryMinima,
            perBlock: IndexFile.entriesPerBase)
    }

    /// The keys that start a later word of a name.
    static func words(_ index: IndexFile) -> KeyList {
        KeyList(
            index: index, words: index.words, heads: index.wordHeads,
            minima: (0..<index.wordMinima.count).map { index.wordMinima[$0] }, perBlock: IndexFile.wordsPerMinimum)
    }

    /// The place row of key `i`.
    @inline(__always)
    func row(_ i: Int) -> UInt32 {
        entries[isWords ? Int(words[i] >> 8) : i] & IndexFile.rowMask
    }

    /// Where key `i` starts in the blob.
    @inline(__always)
    private func offset(_ i: Int) -> Int {
        guard isWords else { return nameOffset(i) }
        let word = words[i]
        return nameOffset(Int(word >> 8)) + Int(word & 0xFF)
    }

    @inline(__always)
    private func nameOffset(_ entry: Int) -> Int {
        Int(bases[entry / IndexFile.entriesPerBase]) + Int(entries[entry] >> UInt32(IndexFile.rowBits))
    }

    /// The blob's byte at `p`; past the end, "\n". The loader checks only that names start
    /// in the blob, so a damaged file can point a word, or a comparison that trusts a
    /// shared prefix, past the last name: it then reads an ended key, not other memory.
    @inline(__always)
    private func byte(_ p: Int) -> UInt8 {
        p < blob.count ? blob[p] : 0x0A
    }

    /// The position in `lo..<hi` (not empty) of the smallest row.
    func minPosition(_ lo: Int, _ hi: Int) -> Int {
        var best = (row: UInt32.max, position: lo)
        func scan(_ from: Int, _ to: Int) {
            for i in from..<to {
                let r = row(i)
                if r < best.row { best = (r, i) }
            }
        }
        let size = 1 << blockShift
        let firstWhole = (lo + size - 1) >> blockShift, endWhole = hi >> blockShift
        guard firstWhole < endWhole else {
            scan(lo, hi)
            return best.position
        }
        scan(lo, firstWhole << blockShift)
        scan(endWhole << blockShift, hi)
        let block = blocks.minPosition(firstWhole, endWhole)
        if blocks.value(at: block) < best.row { scan(block << blockShift, (block + 1) << blockShift) }
        return best.position
    }

    /// -1, 0 or 1: whether key `i` sorts before, starts with, or sorts after `prefix`,
    /// whose first `known` bytes every key searched is already known to share.
    @inline(__always)
    private func compare(_ i: Int, _ prefix: UnsafeBufferPointer<UInt8>, _ known: Int) -> Int {
        guard known < prefix.count else { return 0 }
        var j = known, p = offset(i) + known
        while j < prefix.count {
            let k = byte(p), b = prefix[j]
            if k != b { return k < b ? -1 : 1 }  // "\n" sorts before every folded byte
            p += 1
            j += 1
        }
        return 0
    }

    /// `compare` for the first key of head block `block`, from its head where that decides.
    @inline(__always)
    private func compareHead(_ block: Int, _ prefix: UnsafeBufferPointer<UInt8>, _ known: Int) -> Int {
        let head = heads[block], end = min(8, prefix.count)
        var j = known
        while j < end {
            let k = UInt8(truncatingIfNeeded: head >> UInt64(56 - 8 * j)), b = prefix[j]
            if k != b { return k < b ? -1 : 1 }
            j += 1
        }
        return compare(block << headShift, prefix, j)
    }

    /// The first position in `lo..<hi` whose key does not sort before `prefix` (with
    /// `orStartsWith`, nor starts with it); the keys there share `known` bytes of it.
    private func partition(
        _ prefix: UnsafeBufferPointer<UInt8>, _ known: Int, _ lo: Int, _ hi: Int, orStartsWith: Bool
    ) -> Int {
        var lo = lo, hi = hi
        // Among the blocks that start inside lo..<hi first: their heads sit together.
        let firstBlock = (lo + (1 << headShift) - 1) >> headShift, endBlock = hi >> headShift
        if endBlock - firstBlock >= 2 {
            var bl = firstBlock, bh = endBlock
            while bl < bh {
                let mid = (bl + bh) >> 1, order = compareHead(mid, prefix, known)
                if order < 0 || (orStartsWith && order == 0) { bl = mid + 1 } else { bh = mid }
            }
            if bl > firstBlock { lo = max(lo, (bl - 1) << headShift + 1) }
            if bl < endBlock { hi = bl << headShift }
        }
        while lo < hi {
            let mid = (lo + hi) >> 1, order = compare(mid, prefix, known)
            if order < 0 || (orStartsWith && order == 0) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The keys starting with `prefix`, searched within `within`, whose keys all share the
    /// first `known` bytes of `prefix` (so comparing can skip them).
    func range(of prefix: UnsafeBufferPointer<UInt8>, within: Range<Int>? = nil, known: Int = 0) -> Range<Int> {
        let known = min(known, prefix.count)
        let end = within?.upperBound ?? count
        let start = partition(prefix, known, within?.lowerBound ?? 0, end, orStartsWith: false)
        // Most ranges are short: look at the next few keys, neighbours of the first, before
        // searching the rest.
        var lo = start, step = 1
        while lo < end, step <= 1 << headShift {
            let probe = min(end, start + step) - 1
            if compare(probe, prefix, known) != 0 { return start..<partition(prefix, known, lo, probe, orStartsWith: true) }
            lo = probe + 1
            step *= 2
        }
        return start..<partition(prefix, known, lo, end, orStartsWith: true)
    }

    /// The leading part of `range` (keys starting with a prefix of `length` bytes) whose
    /// keys are exactly that prefix: they sort first.
    func exactPart(of range: Range<Int>, length: Int) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound, byte(offset(end) + length) == 0x0A { end += 1 }
        return range.lowerBound..<end
    }

    /// Each distinct character (as UTF-8) starting with a byte in `leads` that follows
    /// `prefix` in `range` (whose keys all start with it), with the keys that continue with it.
    func children(
        of range: Range<Int>, prefix: UnsafeBufferPointer<UInt8>, leads: ClosedRange<UInt8>
    ) -> [(bytes: [UInt8], keys: Range<Int>)] {
        let length = prefix.count
        if length == 0, range == 0..<count, leads == 0x20...0x7F, !asciiRoots.isEmpty { return asciiRoots }
        // `prefix` and one character: the keys under it are a partition of `range`.
        var probe = Array(prefix)
        func first(_ continuation: [UInt8], orStartsWith: Bool, from lo: Int) -> Int {
            probe.removeSubrange(length...)
            probe.append(contentsOf: continuation)
            return probe.withUnsafeBufferPointer {
                partition($0, length, lo, range.upperBound, orStartsWith: orStartsWith)
            }
        }
        let end =
            leads.upperBound == .max
            ? range.upperBound : first([leads.upperBound + 1], orStartsWith: false, from: range.lowerBound)
        var out: [(bytes: [UInt8], keys: Range<Int>)] = []
        var pos = first([leads.lowerBound], orStartsWith: false, from: range.lowerBound)
        while pos < end {
            let start = offset(pos) + length
            let lead = byte(start)
            if lead == 0x0A {
                pos += 1
                continue
            }
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let bytes = (start..<start + width).map(byte)
            let next = max(first(bytes, orStartsWith: true, from: pos), pos + 1)  // above pos + 1 unless damaged
            out.append((bytes, pos..<min(next, end)))
            pos = next
        }
        return out
    }
}
