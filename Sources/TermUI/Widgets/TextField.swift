/// A single-line text field with readline keys.
///
/// Positions count characters (grapheme clusters), so 東京 and é are one step each. Pasted
/// text arrives whole; its line breaks and tabs become spaces, since the field has one line.
public struct TextField: Equatable, Sendable {
    public private(set) var text: [Character]
    public private(set) var cursor: Int
    /// The most characters the field holds; typing or pasting past it keeps the text at the limit.
    public let limit: Int
    /// Whether the last key was cut short by `limit`, so the screen can say so.
    public private(set) var hitLimit = false
    /// Whether the whole text is selected, as a file dialog offers a name: typing replaces it,
    /// a deleting key clears it, and a moving key keeps it to edit (→ and End at its end).
    public private(set) var isSelected = false
    /// The first character shown while focused; kept between draws so the view moves only when the
    /// cursor would leave it.
    private var scroll = 0

    public static let defaultLimit = 200

    public init(_ text: String = "", limit: Int = TextField.defaultLimit) {
        self.limit = max(1, limit)
        self.text = Array(text.prefix(self.limit))
        cursor = self.text.count
    }

    public var string: String { String(text) }

    /// Replaces the text and puts the cursor at the end.
    public mutating func set(_ newText: String) {
        text = Array(newText.prefix(limit))
        cursor = text.count
        isSelected = false
    }

    /// Offers `newText` selected: the first key typed replaces it, → or End keeps it.
    public mutating func select(_ newText: String) {
        set(newText)
        isSelected = !text.isEmpty
    }

    /// Whether a focused field takes `key`: text, a paste, or one of its editing keys.
    public static func takes(_ key: Key) -> Bool {
        key.typesText || keys.bindings.contains { $0.keys.contains(key) }
    }

    /// Applies a key; true if the field took it.
    public mutating func handle(_ key: Key) -> Bool {
        hitLimit = false
        if isSelected, let kept = keepsSelection(key) {
            isSelected = false
            if !kept {
                text = []
                cursor = 0
            }
        }
        switch key {
        case let .char(c): insert([c])
        case let .paste(pasted): insert(Array(Self.singleLine(pasted)))
        default:
            guard case let .action(edit) = Self.keys.route(key, in: .editing) else { return false }
            apply(edit)
        }
        return true
    }

    /// What `key` does to a selected text: true keeps it (a moving key), false replaces or clears
    /// it (text, a paste, a deleting key), nil when the field does not take the key at all.
    private func keepsSelection(_ key: Key) -> Bool? {
        switch key {
        case .char, .paste: return false
        default:
            guard case let .action(edit) = Self.keys.route(key, in: .editing) else { return nil }
            switch edit {
            case .left, .right, .wordLeft, .wordRight, .home, .end: return true
            default: return false
            }
        }
    }

    private mutating func insert(_ characters: [Character]) {
        let room = limit - text.count
        if characters.count > room { hitLimit = true }
        let taken = characters.prefix(max(0, room))
        text.insert(contentsOf: taken, at: cursor)
        cursor += taken.count
    }

    private mutating func apply(_ edit: FieldEdit) {
        switch edit {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .deleteBackward:
            guard cursor > 0 else { return }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { return }
            text.remove(at: cursor)
        case .killToEnd: text.removeSubrange(cursor...)
        case .killToStart:
            text.removeSubrange(..<cursor)
            cursor = 0
        case .killWordBackward:
            let start = wordStart(before: cursor)
            text.removeSubrange(start..<cursor)
            cursor = start
        case .killWordForward:
            text.removeSubrange(cursor..<wordEnd(after: cursor))
        }
    }

    /// Where the word before `position` starts, skipping the spaces first (readline's backward-word).
    private func wordStart(before position: Int) -> Int {
        var i = position
        while i > 0, !Self.isWordCharacter(text[i - 1]) { i -= 1 }
        while i > 0, Self.isWordCharacter(text[i - 1]) { i -= 1 }
        return i
    }

    /// Where the word after `position` ends (readline's forward-word).
    private func wordEnd(after position: Int) -> Int {
        var i = position
        while i < text.count, !Self.isWordCharacter(text[i]) { i += 1 }
        while i < text.count, Self.isWordCharacter(text[i]) { i += 1 }
        return i
    }

    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// Pasted text on one line: a trailing line break dropped, others and tabs as spaces, and every
    /// other control or direction override left out (the screen would only show them as symbols).
    static func singleLine(_ pasted: String) -> String {
        var trimmed = Substring(pasted)
        while let last = trimmed.last, last.isNewline { trimmed.removeLast() }
        var out = String.UnicodeScalarView()
        // "\r\n" is one Character, so a Windows line break also becomes one space.
        for c in trimmed {
            if c.isNewline || c == "\t" {
                out.append(" ")
            } else {
                out.append(contentsOf: c.unicodeScalars.filter(TerminalText.isSafe))
            }
        }
        return String(out)
    }

    /// Draws the field in `width` columns at `point` and, when `focused`, places the terminal cursor.
    ///
    /// The view scrolls only when the cursor would leave it: moving left inside a long text moves the
    /// cursor, not the text. An unfocused field shows its start.
    @MainActor
    public mutating func draw(on canvas: Canvas, at point: Point, width: Int, focused: Bool, style: Style = .field) {
        guard width > 0 else { return }
        var start = 0
        if focused {
            // The first character that still lets the cursor show in the last column: walking back
            // from the cursor is linear in what is shown, whatever the length of the text.
            var earliest = cursor, used = 0
            while earliest > 0 {
                let w = TextWidth.of(text[earliest - 1])
                if used + w > width - 1 { break }
                used += w
                earliest -= 1
            }
            scroll = min(max(scroll, earliest), cursor)
            start = scroll
        }
        var visible = "", shown = 0, cursorColumn = 0
        for (i, c) in text[start...].enumerated() {
            let w = TextWidth.of(c)
            if shown + w > width { break }
            if start + i < cursor { cursorColumn += w }
            visible.append(c)
            shown += w
        }
        if isSelected && focused {
            canvas.draw(visible, at: point, style: .selected, maxWidth: width)
            canvas.draw(String(repeating: " ", count: width - shown), at: Point(x: point.x + shown, y: point.y), style: style)
        } else {
            canvas.draw(visible + String(repeating: " ", count: width - shown), at: point, style: style, maxWidth: width)
        }
        if focused {
            canvas.setCursor(Point(x: point.x + cursorColumn, y: point.y))
        }
    }
}
