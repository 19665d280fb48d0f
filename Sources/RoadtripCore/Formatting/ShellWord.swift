import Foundation

/// Text as one word of a shell command line a person can copy: the trip names and places in the
/// commands roadtrip suggests.
public enum ShellWord {
    /// `text` bare when it is plain, else in single quotes (a quote inside closed, escaped, reopened).
    public static func quoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "-_./:,@+".unicodeScalars.contains($0)
            }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
