/// A canvas in memory: what tests draw on and read back as lines of text.
@MainActor
public final class MemoryCanvas: Canvas {
    /// One cell: a character and its style; the right half of a wide character is a continuation.
    public struct Cell: Equatable, Sendable {
        public var character: Character?
        public var style: Style
        /// True for the second column of a two-column character.
        var isContinuation: Bool

        static let blank = Cell(character: " ", style: .normal, isContinuation: false)
    }

    public private(set) var size: Size
    public private(set) var cells: [[Cell]]
    public private(set) var cursor: Point?
    /// Whether characters outside ASCII are shown (false mimics a LANG=C terminal).
    public var unicode: Bool

    public init(width: Int, height: Int, unicode: Bool = true) {
        size = Size(width: max(0, width), height: max(0, height))
        cells = Array(repeating: Array(repeating: .blank, count: max(0, width)), count: max(0, height))
        self.unicode = unicode
    }

    /// Changes the size, blanking everything (as a terminal resize does before the redraw).
    public func resize(width: Int, height: Int) {
        size = Size(width: max(0, width), height: max(0, height))
        cells = Array(repeating: Array(repeating: .blank, count: size.width), count: size.height)
    }

    public let hits = HitMap()

    public func mark(_ rect: Rect, as target: HitTarget) { hits.mark(rect, as: target) }

    public func clear() {
        hits.clear()
        for y in cells.indices { for x in cells[y].indices { cells[y][x] = .blank } }
    }

    public func draw(_ text: String, at point: Point, style: Style, maxWidth: Int?) -> Int {
        guard point.y >= 0, point.y < size.height, point.x < size.width else { return 0 }
        let limit = min(size.width, maxWidth.map { point.x + $0 } ?? size.width)
        let safe = TerminalText.sanitize(String(TerminalText.visiblePrefix(text, columns: limit - point.x)))
        var x = point.x
        for ch in safe {
            let shown: Character = unicode || ch.isASCII ? ch : "?"
            let w = TextWidth.of(shown)
            if w == 0 {
                // Combining marks join the previous cell, as the terminal would show them.
                // A zero-width character that does not join (U+200B, say) forms no cluster with it: dropped.
                if x > 0, x - 1 < size.width, let prev = cells[point.y][x - 1].character {
                    let joined = String(prev) + String(shown)
                    if joined.count == 1 { cells[point.y][x - 1].character = Character(joined) }
                }
                continue
            }
            if x + w > limit { break }
            if x >= 0 { put(shown, width: w, at: x, y: point.y, style: style) }
            x += w
        }
        return max(0, x - max(0, point.x))
    }

    public func setCursor(_ point: Point?) { cursor = point }

    /// Row `y` as text, trailing blanks removed.
    public func line(_ y: Int) -> String {
        var s = ""
        for cell in cells[y] where !cell.isContinuation { s.append(cell.character ?? " ") }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Every row as text.
    public var lines: [String] { (0..<size.height).map(line) }

    /// The whole screen as one string, one row per line.
    public var text: String { lines.joined(separator: "\n") }

    /// The style of the cell at `point`.
    public func style(at point: Point) -> Style { cells[point.y][point.x].style }

    private func put(_ ch: Character, width: Int, at x: Int, y: Int, style: Style) {
        clearHalves(x: x, y: y)
        if width == 2 { clearHalves(x: x + 1, y: y) }
        cells[y][x] = Cell(character: ch, style: style, isContinuation: false)
        if width == 2, x + 1 < size.width {
            cells[y][x + 1] = Cell(character: nil, style: style, isContinuation: true)
        }
    }

    // Overwriting one half of a wide character blanks its other half, as terminals do.
    private func clearHalves(x: Int, y: Int) {
        guard x < size.width else { return }
        if cells[y][x].isContinuation, x > 0 { cells[y][x - 1] = .blank }
        if x + 1 < size.width, cells[y][x + 1].isContinuation { cells[y][x + 1] = .blank }
    }
}
