import Foundation

/// How what a person typed compares with a place's name: one rule for the editor's highlight, its
/// rows and the command line's choice of a place.
public enum TypedName {
    /// `text` trimmed, without case or accents: "Zürich " and "zurich" compare equal.
    public static func folded(_ text: String) -> String {
        // Most names are ASCII: lower-cased byte by byte, what Foundation's folding gives them, at a
        // fraction of its cost (it is run on every curated and imported name at load, and per search).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(text.utf8)
            while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
            let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
            return String(decoding: bytes[start...].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `typed` shows the place `name`: it begins the name ("Greno" for Grenoble), or it is
    /// the name with a qualifier after it ("Athens GA", "Portland, ME").
    public static func shows(_ name: String, typed: String) -> Bool {
        let name = folded(name), typed = folded(typed)
        return !typed.isEmpty && (name.hasPrefix(typed) || typed.hasPrefix(name + " ") || typed.hasPrefix(name + ","))
    }

    /// Whether `a` becomes `b` with one insertion, deletion, substitution or swap of neighbours.
    static func isOneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in isOneEditApart(a, b) } }
    }

    /// The same on bytes read in place (a mapped pack's names): plain loops, no copies, as the typo
    /// pass runs it over every packed name for each query.
    static func isOneEditApart(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let (m, n) = (a.count, b.count)
        if m - n > 1 || n - m > 1 { return false }
        var i = 0
        while i < m && i < n && a[i] == b[i] { i += 1 }
        if i == m && i == n { return true }
        func same(_ x: Int, _ y: Int) -> Bool {
            var (x, y) = (x, y)
            while x < m && y < n {
                if a[x] != b[y] { return false }
                x += 1
                y += 1
            }
            return x == m && y == n
        }
        if m == n {
            if same(i + 1, i + 1) { return true }
            return i + 1 < m && a[i] == b[i + 1] && a[i + 1] == b[i] && same(i + 2, i + 2)
        }
        return m > n ? same(i + 1, i) : same(i, i + 1)
    }
}
