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
        if a == b { return true }
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        return a.count > b.count ? a[(i + 1)...] == b[i...] : a[i...] == b[(i + 1)...]
    }
}
