/// Selection and scrolling of a list of `count` rows shown `visibleRows` at a time.
public struct ListState: Equatable, Sendable {
    public private(set) var count: Int
    public private(set) var selection: Int
    /// The first row shown.
    public private(set) var offset: Int = 0

    public init(count: Int = 0, selection: Int = 0) {
        self.count = max(0, count)
        self.selection = 0
        select(selection)
    }

    /// The selected row, or nil when the list is empty.
    public var selected: Int? { count == 0 ? nil : selection }

    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        select(selection)
    }

    public mutating func select(_ row: Int) {
        selection = count == 0 ? 0 : min(max(0, row), count - 1)
    }

    /// Reacts to a navigation key; true if the key was one.
    public mutating func handle(_ key: Key, visibleRows: Int) -> Bool {
        let page = max(1, visibleRows - 1)
        switch key {
        case .up, .char("k"): select(selection - 1)
        case .down, .char("j"): select(selection + 1)
        case .pageUp: select(selection - page)
        case .pageDown: select(selection + page)
        case .home, .char("g"): select(0)
        case .end, .char("G"): select(count - 1)
        default: return false
        }
        return true
    }

    /// Scrolls just enough to keep the selection in view; returns the visible range.
    public mutating func visibleRange(rows: Int) -> Range<Int> {
        guard rows > 0, count > 0 else { return 0..<0 }
        if selection < offset { offset = selection }
        if selection >= offset + rows { offset = selection - rows + 1 }
        offset = min(max(0, offset), max(0, count - rows))
        return offset..<min(count, offset + rows)
    }
}
