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
    /// The bytes may be read in place (a mapped pack's names) or held in an array.
    static func isOneEditApart<A: RandomAccessCollection<UInt8>, B: RandomAccessCollection<UInt8>>(_ a: A, _ b: B) -> Bool
    where A.Index == Int, B.Index == Int {
        if abs(a.count - b.count) > 1 { return false }
        let (a0, b0) = (a.startIndex, b.startIndex)
        var i = 0
        while i < min(a.count, b.count), a[a0 + i] == b[b0 + i] { i += 1 }
        if i == a.count && i == b.count { return true }
        func rest(_ x: some RandomAccessCollection<UInt8>, _ y: some RandomAccessCollection<UInt8>) -> Bool { x.elementsEqual(y) }
        if a.count == b.count {
            if rest(a.dropFirst(i + 1), b.dropFirst(i + 1)) { return true }
            return i + 1 < a.count && a[a0 + i] == b[b0 + i + 1] && a[a0 + i + 1] == b[b0 + i]
                && rest(a.dropFirst(i + 2), b.dropFirst(i + 2))
        }
        return a.count > b.count ? rest(a.dropFirst(i + 1), b.dropFirst(i)) : rest(a.dropFirst(i), b.dropFirst(i + 1))
    }
}
