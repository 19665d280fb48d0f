/// A key press, decoded from whatever the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character, including wide and combined ones.
    case char(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    /// Ctrl with ← or →: a word at a time in a text field.
    case ctrlLeft, ctrlRight
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete, insert
    /// Ctrl plus a letter, lowercase ("a"…"z"); Ctrl-I, Ctrl-M and Ctrl-H arrive as tab, enter and backspace.
    case ctrl(Character)
    /// Alt (Meta) plus a character, which terminals send as Esc followed by it; letters lowercase.
    case alt(Character)
    case function(Int)
    /// Text pasted in one go (bracketed paste). It goes whole into a focused field and is never
    /// read as commands, so pasting "dddd" on a list deletes nothing.
    case paste(String)
    /// The terminal changed size.
    case resize
    /// The mouse pressed, released or turned its wheel; `Application` makes gestures of these.
    case mouse(MouseEvent)

    /// Whether this key types text: a printable character or a paste.
    var typesText: Bool {
        switch self {
        case .char, .paste: true
        default: false
        }
    }

    /// How the key is written in hints, help and docs/keys.md: "Ctrl-U", "Shift-↑", "F1", "a".
    public var name: String {
        switch self {
        case .char(" "): "Space"
        case let .char(c): String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .shiftUp: "Shift-↑"
        case .shiftDown: "Shift-↓"
        case .shiftLeft: "Shift-←"
        case .shiftRight: "Shift-→"
        case .ctrlLeft: "Ctrl-←"
        case .ctrlRight: "Ctrl-→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .insert: "Insert"
        case let .ctrl(c): "Ctrl-" + c.uppercased()
        case let .alt(c): "Alt-" + c.uppercased()
        case let .function(n): "F\(n)"
        case .paste: "paste"
        case .resize: "resize"
        case .mouse: "mouse"
        }
    }
}
