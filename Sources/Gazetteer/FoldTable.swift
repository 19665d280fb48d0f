/// Folds text for search exactly as the build folded the names (Scripts/gazetteer_fold.py).
///
/// The table comes from Data/gazetteer-fold.tsv: every code point whose folded form differs
/// from itself. Python's Unicode database defines it once for both sides, so "Zürich",
/// "ZURICH" and "zurich" reach the same bytes as the index holds.
struct FoldTable: Sendable {
    private let ascii: [[UInt8]]
    private let others: [UInt32: [UInt8]]

    /// Parses "XXXX\tYYYY ZZZZ" lines (hex code point, folded code points).
    init(tsv bytes: [UInt8], path: String) throws {
        var ascii = (0..<128).map { [UInt8($0)] }
        var others: [UInt32: [UInt8]] = [:]
        others.reserveCapacity(20_000)
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            lineNumber += 1
            if line.first == UInt8(ascii: "#") { continue }
            let fields = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false)
            guard let cp = Self.hex(fields[0]) else {
                throw GazetteerError.malformed(path: path, reason: "line \(lineNumber): bad code point")
            }
            var folded: [UInt8] = []
            if fields.count > 1 {
                for part in fields[1].split(separator: 0x20) {
                    guard let v = Self.hex(part), let s = Unicode.Scalar(v) else {
                        throw GazetteerError.malformed(path: path, reason: "line \(lineNumber): bad folded form")
                    }
                    folded.append(contentsOf: String(Character(s)).utf8)
                }
            }
            if cp < 128 { ascii[Int(cp)] = folded } else { others[cp] = folded }
        }
        self.ascii = ascii
        self.others = others
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
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 128 {
                for b in ascii[Int(v)] { emit(b) }
            } else if let folded = others[v] {
                for b in folded { emit(b) }
            } else {
                for b in String(Character(scalar)).utf8 { emit(b) }
            }
        }
        return out
    }
}
