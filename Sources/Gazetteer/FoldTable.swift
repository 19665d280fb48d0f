/// Folds text for search exactly as the build folded the names (Scripts/data/gazetteer_fold.py).
///
/// The table comes from Data/gazetteer-fold.tsv: every code point whose folded form differs
/// from itself. Python's Unicode database defines it once for both sides, so "Zürich",
/// "ZURICH" and "zurich" reach the same bytes as the index holds.
struct FoldTable: Sendable {
    private let ascii: [[UInt8]]
    /// The other code points that fold, ascending; the folded bytes of `codePoints[i]` are
    /// `folded[ends[i - 1]..<ends[i]]` (from 0 for the first): flat arrays, because a
    /// dictionary of 17,000 small arrays costs milliseconds to build and to free.
    private let codePoints: [UInt32]
    private let ends: [UInt32]
    private let folded: [UInt8]

    /// Parses "XXXX\tYYYY ZZZZ" lines (hex code point, folded code points), in ascending
    /// order of code point.
    init(tsv bytes: [UInt8], path: String) throws {
        var ascii = (0..<128).map { [UInt8($0)] }
        var codePoints: [UInt32] = [], ends: [UInt32] = [], folded: [UInt8] = []
        codePoints.reserveCapacity(bytes.count / 10)
        ends.reserveCapacity(bytes.count / 10)
        folded.reserveCapacity(bytes.count / 4)
        var lineNumber = 0, p = 0
        while p < bytes.count {
            lineNumber += 1
            let end = bytes[p...].firstIndex(of: 0x0A) ?? bytes.count
            defer { p = end + 1 }
            if p == end || bytes[p] == UInt8(ascii: "#") { continue }
            func fail(_ what: String) -> GazetteerError { .malformed(path: path, reason: "line \(lineNumber): \(what)") }
            let tab = bytes[p..<end].firstIndex(of: 0x09) ?? end
            guard let cp = Self.hex(bytes[p..<tab]) else { throw fail("bad code point") }
            let start = folded.count
            var q = tab + 1
            while q < end {
                let space = bytes[q..<end].firstIndex(of: 0x20) ?? end
                defer { q = space + 1 }
                if space == q { continue }
                guard let v = Self.hex(bytes[q..<space]), let scalar = Unicode.Scalar(v) else { throw fail("bad folded form") }
                UTF8.encode(scalar) { folded.append($0) }
            }
            if cp < 128 {
                ascii[Int(cp)] = Array(folded[start...])
                folded.removeSubrange(start...)
            } else {
                guard codePoints.last.map({ $0 < cp }) ?? true else { throw fail("code point out of order") }
                codePoints.append(cp)
                ends.append(UInt32(folded.count))
            }
        }
        self.ascii = ascii
        self.codePoints = codePoints
        self.ends = ends
        self.folded = folded
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        guard !bytes.isEmpty, bytes.count <= 6 else { return nil }
        var v: UInt32 = 0
        for b in bytes {
            switch b {
            case 0x30...0x39: v = v << 4 | UInt32(b - 0x30)
            case 0x41...0x46: v = v << 4 | UInt32(b - 0x41 + 10)
            case 0x61...0x66: v = v << 4 | UInt32(b - 0x61 + 10)
            default: return nil
            }
        }
        return v
    }

    /// `text` folded: lowercase words without accents, separated by single spaces, as UTF-8.
    func fold(_ text: Substring) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func emit(_ b: UInt8) {
            if b == 0x20 {
                pendingSpace = !out.isEmpty
                return
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(b)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 128 {
                for b in ascii[Int(v)] { emit(b) }
            } else if let i = position(of: v) {
                for b in folded[(i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])] { emit(b) }
            } else {
                UTF8.encode(scalar) { emit($0) }
            }
        }
        return out
    }

    /// Where `codePoint` is in `codePoints`, if it folds.
    private func position(of codePoint: UInt32) -> Int? {
        var lo = 0, hi = codePoints.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if codePoints[mid] < codePoint { lo = mid + 1 } else { hi = mid }
        }
        return lo < codePoints.count && codePoints[lo] == codePoint ? lo : nil
    }
}
