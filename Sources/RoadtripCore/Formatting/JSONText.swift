import Foundation

/// JSON that never carries a raw hidden character: what every JSON writer of roadtrip prints.
///
/// JSONEncoder escapes only U+0000–U+001F; DEL, the C1 controls (U+009B is a one-byte CSI to a
/// terminal), line separators and bidi overrides would pass through raw. In JSON they can stand
/// only inside strings, where the escape reads back as the same character.
public enum JSONText {
    /// `value` pretty-printed with sorted keys (the shape `--json` documents), hidden characters escaped.
    public static func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return escapingHidden(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `json` with every hidden character and line break past ASCII written as a `\u` escape.
    public static func escapingHidden(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out.append(contentsOf: String(format: "\\u%04x", unit).unicodeScalars) }
        }
        return String(out)
    }

    /// `text` as a JSON string literal, for JSON written by hand.
    public static func quoted(_ text: String) -> String {
        let body = Escaping.escaped(text, ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]) {
            scalar, out in
            if PlainText.isHidden(scalar) || PlainText.isBreak(scalar) {
                for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return "\"" + body + "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x7F && (PlainText.isHidden(scalar) || PlainText.isBreak(scalar))
    }
}
