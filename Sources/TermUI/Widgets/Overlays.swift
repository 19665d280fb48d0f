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

    /// A centred table of every key of the screen; any key closes it.
    public static func drawHelp(title: String, hints: [KeyHint], on canvas: Canvas) {
        let keyWidth = min(18, hints.map { TextWidth.of($0.keys) }.max() ?? 0)
        let rows = hints.count + 5
        let width = min(canvas.size.width - 2, max(40, keyWidth + 3 + (hints.map { TextWidth.of($0.action) }.max() ?? 0) + 4))
        let height = min(canvas.size.height - 2, rows)
        let x = max(0, (canvas.size.width - width) / 2)
        let y = max(1, (canvas.size.height - height) / 2)
        drawBox(Rect(x: x, y: y, width: width, height: height), on: canvas)
        canvas.draw(" Keys: " + title + " ", at: Point(x: x + 2, y: y), style: .accent, maxWidth: width - 4)
        for (i, hint) in hints.prefix(max(0, height - 5)).enumerated() {
            let row = y + 2 + i
            canvas.draw(TextWidth.pad(hint.keys, to: keyWidth), at: Point(x: x + 2, y: row), style: .statusKey)
            canvas.draw(hint.action, at: Point(x: x + 2 + keyWidth + 2, y: row), style: .normal, maxWidth: width - keyWidth - 6)
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
