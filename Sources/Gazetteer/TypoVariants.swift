/// The keys within one typo of a query: one character inserted, deleted, replaced, or two
/// neighbours swapped ("Albuqerque" → albuquerque, "Sacramneto" → sacramento).
///
/// Replacements and insertions come from the characters that actually follow each prefix
/// in the sorted keys, as in a trie walk, so only spellings that exist are tried; and once
/// a prefix of the query matches no key, no edit further right can help. Replacements are
/// drawn from the query character's own block (ASCII for ASCII, the same UTF-8 lead byte
/// for two-byte scripts such as Cyrillic or Greek); a typo inside a three- or four-byte
/// character (CJK, Hangul) is forgiven only as a deletion or a swap.
enum TypoVariants {
    static func ranges(of query: UnsafeBufferPointer<UInt8>, in list: KeyList) -> [Range<Int>] {
        var starts: [Int] = []  // byte offset of each character, then the end
        var b = 0
        while b < query.count {
            starts.append(b)
            let lead = query[b]
            b += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        let n = starts.count
        starts.append(query.count)
        func char(_ i: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: query[starts[i]..<starts[i + 1]]) }

        var out: [Range<Int>] = []
        var variant: [UInt8] = []
        variant.reserveCapacity(query.count + 4)
        func search(within: Range<Int>, known: Int) {
            let r = variant.withUnsafeBufferPointer { list.range(of: $0, within: within, known: known) }
            if !r.isEmpty { out.append(r) }
        }
        var under = 0..<list.count
        for i in 0..<n {
            if i > 0 {
                under = list.range(
                    of: UnsafeBufferPointer(rebasing: query[..<starts[i]]), within: under, known: starts[i - 1])
                if under.isEmpty { break }
            }
            let prefix = query[..<starts[i]]
            variant.removeAll(keepingCapacity: true)
            variant.append(contentsOf: prefix)
            variant.append(contentsOf: query[starts[i + 1]...])
            search(within: under, known: starts[i])
            if i + 1 < n, !char(i).elementsEqual(char(i + 1)) {
                variant.removeAll(keepingCapacity: true)
                variant.append(contentsOf: prefix)
                variant.append(contentsOf: char(i + 1))
                variant.append(contentsOf: char(i))
                variant.append(contentsOf: query[starts[i + 2]...])
                search(within: under, known: starts[i])
            }
            guard let leads = leadBytes(of: char(i)) else { continue }
            for child in list.children(of: under, prefix: UnsafeBufferPointer(rebasing: query[..<starts[i]]), leads: leads) {
                if !child.bytes.elementsEqual(char(i)) {
                    variant.removeAll(keepingCapacity: true)
                    variant.append(contentsOf: prefix)
                    variant.append(contentsOf: child.bytes)
                    variant.append(contentsOf: query[starts[i + 1]...])
                    search(within: child.keys, known: starts[i] + child.bytes.count)
                }
                variant.removeAll(keepingCapacity: true)
                variant.append(contentsOf: prefix)
                variant.append(contentsOf: child.bytes)
                variant.append(contentsOf: query[starts[i]...])
                search(within: child.keys, known: starts[i] + child.bytes.count)
            }
        }
        return out
    }

    /// Lead bytes a replacement for `char` may start with; nil for three- and four-byte ones.
    static func leadBytes(of char: UnsafeBufferPointer<UInt8>) -> ClosedRange<UInt8>? {
        switch char.count {
        case 1: return 0x20...0x7F
        case 2: return char[0]...char[0]
        default: return nil
        }
    }
}
