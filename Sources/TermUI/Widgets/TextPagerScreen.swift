/// A full screen of read-only lines that scrolls: the itinerary, reports.
@MainActor
public final class TextPagerScreen: Screen {
    private let title: String
    private let lines: @MainActor () -> [String]
    private let close: @MainActor () -> Void
    private let closeKeys: Set<Key>
    private var top = 0
    private var visibleRows = 10

    /// - Parameters:
    ///   - lines: read at each draw, so the page follows changes (units, edits).
    ///   - closeKeys: keys that close the page besides Esc and q.
    public init(title: String, closeKeys: Set<Key> = [], lines: @escaping @MainActor () -> [String],
                close: @escaping @MainActor () -> Void) {
        self.title = title
        self.lines = lines
        self.close = close
        self.closeKeys = closeKeys
    }

    public func handle(_ key: Key) {
        let count = lines().count
        let page = max(1, visibleRows - 1)
        switch key {
        case .escape, .char("q"), .left: close()
        case _ where closeKeys.contains(key): close()
        case .up, .char("k"): top -= 1
        case .down, .char("j"): top += 1
        case .pageUp, .char("b"): top -= page
        case .pageDown, .char(" "), .char("f"): top += page
        case .home, .char("g"): top = 0
        case .end, .char("G"): top = count
        default: break
        }
        top = min(max(0, top), max(0, count - visibleRows))
    }

    public func draw(on canvas: Canvas) {
        let all = lines()
        visibleRows = max(1, canvas.size.height - 3)
        top = min(max(0, top), max(0, all.count - visibleRows))
        let end = min(all.count, top + visibleRows)
        Chrome.drawHeader(title, detail: all.count > visibleRows ? "\(top + 1)–\(end) of \(all.count)" : "", on: canvas)
        for (row, line) in all[top..<end].enumerated() {
            canvas.draw(line, at: Point(x: 1, y: 2 + row), style: line.hasPrefix("  !") ? .warning : .normal)
        }
        Chrome.drawStatus(hints: [KeyHint("↑↓ PgUp PgDn", "scroll"), KeyHint("Esc", "back")], message: nil, on: canvas)
    }
}
