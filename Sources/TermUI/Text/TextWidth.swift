import Foundation

// libc's wcwidth, which ncurses uses too, so our columns and the terminal's agree.
@_silgen_name("wcwidth")
private func c_wcwidth(_ c: Int32) -> Int32

/// Display widths in terminal columns: 東京 and 😀 take two columns each, combining marks none.
public enum TextWidth {
    /// Lets wcwidth measure wide characters in every command: it knows them only in a UTF-8
    /// locale, and a process starts in "C". The user's locale when it is UTF-8, else C.UTF-8,
    /// since roadtrip writes UTF-8 whatever the locale.
    public static func measureInUTF8() {
        if setlocale(LC_CTYPE, "") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" { return }
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Columns one character (grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        if scalars.count >= 2, isRegionalIndicator(first) { return 2 }
        let w = Int(c_wcwidth(Int32(bitPattern: first.value)))
        if w >= 0 { return w }
        // Unknown to the locale (LANG=C): the terminal shows a replacement, one column.
        return 1
    }

    /// Columns `text` takes.
    public static func of(_ text: String) -> Int {
        var total = 0
        for ch in text { total += of(ch) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`.
    public static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let w = of(text[i])
            if used + w > columns { break }
            used += w
            end = text.index(after: i)
        }
        return String(text[..<end])
    }

    /// `text` cut to `columns`, ending in "…" when it had to be cut. Reads no further into `text`
    /// than the columns need, so a name of millions of characters costs what a short one does.
    public static func truncate(_ text: String, to columns: Int) -> String {
        truncated(text, to: columns).text
    }

    /// `truncate` with the columns the result takes.
    private static func truncated(_ text: String, to columns: Int) -> (text: String, width: Int) {
        guard columns > 0 else { return ("", 0) }
        var used = 0
        // Where the text would have to be cut to leave room for "…", and the width up to there.
        var cut = text.startIndex, widthAtCut = 0
        var i = text.startIndex
        while i < text.endIndex {
            let w = of(text[i])
            if used + w > columns { return (String(text[..<cut]) + "…", widthAtCut + 1) }
            used += w
            i = text.index(after: i)
            if used <= columns - 1 {
                cut = i
                widthAtCut = used
            }
        }
        return (text, used)
    }

    /// `text` cut in the middle to `columns`, its start and end kept around "…": how a long path
    /// shows what folder it is in and what file it names.
    public static func middle(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 2 else { return truncate(text, to: columns) }
        let tail = (columns - 1) / 2
        let end = String(prefix(String(text.reversed()), fitting: tail).reversed())
        return prefix(text, fitting: columns - 1 - of(end)) + "…" + end
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncated(text, to: columns)
        return cut.text + String(repeating: " ", count: max(0, columns - cut.width))
    }

    /// `text` right-aligned in `columns`.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        let cut = truncated(text, to: columns)
        return String(repeating: " ", count: max(0, columns - cut.width)) + cut.text
    }

    /// `text` without its first `columns` columns (a wide character cut in half becomes a space).
    static func dropColumns(_ text: String, _ columns: Int) -> String {
        var skipped = 0
        var i = text.startIndex
        while i < text.endIndex, skipped < columns {
            skipped += of(text[i])
            i = text.index(after: i)
        }
        return String(repeating: " ", count: max(0, skipped - columns)) + String(text[i...])
    }

    private static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(s.value)
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a line
    /// is cut into pieces).
    public static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while TextWidth.of(word) > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                let piece = TextWidth.prefix(word, fitting: width)
                lines.append(piece)
                word = String(word.dropFirst(piece.count))
            }
            if line.isEmpty {
                line = word
            } else if TextWidth.of(line) + 1 + TextWidth.of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        lines.append(line)
        return lines
    }
}
