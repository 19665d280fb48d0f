import RoadtripCore
/// Cleans text that came from an imported file before it becomes part of a trip.
///
/// A name in a GPX or CSV file is outside text: it may carry terminal escape sequences
/// (to recolour or retitle the terminal), bidi overrides or raw control bytes. They are
/// removed here, once, so every later screen and command sees printable text only.
public enum ImportedText {
    /// The longest name kept, in characters; longer names are cut with an ellipsis.
    static let maxNameLength = TextLimits.name

    /// `raw` without escape sequences and control characters, with runs of whitespace
    /// (tabs, newlines) folded to one space and trimmed; nil when nothing printable is left.
    public static func name(_ raw: String) -> String? {
        let folded = singleLine(raw)
        guard !folded.isEmpty else { return nil }
        if folded.count <= maxNameLength { return folded }
        return String(folded.prefix(maxNameLength - 1)) + "…"
    }

    /// `raw` as one printable line: escape sequences and controls removed, whitespace folded.
    public static func singleLine(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            let v = scalar.value
            if v == 0x1B || v == 0x9B || v == 0x9D {
                skipEscapeSequence(introducer: v, &scalars)
            } else if v == 0x09 || v == 0x0A || v == 0x0D || v == 0x20 || v == 0x85 || v == 0x2028 || v == 0x2029 {
                pendingSpace = !out.isEmpty
            } else if isPrintable(scalar) {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Skips the rest of an ANSI escape sequence: CSI (`ESC [` … final byte),
    /// OSC (`ESC ]` … BEL or `ESC \`), or a two-character escape.
    private static func skipEscapeSequence(introducer: UInt32, _ scalars: inout String.UnicodeScalarView.Iterator) {
        var kind = introducer
        if introducer == 0x1B {
            guard let next = scalars.next() else { return }
            switch next {
            case "[": kind = 0x9B
            case "]", "P", "X", "^", "_": kind = 0x9D
            default: return
            }
        }
        if kind == 0x9B {
            // Parameters and intermediates run until a final byte in 0x40...0x7E.
            while let s = scalars.next() {
                if (0x40...0x7E).contains(s.value) || !(0x20...0x3F).contains(s.value) { return }
            }
        } else {
            // String commands run until BEL or the string terminator ESC \.
            var sawEscape = false
            while let s = scalars.next() {
                if s.value == 0x07 || s.value == 0x9C || (sawEscape && s == "\\") { return }
                sawEscape = s.value == 0x1B
            }
        }
    }

    /// Whether a scalar is safe to keep: not a C0/C1 control, DEL, bidi override or noncharacter.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return false }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return false }
        if (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE { return false }
        return true
    }
}
