/// Boxes drawn over a screen: the yes/no question and the help table.
@MainActor
public enum Overlay {
    /// A centred box with a question; the caller waits for y or n.
    public static func drawConfirmation(_ question: String, on canvas: Canvas) {
        let text = " " + question + " (y/n) "
        let width = min(canvas.size.width - 2, TextWidth.of(text) + 2)
        let x = max(0, (canvas.size.width - width) / 2)
        let y = max(1, canvas.size.height / 2 - 1)
        drawBox(Rect(x: x, y: y, width: width, height: 3), on: canvas)
        canvas.draw(TextWidth.truncate(text, to: width - 2), at: Point(x: x + 1, y: y + 1), style: .warning)
    }

    /// A centred table of every key of the screen, in two columns when one does not fit; any key closes it.
    static func drawHelp(title: String, hints: [KeyHint], on canvas: Canvas) {
        let size = canvas.size
        let keyWidth = min(20, hints.map { TextWidth.of($0.keys) }.max() ?? 0)
        let actionWidth = hints.map { TextWidth.of($0.action) }.max() ?? 0
        let room = max(1, size.height - 2 - 5)
        // Two columns when one is too tall and each still shows 20 columns of its text; a text
        // longer than its column ends in "…".
        let columns = hints.count > room && 2 * (keyWidth + 2 + 20) + 3 + 4 <= size.width - 2 ? 2 : 1
        let columnWidth =
            columns == 1
            ? keyWidth + 2 + actionWidth
            : min(keyWidth + 2 + actionWidth, (size.width - 2 - 4 - 3) / 2)
        let perColumn = (hints.count + columns - 1) / columns
        let width = min(size.width - 2, max(40, columns * columnWidth + (columns - 1) * 3 + 4))
        let height = min(size.height - 2, perColumn + 5)
        let x = max(0, (size.width - width) / 2)
        let y = max(1, (size.height - height) / 2)
        drawBox(Rect(x: x, y: y, width: width, height: height), on: canvas)
        canvas.draw(" Keys: " + title + " ", at: Point(x: x + 2, y: y), style: .accent, maxWidth: width - 4)
        let shownRows = max(0, height - 5)
        let cellWidth = columns == 1 ? width - 4 : columnWidth
        for (i, hint) in hints.enumerated() {
            let column = i / perColumn, row = i % perColumn
            guard row < shownRows else { continue }
            let left = x + 2 + column * (columnWidth + 3)
            canvas.draw(
                TextWidth.pad(hint.keys, to: keyWidth), at: Point(x: left, y: y + 2 + row), style: .statusKey,
                maxWidth: keyWidth)
            canvas.draw(
                TextWidth.truncate(hint.action, to: max(0, cellWidth - keyWidth - 2)),
                at: Point(x: left + keyWidth + 2, y: y + 2 + row), style: .normal)
        }
        canvas.draw("Press any key to close", at: Point(x: x + 2, y: y + height - 2), style: .dim, maxWidth: width - 4)
    }

    /// A framed, blanked rectangle.
    public static func drawBox(_ rect: Rect, on canvas: Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = rect.width - 2
        canvas.draw("┌" + String(repeating: "─", count: inner) + "┐", at: rect.origin, style: .accent)
        for row in 1..<(rect.height - 1) {
            canvas.draw("│", at: Point(x: rect.x, y: rect.y + row), style: .accent)
            canvas.draw(String(repeating: " ", count: inner), at: Point(x: rect.x + 1, y: rect.y + row), style: .normal)
            canvas.draw("│", at: Point(x: rect.maxX - 1, y: rect.y + row), style: .accent)
        }
        canvas.draw("└" + String(repeating: "─", count: inner) + "┘", at: Point(x: rect.x, y: rect.maxY - 1), style: .accent)
    }
}
