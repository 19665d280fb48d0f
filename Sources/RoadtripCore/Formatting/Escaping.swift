/// The one loop every writer escapes outside text with: its format's table of replacements, and
/// what becomes of any other character (kept, dropped, or written as a reference).
public enum Escaping {
    /// `text` with each scalar in `replacements` replaced; every other scalar is handed to
    /// `otherwise`, which appends what the format writes for it.
    public static func escaped(
        _ text: String, _ replacements: [Unicode.Scalar: String],
        otherwise: (Unicode.Scalar, inout String) -> Void
    ) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                out += replacement
            } else {
                otherwise(scalar, &out)
            }
        }
        return out
    }
}
