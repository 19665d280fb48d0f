/// An editing move of a text field.
public enum FieldEdit: Sendable {
    case left, right, wordLeft, wordRight, home, end
    case deleteBackward, deleteForward, killToEnd, killToStart, killWordBackward, killWordForward
}

/// A text field has one mode: editing.
public enum FieldMode: KeyMode {
    case editing
    public var editsText: Bool { false }
    public var title: String { "in a text field" }
}

extension TextField {
    /// The readline keys every text field answers, declared once for dispatch, help and docs/keys.md.
    public static let keys = KeyTable<FieldEdit, FieldMode>(
        "text fields",
        [
            KeyBinding([.left, .ctrl("b")], .left, help: "one character left"),
            KeyBinding([.right, .ctrl("f")], .right, help: "one character right"),
            KeyBinding([.alt("b"), .ctrlLeft], .wordLeft, help: "one word left"),
            KeyBinding([.alt("f"), .ctrlRight], .wordRight, help: "one word right"),
            KeyBinding([.home, .ctrl("a")], .home, help: "start of the field"),
            KeyBinding([.end, .ctrl("e")], .end, help: "end of the field"),
            KeyBinding([.backspace], .deleteBackward, help: "erase before the cursor"),
            KeyBinding([.delete, .ctrl("d")], .deleteForward, help: "erase under the cursor"),
            KeyBinding([.ctrl("w")], .killWordBackward, help: "erase the word before"),
            KeyBinding([.alt("d")], .killWordForward, help: "erase the word after"),
            KeyBinding([.ctrl("u")], .killToStart, help: "erase to the start"),
            KeyBinding([.ctrl("k")], .killToEnd, help: "erase to the end")
        ])
}
