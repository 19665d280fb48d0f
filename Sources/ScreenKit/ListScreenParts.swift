import TermUI

/// A gesture on a list: choose a row, open it (double-click), drag one onto another, or turn the wheel.
public enum ListGesture: Equatable, Sendable {
    case select(Int), open(Int), move(from: Int, to: Int), scroll(up: Bool)
}

/// What both list screens (the trips, a trip's stops) keep besides their view model: the list's
/// window, the field a name is typed in, the one a path is typed in, the help overlay, and the
/// notice of a name cut short.
@MainActor
public struct ListScreenParts {
    public var list = ListState()
    public var nameField = TextField()
    /// Paths run long: a folder deep in the home folder and a long trip name.
    public var pathField = TextField(limit: 4096)
    public let help = HelpOverlay()
    /// Said on the status line after a key that the name's length limit cut short.
    private var notice: String?
    /// Rows the list had room for at the last draw, for PgUp/PgDn.
    public var visibleRows = 10

    public init() {}

    /// The presenter's rows and selection, for the list's window.
    public mutating func show(rows: Int, selection: Int?) {
        list.setCount(rows)
        if let selection { list.select(selection) }
    }

    /// Starts handling a key: the notice goes, and true when the key only closed the help overlay.
    public mutating func keyClosesHelp(_ key: Key) -> Bool {
        notice = nil
        return help.close(on: key)
    }

    public func openHelp() { help.open() }

    /// A key typed into the name field; past the limit, the notice says what was left out.
    public mutating func typeName(_ key: Key) {
        _ = nameField.handle(key)
        if nameField.hitLimit { notice = "Trip names are at most \(nameField.limit) characters; the rest was left out." }
    }

    /// What a gesture on the list comes to; nil when it was spent on the help box (a click closes
    /// it, the wheel scrolls it) or means nothing to the list.
    public mutating func read(_ gesture: PointerGesture, list name: String) -> ListGesture? {
        if help.take(gesture) { return nil }
        switch gesture {
        case let .click(.row(list, index), count) where list == name: return count == 2 ? .open(index) : .select(index)
        case let .drag(list, from, to) where list == name: return .move(from: from, to: to)
        case let .wheel(up, _, _): return .scroll(up: up)
        default: return nil
        }
    }

    /// Marks row `index` of the list, drawn at `y` across `width` columns from `x`, for the mouse.
    public func markRow(_ index: Int, of name: String, y: Int, x: Int = 0, width: Int, on canvas: Canvas) {
        canvas.mark(Rect(x: x, y: y, width: width, height: 1), as: .row(list: name, index: index))
    }

    /// The row `move` selects, as the list's window stands.
    public func selection(after move: ListMove) -> Int? {
        var moved = list
        moved.move(move, visibleRows: visibleRows)
        return moved.selected
    }

    /// The status line's message: the notice of a cut-short name, else the presenter's.
    public func message(_ presenters: StatusMessage?) -> StatusMessage? {
        StatusMessage.notice(notice, else: presenters)
    }

    /// The presenter's selection and row count beside the list's, for the keystroke fuzzer's invariants.
    public func checks(selection: Int?, rows: Int) -> (model: Int?, rows: Int, list: Int?, listCount: Int) {
        (selection, rows, list.selected, list.count)
    }
}
