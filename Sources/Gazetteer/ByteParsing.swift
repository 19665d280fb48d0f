import Foundation

/// Small readers over raw file bytes: loading 170,000 rows must not build a String per field.
enum ByteParsing {
    /// The whole file, or a `GazetteerError` naming it.
    static func read(_ url: URL) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url, options: .mappedIfSafe))
        } catch {
            throw GazetteerError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The lines of `bytes` (without "\n") that do not start with "#".
    static func dataLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: true).filter { $0.first != UInt8(ascii: "#") }
    }

    /// The tab-separated fields of a line.
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x09, omittingEmptySubsequences: false)
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A plain decimal ("-122.67621", "652503") without exponent; nil if it is not one.
    static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
        var i = bytes.startIndex
        var negative = false
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, seenPoint = false
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if b >= 0x30 && b <= 0x39 {
                guard digits < 16 else { return nil }
                mantissa = mantissa * 10 + UInt64(b - 0x30)
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        // Exact integers divided by an exact power of ten: correctly rounded, like strtod.
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// 1e0…1e15, all exact in a Double.
    private static let powersOfTen: [Double] = (0..<16).map { pow(10, Double($0)) }

    static func littleEndian<T: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as: T.Type) -> T {
        var v: T = 0
        for j in 0..<MemoryLayout<T>.size { v |= T(truncatingIfNeeded: bytes[offset + j]) << (8 * j) }
        return v
    }
}
