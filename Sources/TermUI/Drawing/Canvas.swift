/// A grid of character cells that views draw on.
///
/// The ncurses terminal and the in-memory test screen both implement it, so every view
/// is tested without a terminal. Text drawn here is always sanitised and measured in
/// display columns, and anything past the canvas edge is clipped.
@MainActor
public protocol Canvas: AnyObject {
    var size: Size { get }
    /// Blanks every cell.
    func clear()
    /// Draws `text` from `point`, at most `maxWidth` columns (default: to the right edge).
    /// Returns the number of columns used.
    @discardableResult
    func draw(_ text: String, at point: Point, style: Style, maxWidth: Int?) -> Int
    /// Where the terminal cursor shows (a text field being edited), or nil to hide it.
    func setCursor(_ point: Point?)
    /// Says what `rect` stands for when the mouse lands on it, until the next `clear`.
    func mark(_ rect: Rect, as target: HitTarget)
    /// What the frame drawn since the last `clear` marked.
    var hits: HitMap { get }
}

extension Canvas {
    @discardableResult
    public func draw(_ text: String, at point: Point, style: Style = .normal) -> Int {
        draw(text, at: point, style: style, maxWidth: nil)
    }

    /// Fills a whole row with blanks in `style` (a bar's background).
    func fillRow(_ y: Int, style: Style) {
        draw(String(repeating: " ", count: max(0, size.width)), at: Point(x: 0, y: y), style: style, maxWidth: nil)
    }

    /// A canvas for `rect` of this one: coordinates start at the rect's corner and clip to it.
    public func region(_ rect: Rect) -> Canvas { RegionCanvas(parent: self, rect: rect) }
}

/// A window onto part of another canvas.
@MainActor
final class RegionCanvas: Canvas {
    private let parent: Canvas
    private let rect: Rect

    init(parent: Canvas, rect: Rect) {
        self.parent = parent
        self.rect = rect
    }

    var size: Size { rect.size }

    func clear() {
        for y in 0..<rect.height {
            parent.draw(
                String(repeating: " ", count: rect.width), at: Point(x: rect.x, y: rect.y + y), style: .normal,
                maxWidth: rect.width)
        }
    }

    func draw(_ text: String, at point: Point, style: Style, maxWidth: Int?) -> Int {
        guard point.y >= 0, point.y < rect.height, point.x < rect.width else { return 0 }
        let room = rect.width - max(0, point.x)
        let width = min(maxWidth ?? room, room)
        guard width > 0 else { return 0 }
        if point.x < 0 {
            // Drop the columns left of the region rather than shifting the text.
            let visible = TextWidth.dropColumns(text, -point.x)
            return parent.draw(visible, at: Point(x: rect.x, y: rect.y + point.y), style: style, maxWidth: width)
        }
        return parent.draw(text, at: Point(x: rect.x + point.x, y: rect.y + point.y), style: style, maxWidth: width)
    }

    func setCursor(_ point: Point?) {
        parent.setCursor(point.map { Point(x: rect.x + $0.x, y: rect.y + $0.y) })
    }

    func mark(_ marked: Rect, as target: HitTarget) {
        // Clipped to the region, as its drawing is.
        let x0 = max(0, marked.x), y0 = max(0, marked.y)
        let x1 = min(rect.width, marked.maxX), y1 = min(rect.height, marked.maxY)
        guard x1 > x0, y1 > y0 else { return }
        parent.mark(Rect(x: rect.x + x0, y: rect.y + y0, width: x1 - x0, height: y1 - y0), as: target)
    }

    var hits: HitMap { parent.hits }
}
