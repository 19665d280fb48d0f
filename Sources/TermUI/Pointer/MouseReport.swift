/// Reads the mouse reports terminals send once mouse reporting is on.
///
/// SGR reports (xterm's mode 1006: `ESC [ < b ; x ; y M`, `m` for a release) are what every
/// current terminal sends when asked; the old X10 form (`ESC [ M` and three bytes) is read too, for
/// terminals that ignore the request for SGR. Positions are 1-based in both; a `MouseEvent` is 0-based.
enum MouseReport {
    /// The event in an SGR report's `body` ("0;12;5") ended by `final` ("M" or "m"), or nil for one
    /// the app has no use for (motion, sideways wheel) or that does not parse.
    static func sgr(_ body: Substring, final: Character) -> MouseEvent? {
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, let b = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return event(button: b, x: x, y: y, released: final == "m")
    }

    /// The event in an X10 report's three bytes (each its value plus 32).
    static func x10(_ bytes: [UInt32]) -> MouseEvent? {
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= 32 }) else { return nil }
        return event(button: Int(bytes[0]) - 32, x: Int(bytes[1]) - 32, y: Int(bytes[2]) - 32, released: false)
    }

    /// Button bits as xterm defines them: the low two bits the button (3: released, in X10), +4
    /// Shift, +8 Meta, +16 Ctrl, +32 motion, +64 the wheel.
    private static func event(button b: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        // A screen is never this large; anything else is not a report.
        guard (0...255).contains(b), (1...10_000).contains(x), (1...10_000).contains(y), b & 32 == 0 else { return nil }
        let point = Point(x: x - 1, y: y - 1), ctrl = b & 16 != 0
        if b & 64 != 0 {
            switch b & 3 {
            case 0: return MouseEvent(.wheelUp, at: point, ctrl: ctrl)
            case 1: return MouseEvent(.wheelDown, at: point, ctrl: ctrl)
            default: return nil
            }
        }
        if released || b & 3 == 3 { return MouseEvent(.release, at: point, ctrl: ctrl) }
        return MouseEvent(.press(button: b & 3 + 1), at: point, ctrl: ctrl)
    }
}
