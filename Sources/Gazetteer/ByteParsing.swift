import Foundation

/// Small readers over raw file bytes: loading 170,000 rows must not build a String per field.
enum ByteParsing {
    /// The whole file, read straight into an array (no mapping, no second copy), or a
    /// `GazetteerError` naming it.
    static func read(_ url: URL) throws -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw GazetteerError.unreadable(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw GazetteerError.unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let n = Foundation.read(fd, buffer.baseAddress! + initialized, size - initialized)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errno : EIO; break }
                initialized += n
            }
        }
        guard failure == 0, bytes.count == size else {
            throw GazetteerError.unreadable(path: url.path, reason: String(cString: strerror(failure == 0 ? EIO : failure)))
        }
        return bytes
    }

    /// Offsets just past each "\n" in `range` of `bytes`, with the range's start first.
    static func lineStarts(_ bytes: [UInt8], in range: Range<Int>, capacity: Int) -> [Int] {
        var starts = [range.lowerBound]
        starts.reserveCapacity(capacity + 1)
        bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!
            var p = range.lowerBound
            while p < range.upperBound, let hit = memchr(base + p, 0x0A, range.upperBound - p) {
                p = base.distance(to: UnsafeRawPointer(hit)) + 1
                starts.append(p)
            }
        }
        return starts
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
