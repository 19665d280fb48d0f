/// A key press, decoded from whatever the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character, including wide and combined ones.
    case char(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete, insert
    /// Ctrl plus a letter, lowercase ("a"…"z"); Ctrl-I, Ctrl-M and Ctrl-H arrive as tab, enter and backspace.
    case ctrl(Character)
    case function(Int)
    /// The terminal changed size.
    case resize
}
