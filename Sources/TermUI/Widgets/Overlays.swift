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

    /// A centred table of every key of the screen: in two columns when the screen is wide enough
    /// and one would be taller than it, each action wrapped (never cut) to its column; taller than
    /// the screen, it shows the rows from `scroll` on. Returns the most `scroll` can be.
    @discardableResult
    static func drawHelp(title: String, hints: [KeyHint], scroll: Int = 0, on canvas: Canvas) -> Int {
        let size = canvas.size
        guard size.width >= 12, size.height >= 6 else { return 0 }
        let keyWidth = min(16, hints.map { TextWidth.of($0.keys) }.max() ?? 0)
        let inner = size.width - 2 - 4
        let visible = max(1, size.height - 2 - 5)
        let widest = keyWidth + 2 + (hints.map { TextWidth.of($0.action) }.max() ?? 0)
        let oneColumn = HelpLayout(hints, keyWidth: keyWidth, columnWidth: min(inner, widest), columns: 1)
        let two = (inner - 3) / 2
        let layout =
            oneColumn.rows > visible && two >= keyWidth + 2 + 24
            ? HelpLayout(hints, keyWidth: keyWidth, columnWidth: min(two, widest), columns: 2) : oneColumn
        let width = min(size.width - 2, max(40, layout.width + 4))
        let shown = min(visible, layout.rows)
        let height = shown + 5
        let x = max(0, (size.width - width) / 2)
        let y = max(1, (size.height - height) / 2)
        let maxScroll = max(0, layout.rows - shown)
        let first = min(max(0, scroll), maxScroll)
        drawBox(Rect(x: x, y: y, width: width, height: height), on: canvas)
        canvas.draw(" Keys: " + title + " ", at: Point(x: x + 2, y: y), style: .accent, maxWidth: width - 4)
        for (column, lines) in layout.columns.enumerated() {
            let left = x + 2 + column * (layout.columnWidth + 3)
            for (row, line) in lines.enumerated() where row >= first && row < first + shown {
                let at = y + 2 + row - first
                canvas.draw(
                    TextWidth.pad(line.keys, to: keyWidth), at: Point(x: left, y: at), style: .statusKey, maxWidth: keyWidth)
                canvas.draw(
                    line.text, at: Point(x: left + keyWidth + 2, y: at), style: .normal,
                    maxWidth: layout.columnWidth - keyWidth - 2)
            }
        }
        let footer =
            maxScroll == 0
            ? "Press any key to close"
            : "↑↓ PgUp PgDn scroll (rows \(first + 1)–\(first + shown) of \(layout.rows)) · any other key closes"
        canvas.draw(footer, at: Point(x: x + 2, y: y + height - 2), style: .dim, maxWidth: width - 4)
        return maxScroll
    }

    /// A framed, blanked rectangle.
    public static func drawBox(_ rect: Rect, on canvas: Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        canvas.mark(rect, as: .cover)
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

/// The help table's rows: each binding's action wrapped to its column, continuation rows without keys.
private struct HelpLayout {
    struct Line {
        var keys: String
        var text: String
    }

    let columnWidth: Int
    let columns: [[Line]]
    var rows: Int { columns.map(\.count).max() ?? 0 }
    var width: Int { columns.count * columnWidth + (columns.count - 1) * 3 }

    init(_ hints: [KeyHint], keyWidth: Int, columnWidth: Int, columns count: Int) {
        self.columnWidth = columnWidth
        let textWidth = max(8, columnWidth - keyWidth - 2)
        let blocks = hints.map { hint in
            TextWidth.wrap(hint.action, to: textWidth).enumerated().map {
                Line(keys: $0.offset == 0 ? hint.keys : "", text: $0.element)
            }
        }
        // Columns filled in order, a binding never split between two, as even as that allows.
        let total = blocks.map(\.count).reduce(0, +)
        let target = (total + count - 1) / count
        var columns: [[Line]] = [[]]
        for block in blocks {
            if columns[columns.count - 1].count + block.count > target, !columns[columns.count - 1].isEmpty,
                columns.count < count
            {
                columns.append([])
            }
            columns[columns.count - 1] += block
        }
        self.columns = columns
    }
}
