/// docs/keys.md's key tables, written from the screens' own key tables.
extension KeyTable {
    /// A Markdown table of every binding: keys, what they do, and when, if not always.
    public var markdown: String {
        var lines = ["| Keys | What they do | When |", "|---|---|---|"]
        for binding in bindings {
            let keys = binding.keys.map { "`" + Self.markdownEscaped($0.name) + "`" }.joined(separator: " ")
            lines.append("| \(keys) | \(Self.markdownEscaped(binding.help)) | \(Self.when(binding.modes)) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func when(_ modes: Set<Mode>) -> String {
        if modes.count == Mode.allCases.count { return "" }
        return Mode.allCases.filter { modes.contains($0) }.map { $0.title.isEmpty ? "otherwise" : $0.title }
            .joined(separator: ", ")
    }

    private static func markdownEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
