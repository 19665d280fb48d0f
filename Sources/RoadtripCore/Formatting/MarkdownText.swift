/// Outside text (names, notes, road names) as literal Markdown: what would act is dropped, what
/// Markdown would read as markup is escaped, so a name cannot start a list, a link or a heading.
public enum MarkdownText {
    /// `text` on one line: hidden characters dropped, breaks and tabs as spaces, markup escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if PlainText.isBreak(scalar) {
                // CR LF is one break, not two spaces.
                if scalar != "\r" { out += " " }
                continue
            }
            if PlainText.isHidden(scalar) { continue }
            if "\\`*_[]<>|~#&!".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
