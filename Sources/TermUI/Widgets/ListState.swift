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

    /// Moves the selection; `visibleRows` sizes a page.
    public mutating func move(_ move: ListMove, visibleRows: Int) {
        let page = max(1, visibleRows - 1)
        switch move {
        case .up: select(selection - 1)
        case .down: select(selection + 1)
        case .pageUp: select(selection - page)
        case .pageDown: select(selection + page)
        case .first: select(0)
        case .last: select(count - 1)
        }
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

/// A move of a list's selection; screens bind keys to these in their key tables.
public enum ListMove: Sendable, CaseIterable {
    case up, down, pageUp, pageDown, first, last

    /// The usual keys for each move (arrows, vi letters, paging), for a screen's key table.
    public var keys: [Key] {
        switch self {
        case .up: [.up, .char("k")]
        case .down: [.down, .char("j")]
        case .pageUp: [.pageUp]
        case .pageDown: [.pageDown]
        case .first: [.home, .char("g")]
        case .last: [.end, .char("G")]
        }
    }

    public var help: String {
        switch self {
        case .up: "move up"
        case .down: "move down"
        case .pageUp: "a page up"
        case .pageDown: "a page down"
        case .first: "to the first"
        case .last: "to the last"
        }
    }
}
