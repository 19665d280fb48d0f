import Foundation

/// Small readers over raw file bytes: loading 235,000 rows must not build a String per field.
enum ByteParsing {
    /// Opens `url` for reading and hands `body` the descriptor and the file's size, closing it after;
    /// errors are `GazetteerError.unreadable` naming the file, as is what `body` throws with `failure`.
    static func withOpenFile<R>(_ url: URL, _ body: (_ fd: Int32, _ size: Int, _ failure: () -> GazetteerError) throws -> R)
        throws -> R
    {
        func failure() -> GazetteerError { .unreadable(path: url.path, reason: String(cString: strerror(errno))) }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure() }
        return try body(fd, Int(info.st_size), failure)
    }

    /// A small file's bytes, or a `GazetteerError` naming it.
    static func read(_ url: URL) throws -> [UInt8] {
        try withOpenFile(url) { fd, size, failure in
            // Straight into the array: going through `Data` would copy every byte again.
            var bytes = [UInt8](repeating: 0, count: size)
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + done, $0.count - done) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw n == 0 ? GazetteerError.unreadable(path: url.path, reason: "it shrank while being read") : failure()
                }
                done += n
            }
            return bytes
        }
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
