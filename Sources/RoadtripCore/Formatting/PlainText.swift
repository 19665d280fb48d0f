/// Text from outside (a link, an imported file, a hand-edited file) made safe to show: one rule for
/// which characters are controls, so every reader drops the same ones.
public enum PlainText {
    /// C0 controls, DEL and C1 controls: what a terminal or a file format could act on.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with its control characters taken out.
    public static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
    }

    /// `text` as a message quotes it: without controls, and cut to `limit` characters with "…".
    public static func quoted(_ text: String, limit: Int) -> String {
        let clean = withoutControls(text)
        return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
    }
}
