/// A key and what it does, for the status line and the help overlay.
public struct KeyHint: Equatable, Sendable {
    public var keys: String
    public var action: String
    /// The key a click on the hint presses; nil for help rows, which are not clicked.
    public var key: Key?
    public init(_ keys: String, _ action: String, key: Key? = nil) {
        self.keys = keys
        self.action = action
        self.key = key
    }
}

/// The header and status lines every screen shares.
@MainActor
public enum Chrome {
    /// Top row: where you are, with `detail` (e.g. a count) on the right.
    public static func drawHeader(_ title: String, detail: String = "", on canvas: Canvas) {
        canvas.fillRow(0, style: .header)
        let w = detail.isEmpty ? 0 : TextWidth.of(detail) + 1
        // The title gives way to the detail, with a column between them, never runs into it.
        canvas.draw(
            " roadtrip › " + title, at: Point(x: 0, y: 0), style: .header,
            maxWidth: detail.isEmpty ? canvas.size.width : max(0, canvas.size.width - w - 1))
        if !detail.isEmpty {
            canvas.draw(detail, at: Point(x: max(0, canvas.size.width - w), y: 0), style: .header)
        }
    }

    /// Bottom row: a message when there is one, else as many key hints as fit; `right` (e.g. where
    /// the figures come from) stays at the right end when there is room.
    public static func drawStatus(hints: [KeyHint], message: StatusMessage?, right: String = "", on canvas: Canvas) {
        let y = canvas.size.height - 1
        canvas.fillRow(y, style: .status)
        var limit = canvas.size.width
        if !right.isEmpty, TextWidth.of(right) + 2 <= canvas.size.width / 3 {
            limit -= TextWidth.of(right) + 2
            canvas.draw(right, at: Point(x: limit + 1, y: y), style: .status)
        }
        if let message {
            // Cut with "…", so a clipped message never reads on into the router's name beside it.
            canvas.draw(
                " " + message.fitted(to: max(0, limit - 2)), at: Point(x: 0, y: y),
                style: message.isError ? .error : .status, maxWidth: limit)
            return
        }
        var x = 1
        for hint in hints {
            let need = TextWidth.of(hint.keys) + 1 + TextWidth.of(hint.action) + 2
            if x + need > limit { break }
            if let key = hint.key { canvas.mark(Rect(x: x, y: y, width: need - 2, height: 1), as: .key(key)) }
            x += canvas.draw(hint.keys, at: Point(x: x, y: y), style: .statusKey)
            x += canvas.draw(" " + hint.action + "  ", at: Point(x: x, y: y), style: .status)
        }
    }
}

/// A one-line message for the status line.
public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isError: Bool
    /// A file the message is about, shown after the text in parentheses and cut in the middle to
    /// fit: the reason comes first at any width, and the path keeps its folder and its name.
    public var path: String?

    public init(_ text: String, isError: Bool = false, path: String? = nil) {
        self.text = text
        self.isError = isError
        self.path = path
    }

    /// The message in `columns`: the text (cut with "…" only when even a short path leaves it no
    /// room), then the path in parentheses, cut in the middle to what is left.
    public func fitted(to columns: Int) -> String {
        guard let path, !path.isEmpty else { return TextWidth.truncate(text, to: columns) }
        let whole = text + " (" + path + ")"
        if TextWidth.of(whole) <= columns { return whole }
        let pathRoom = max(12, columns - TextWidth.of(text) - 3)
        let shownText = TextWidth.truncate(text, to: max(0, columns - min(pathRoom, TextWidth.of(path)) - 3))
        let room = columns - TextWidth.of(shownText) - 3
        guard room >= 4 else { return TextWidth.truncate(text, to: columns) }
        return shownText + " (" + TextWidth.middle(path, to: room) + ")"
    }

    /// A view's own notice (a key cut short by a field's limit) as an error, else the presenter's message.
    public static func notice(_ notice: String?, else presenters: StatusMessage?) -> StatusMessage? {
        notice.map { StatusMessage($0, isError: true) } ?? presenters
    }

    /// What an edit comes to: its error when it failed, else what was done ("Deleted “Moab”.").
    public static func after(_ error: String?, done: String) -> StatusMessage {
        error.map { StatusMessage($0, isError: true) } ?? StatusMessage(done)
    }
}
