/// The keys within one typo of a query: one character inserted, deleted, replaced, or two
/// neighbours swapped ("Albuqerque" → albuquerque, "Sacramneto" → sacramento).
///
/// Replacements and insertions come from the characters that actually follow each prefix
/// in the sorted keys, as in a trie walk, so only spellings that exist are tried. They are
/// drawn from the query character's own block (ASCII for ASCII, the same UTF-8 lead byte
/// for two-byte scripts such as Cyrillic or Greek); a typo inside a three- or four-byte
/// character (CJK, Hangul) is forgiven only as a deletion or a swap.
enum TypoVariants {
    static func ranges(of query: UnsafeBufferPointer<UInt8>, in list: KeyList, blob: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let chars = characters(Array(query))
        let n = chars.count
        var out: [Range<Int>] = []
        func search(_ bytes: [UInt8], within: Range<Int>? = nil) {
            let r = bytes.withUnsafeBufferPointer { list.range(of: $0, in: blob, within: within) }
            if !r.isEmpty { out.append(r) }
        }
        func joined(_ parts: ArraySlice<[UInt8]>) -> [UInt8] { parts.flatMap { $0 } }

        for i in 0..<n {
            search(joined(chars[..<i]) + joined(chars[(i + 1)...]))
            if i + 1 < n, chars[i] != chars[i + 1] {
                search(joined(chars[..<i]) + chars[i + 1] + chars[i] + joined(chars[(i + 2)...]))
            }
            guard let lead = leadBytes(of: chars[i]) else { continue }
            let prefix = joined(chars[..<i])
            let under = prefix.withUnsafeBufferPointer { list.range(of: $0, in: blob) }
            for child in list.children(of: under, length: prefix.count, leads: lead, in: blob) {
                if child.bytes != chars[i] {
                    search(prefix + child.bytes + joined(chars[(i + 1)...]), within: child.keys)
                }
                search(prefix + child.bytes + joined(chars[i...]), within: child.keys)
            }
        }
        return out
    }

    /// The query split into characters (Unicode scalars), each as its UTF-8 bytes.
    static func characters(_ bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let width = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            out.append(Array(bytes[i..<min(i + width, bytes.count)]))
            i += width
        }
        return out
    }

    /// Lead bytes a replacement for `char` may start with; nil for three- and four-byte ones.
    static func leadBytes(of char: [UInt8]) -> ClosedRange<UInt8>? {
        switch char.count {
        case 1: return 0x20...0x7F
        case 2: return char[0]...char[0]
        default: return nil
        }
    }
}
