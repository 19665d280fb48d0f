/// Text from outside (a link, a server, an imported or hand-edited file) made safe: the one rule for
/// which characters no reader should meet raw, and the one cleaner used where such text comes in.
public enum PlainText {
    /// C0 controls, DEL and C1 controls: what a terminal or a file format could act on.
    @inline(__always)
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Characters that act without showing themselves: controls, the marks that reorder text
    /// (U+061C, U+200E–F, U+202A–E, U+2066–9, the deprecated U+206A–F), U+FEFF, the interlinear
    /// annotation marks (U+FFF9–B) and noncharacters. In a name they can make "gpj.exe" read as
    /// "exe.jpg"; no writer emits them. (Joiners, U+200C–D, stay: emoji and many scripts need them.)
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return false }
        if isControl(scalar) { return true }
        switch v {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xFDD0...0xFDEF:
            return true
        default:
            return v & 0xFFFE == 0xFFFE
        }
    }

    /// Line and paragraph breaks of every kind, and tabs: a writer turns each into its own format's
    /// line break or a space, never writes it raw.
    public static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `raw` as one printable line: escape sequences removed whole (CSI, OSC and the other string
    /// commands, 7-bit and 8-bit, and two- or three-character escapes such as ESC c and ESC ( 0),
    /// hidden characters removed, every run of breaks and spaces folded to one space, trimmed.
    public static func line(_ raw: String) -> String {
        // Most text is printable ASCII with single spaces inside: already one clean line.
        if isCleanASCII(raw) { return raw }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        var held: Unicode.Scalar?
        while let scalar = held ?? scalars.next() {
            held = nil
            let v = scalar.value
            if v == 0x1B || v == 0x9B || v == 0x90 || (0x98...0x9F).contains(v) && v != 0x9C {
                held = skipEscapeSequence(introducer: v, &scalars)
            } else if v == 0x20 || isBreak(scalar) {
                pendingSpace = !out.isEmpty
            } else if !isHidden(scalar) {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `raw` is printable ASCII, not starting or ending with a space and with no two in a row:
    /// what `line` would give back unchanged.
    private static func isCleanASCII(_ raw: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in raw.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return previous != 0x20 || raw.isEmpty
    }

    /// `line(raw)` cut to `limit` characters, the last being "…" when cut.
    public static func line(_ raw: String, limit: Int) -> String {
        let clean = line(raw)
        return clean.count > limit ? String(clean.prefix(max(0, limit - 1))) + "…" : clean
    }

    /// `raw` as a name: one clean line of at most `TextLimits.name` characters; nil when nothing printable is left.
    public static func name(_ raw: String) -> String? {
        let clean = line(raw, limit: TextLimits.name)
        return clean.isEmpty ? nil : clean
    }

    /// `text` as one clean line (kept for the readers that called it so).
    public static func withoutControls(_ text: String) -> String { line(text) }

    /// `text` as a message quotes it: one clean line, cut to `limit` characters with "…".
    public static func quoted(_ text: String, limit: Int) -> String { line(text, limit: limit) }

    /// Skips the rest of an escape sequence that `introducer` began; returns a scalar read past its
    /// end that is not part of it (to be looked at again), if any.
    private static func skipEscapeSequence(
        introducer: UInt32, _ scalars: inout String.UnicodeScalarView.Iterator
    ) -> Unicode.Scalar? {
        var kind = introducer
        if introducer == 0x1B {
            guard let next = scalars.next() else { return nil }
            switch next.value {
            case 0x5B: kind = 0x9B  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: kind = 0x9D  // ] P X ^ _
            case 0x20...0x2F:
                // nF escapes (ESC ( 0, ESC # 8): intermediates, then one final character.
                while let s = scalars.next() {
                    if !(0x20...0x2F).contains(s.value) { return (0x30...0x7E).contains(s.value) ? nil : s }
                }
                return nil
            case 0x30...0x7E: return nil  // ESC c, ESC 7, ESC =: two characters
            default: return next
            }
        }
        if kind == 0x9B {
            // Parameters and intermediates run until a final byte in 0x40...0x7E.
            while let s = scalars.next() {
                if (0x40...0x7E).contains(s.value) { return nil }
                if !(0x20...0x3F).contains(s.value) { return s }
            }
            return nil
        }
        // String commands (OSC, DCS, SOS, PM, APC) run until BEL, ST or ESC \.
        var sawEscape = false
        while let s = scalars.next() {
            if s.value == 0x07 || s.value == 0x9C || (sawEscape && s == "\\") { return nil }
            sawEscape = s.value == 0x1B
        }
        return nil
    }
}
