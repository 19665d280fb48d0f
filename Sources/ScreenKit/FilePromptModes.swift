/// The modes a screen with file prompts shows them in: cases of the screen's own mode enum.
public protocol FilePromptModes {
    /// Typing the path of a file to read.
    static var importing: Self { get }
    /// Typing the path to write to, starting from `text`.
    static func exporting(text: String) -> Self
    /// Asking before replacing a file.
    static func confirming(question: String) -> Self
    /// A file being read or written.
    static var transferring: Self { get }
}
