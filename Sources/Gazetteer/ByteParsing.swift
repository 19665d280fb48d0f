import Foundation

/// Small readers over raw file bytes: loading 170,000 rows must not build a String per field.
enum ByteParsing {
    /// A small file's bytes, or a `GazetteerError` naming it.
    static func read(_ url: URL) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw GazetteerError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Offsets just past each "\n" in `range` of `bytes`, with the range's start first.
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, capacity: Int) -> [Int] {
        var starts = [range.lowerBound]
        starts.reserveCapacity(capacity + 1)
        guard let base = bytes.baseAddress else { return starts }
        var p = range.lowerBound
        while p < range.upperBound, let hit = memchr(base + p, 0x0A, range.upperBound - p) {
            p = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
            starts.append(p)
        }
        return starts
    }

    /// The lines of `bytes` (without "\n") that do not start with "#".
    static func dataLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: true).filter { $0.first != UInt8(ascii: "#") }
    }

    /// The tab-separated fields of a line.
    static func fields<C: Collection<UInt8>>(_ line: C) -> [C.SubSequence] {
        line.split(separator: 0x09, omittingEmptySubsequences: false)
    }

    static func string<C: Collection<UInt8>>(_ bytes: C) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A plain decimal ("-122.67621", "652503") without exponent; nil if it is not one.
    static func decimal<C: Collection<UInt8>>(_ bytes: C) -> Double? {
        var negative = false, atStart = true
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, seenPoint = false
        for b in bytes {
            defer { atStart = false }
            if atStart && (b == UInt8(ascii: "-") || b == UInt8(ascii: "+")) {
                negative = b == UInt8(ascii: "-")
            } else if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if b >= 0x30 && b <= 0x39 {
                guard digits < 16 else { return nil }
                mantissa = mantissa * 10 + UInt64(b - 0x30)
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        // Exact integers divided by an exact power of ten: correctly rounded, like strtod.
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// 1e0…1e15, all exact in a Double.
    private static let powersOfTen: [Double] = (0..<16).map { pow(10, Double($0)) }
}
