import RoadtripCore
/// Cleans text that came from an imported file before it becomes part of a trip.
///
/// A name in a GPX or CSV file is outside text: it may carry terminal escape sequences
/// (to recolour or retitle the terminal), bidi overrides or raw control bytes. They are
/// removed here, once, so every later screen and command sees printable text only.
public enum ImportedText {
    /// `raw` without escape sequences and hidden characters, with runs of whitespace
    /// (tabs, newlines) folded to one space and trimmed; nil when nothing printable is left.
    public static func name(_ raw: String) -> String? { PlainText.name(raw) }

    /// `raw` as one printable line: escape sequences and hidden characters removed, whitespace folded.
    public static func singleLine(_ raw: String) -> String { PlainText.line(raw) }
}
