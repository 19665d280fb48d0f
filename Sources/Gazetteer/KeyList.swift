/// Folded names sorted by their bytes, each pointing at a place row: binary search finds
/// every key starting with a prefix, and walking the distinct next characters under a
/// prefix makes the sorted array behave as a trie for the one-typo search.
struct KeyList: Sendable {
    /// Where each key starts in `blob`; a key runs to the next "\n".
    let offsets: [UInt32]
    /// The first 8 bytes of each key (up to its "\n"), first byte highest: most comparisons
    /// end in these, so a binary search step touches one array instead of two. Empty when
    /// not built.
    let heads: [UInt64]
    /// The place row of each key.
    let rows: [UInt32]
    let tree: MinTree
    /// The first characters of all keys that are ASCII, with their keys: the widest step
    /// of every typo search, computed once.
    private(set) var asciiRoots: [(bytes: [UInt8], keys: Range<Int>)] = []

    init(offsets: [UInt32], heads: [UInt64]?, rows: [UInt32], blob: UnsafeBufferPointer<UInt8>) {
        self.offsets = offsets
        self.heads = heads ?? []
        self.rows = rows
        self.tree = MinTree(rows: rows)
        asciiRoots = children(of: 0..<offsets.count, length: 0, leads: 0x20...0x7F, in: blob)
    }

    var count: Int { offsets.count }

    /// The head of the key at `offset`: its first 8 bytes up to and with its "\n".
    @inline(__always)
    static func head(at offset: Int, in blob: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var head: UInt64 = 0, p = offset, shift = 56
        while shift >= 0, p < blob.count {
            let b = blob[p]
            head |= UInt64(b) << UInt64(shift)
            if b == 0x0A { break }
            p += 1
            shift -= 8
        }
        return head
    }

    /// -1, 0 or 1: whether key `i` sorts before, starts with, or sorts after `prefix`,
    /// whose first `known` bytes every key searched is already known to share.
    @inline(__always)
    private func compare(
        _ offsets: UnsafeBufferPointer<UInt32>, _ heads: UnsafeBufferPointer<UInt64>, _ i: Int,
        _ prefix: UnsafeBufferPointer<UInt8>, _ known: Int, _ blob: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var j = known
        if j < 8 && !heads.isEmpty {
            let head = heads[i], end = min(8, prefix.count)
            while j < end {
                let k = UInt8(truncatingIfNeeded: head >> UInt64(56 - 8 * j)), b = prefix[j]
                if k != b { return k < b ? -1 : 1 }  // "\n" sorts before every folded byte
                j += 1
            }
        }
        var p = Int(offsets[i]) + j
        while j < prefix.count {
            let k = blob[p], b = prefix[j]
            if k != b { return k < b ? -1 : 1 }
            p += 1
            j += 1
        }
        return 0
    }

    /// The keys starting with `prefix`, searched within `within`, whose keys all share the
    /// first `known` bytes of `prefix` (so comparing can skip them).
    func range(
        of prefix: UnsafeBufferPointer<UInt8>, in blob: UnsafeBufferPointer<UInt8>, within: Range<Int>? = nil,
        known: Int = 0
    ) -> Range<Int> {
        offsets.withUnsafeBufferPointer { offsets in heads.withUnsafeBufferPointer { heads in
            let known = min(known, prefix.count)
            var lo = within?.lowerBound ?? 0, hi = within?.upperBound ?? count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if compare(offsets, heads, mid, prefix, known, blob) < 0 { lo = mid + 1 } else { hi = mid }
            }
            let start = lo
            // Most ranges are short: gallop from the start before bisecting.
            let end = within?.upperBound ?? count
            var step = 1
            hi = lo
            while hi < end, compare(offsets, heads, hi, prefix, known, blob) <= 0 {
                lo = hi + 1
                hi = min(end, hi + step)
                step *= 2
            }
            while lo < hi {
                let mid = (lo + hi) >> 1
                if compare(offsets, heads, mid, prefix, known, blob) <= 0 { lo = mid + 1 } else { hi = mid }
            }
            return start..<lo
        } }
    }

    /// The leading part of `range` (keys starting with a prefix of `length` bytes) whose
    /// keys are exactly that prefix: they sort first.
    func exactPart(of range: Range<Int>, length: Int, in blob: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound, blob[Int(offsets[end]) + length] == 0x0A { end += 1 }
        return range.lowerBound..<end
    }

    /// Each distinct character (as UTF-8) starting with a byte in `leads` that follows
    /// `length` bytes of prefix in `range`, with the keys that continue with it.
    func children(
        of range: Range<Int>, length: Int, leads: ClosedRange<UInt8>, in blob: UnsafeBufferPointer<UInt8>
    ) -> [(bytes: [UInt8], keys: Range<Int>)] {
        if length == 0, range == 0..<count, leads == 0x20...0x7F, !asciiRoots.isEmpty { return asciiRoots }
        // Keys in `range` share `length` bytes, so they are sorted by the byte after them.
        func firstWithByte(atLeast value: Int) -> Int {
            var lo = range.lowerBound, hi = range.upperBound
            while lo < hi {
                let mid = (lo + hi) >> 1
                if Int(blob[Int(offsets[mid]) + length]) < value { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let end = firstWithByte(atLeast: Int(leads.upperBound) + 1)
        var out: [(bytes: [UInt8], keys: Range<Int>)] = []
        var pos = firstWithByte(atLeast: Int(leads.lowerBound))
        while pos < end {
            let start = Int(offsets[pos]) + length
            let lead = blob[start]
            if lead == 0x0A { pos += 1; continue }
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let bytes = Array(blob[start..<start + width])
            // Keys in `range` share the first `length` bytes, so comparing from there suffices.
            var lo = pos, hi = end
            while lo < hi {
                let mid = (lo + hi) >> 1
                let p = Int(offsets[mid]) + length
                var order = 0
                for j in 0..<width where order == 0 {
                    let k = blob[p + j]
                    if k != bytes[j] { order = k < bytes[j] ? -1 : 1 }
                }
                if order <= 0 { lo = mid + 1 } else { hi = mid }
            }
            out.append((bytes, pos..<lo))
            pos = lo
        }
        return out
    }
}
