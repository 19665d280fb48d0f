/// The one way outside text reaches the screen or standard output.
///
/// Names come from data files, GeoNames, OSRM and the command line; any of them may
/// carry escape sequences that would retitle, recolour or move the user's terminal.
public enum TerminalText {
    /// Returns `text` with every control made visible: C0 controls and DEL as caret
    /// notation (`^[`, `^G`, `^?`), so an escape sequence is shown as harmless text;
    /// C1 controls and bidi overrides as U+FFFD. Newlines and tabs survive only where
    /// the caller says they are meant (multi-line output); otherwise they are shown too.
    public static func sanitize(_ text: String, keepNewlines: Bool = false, keepTabs: Bool = false) -> String {
        if text.unicodeScalars.allSatisfy({ isSafe($0) }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if isSafe(scalar) || (keepNewlines && v == 0x0A) || (keepTabs && v == 0x09) {
                out.append(scalar)
            } else if v < 0x20 {
                out.append("^")
                out.append(Unicode.Scalar(v + 0x40)!)
            } else if v == 0x7F {
                out.append(contentsOf: "^?".unicodeScalars)
            } else {
                out.append("\u{FFFD}")
            }
        }
        return String(out)
    }

    /// The start of `text` that can show in `columns` columns, for drawing: a cell holds at least one
    /// character, and marks of no width are few, so this many characters always fill the room. A
    /// name of millions of characters is then drawn as fast as a short one.
    static func visiblePrefix(_ text: String, columns: Int) -> Substring {
        text.prefix(max(0, columns) * 4 + 16)
    }

    @inline(__always)
    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return true }
        if v < 0x20 || v == 0x7F { return false }
        if (0x80...0x9F).contains(v) { return false }
        return !isDirectionOrLineControl(scalar)
    }

    /// Marks that reorder or break what follows them without showing themselves: embeddings and
    /// overrides (U+202A–E), isolates (U+2066–9), the left-to-right, right-to-left and Arabic
    /// letter marks (U+200E, U+200F, U+061C) and the line and paragraph separators (U+2028,
    /// U+2029). In a name they can make "gpj.exe" read as "exe.jpg" or break a line mid-row.
    public static func isDirectionOrLineControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x202A...0x202E).contains(v) || (0x2066...0x206F).contains(v) || (0xFFF9...0xFFFB).contains(v)
            || v == 0x200E || v == 0x200F || v == 0x061C || v == 0x2028 || v == 0x2029 || v == 0xFEFF
    }
}
