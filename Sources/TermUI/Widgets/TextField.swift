/// A single-line text field with readline keys.
///
/// ←/→, Home/End, Ctrl-A/E move; Backspace/Delete erase one character; Ctrl-K erases to
/// the end, Ctrl-U to the start, Ctrl-W the word before the cursor. Positions count
/// characters (grapheme clusters), so 東京 and é are one step each.
public struct TextField: Equatable, Sendable {
    public private(set) var text: [Character]
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        self.text = Array(text)
        cursor = self.text.count
    }

    public var string: String { String(text) }

    /// Replaces the text and puts the cursor at the end.
    public mutating func set(_ newText: String) {
        text = Array(newText)
        cursor = text.count
    }

    /// Applies an editing key; true if the field used it.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c):
            text.insert(c, at: cursor)
            cursor += 1
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < text.count else { return true }
            text.remove(at: cursor)
        case .ctrl("k"): text.removeSubrange(cursor...)
        case .ctrl("u"):
            text.removeSubrange(..<cursor)
            cursor = 0
        case .ctrl("w"):
            var start = cursor
            while start > 0, text[start - 1].isWhitespace { start -= 1 }
            while start > 0, !text[start - 1].isWhitespace { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// Draws the field in `width` columns at `point`, scrolled so the cursor shows,
    /// and places the terminal cursor when `focused`.
    @MainActor
    public func draw(on canvas: Canvas, at point: Point, width: Int, focused: Bool, style: Style = .field) {
        guard width > 0 else { return }
        // Scroll horizontally by whole characters until the cursor fits.
        var start = 0
        func columns(_ r: Range<Int>) -> Int { text[r].reduce(0) { $0 + TextWidth.of($1) } }
        while columns(start..<cursor) > width - 1, start < cursor { start += 1 }
        let visible = TextWidth.prefix(String(text[start...]), fitting: width)
        canvas.draw(TextWidth.pad(visible, to: width), at: point, style: style, maxWidth: width)
        if focused {
            canvas.setCursor(Point(x: point.x + columns(start..<cursor), y: point.y))
        }
    }
}
