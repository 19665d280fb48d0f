/// Turns what curses's `get_wch` reports into a `Key`.
///
/// `get_wch` hands back either a character or a key code (`KEY_UP`, `KEY_F(3)`, …). The
/// codes are curses constants, so the terminal adapter supplies the table of named codes
/// and this stays free of curses and testable on its own.
struct KeyDecoder: Sendable {
    /// Named keys by curses key code, including the codes that extra sequences are bound to.
    let keyCodes: [UInt32: Key]

    /// The key for `code`, or nil for a code or control character the app has no use for.
    func key(code: UInt32, isKeyCode: Bool) -> Key? {
        if isKeyCode { return keyCodes[code] }
        return Self.character(code)
    }

    /// A character `get_wch` returned as text: controls become their keys, the rest is typed text.
    static func character(_ code: UInt32) -> Key? {
        switch code {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A:
            // Ctrl-A is 1 … Ctrl-Z is 26; Ctrl-H, I and J/M were taken above.
            return .ctrl(Character(Unicode.Scalar(UInt8(0x60 + code))))
        case 0x00..<0x20, 0x80...0x9F:
            return nil
        default:
            // Typed text ends up in trip names; a direction mark there would reorder what the user sees.
            guard let scalar = Unicode.Scalar(code), !TerminalText.isDirectionOrLineControl(scalar) else { return nil }
            return .char(Character(scalar))
        }
    }
}
