import RoadtripCore
import TermUI

/// The trip list screen: every trip with its stops and distance.
@MainActor
public final class TripListView: Screen, TripListViewProtocol {
    public var presenter: TripListPresenterProtocol!
    private var model: TripListViewModel?
    private var list = ListState()

    /// The presenter's selection and row count beside the list state's, for the keystroke fuzzer's invariants.
    var selectionForChecks: (model: Int?, rows: Int, list: Int?, listCount: Int) {
        (model?.selection, model?.rows.count ?? 0, list.selected, list.count)
    }
    private var nameField = TextField()
    private var filterField = TextField()
    private var showingHelp = false
    /// Rows the list had room for at the last draw, for PgUp/PgDn.
    private var visibleRows = 10

    public init() {}

    static let hints = [
        KeyHint("↑↓/jk", "move"), KeyHint("Enter", "open"), KeyHint("a", "add"), KeyHint("r", "rename"),
        KeyHint("d", "delete"), KeyHint("/", "filter"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]

    static let help = [
        KeyHint("↑ ↓  j k", "move the selection"),
        KeyHint("PgUp PgDn", "move a page"),
        KeyHint("Home End  g G", "first / last trip"),
        KeyHint("Enter", "open the trip"),
        KeyHint("a", "add a trip and name it"),
        KeyHint("r", "rename the trip in place"),
        KeyHint("d", "delete the trip (asks first)"),
        KeyHint("/", "filter by name as you type"),
        KeyHint("Esc", "clear the filter"),
        KeyHint("u  Ctrl-R", "undo / redo the last edit"),
        KeyHint("?", "this help"),
        KeyHint("q", "quit"),
    ]

    // MARK: TripListViewProtocol

    public func show(_ model: TripListViewModel) {
        if case let .renaming(_, text) = model.mode, !isRenaming { nameField.set(text) }
        if model.mode == .filtering, self.model?.mode != .filtering { filterField.set(model.filter) }
        self.model = model
        list.setCount(model.rows.count)
        if let s = model.selection { list.select(s) }
    }

    private var isRenaming: Bool {
        if case .renaming = model?.mode { return true }
        return false
    }

    // MARK: Screen

    public func willAppear() { presenter.viewWillAppear() }

    public func handle(_ key: Key) {
        guard let model else { return }
        if showingHelp { showingHelp = false; return }
        switch model.mode {
        case .confirming:
            if let yes = key.confirmationAnswer { presenter.didAnswerConfirmation(yes) }
        case .renaming:
            switch key {
            case .enter: presenter.didCommitRename(nameField.string)
            case .escape: presenter.didCancelRename()
            default: _ = nameField.handle(key)
            }
        case .filtering:
            switch key {
            case .enter, .down, .up: presenter.didFinishFilter(keep: true)
            case .escape: presenter.didFinishFilter(keep: false)
            default: if filterField.handle(key) { presenter.didChangeFilter(filterField.string) }
            }
        case .browsing:
            handleBrowsing(key, model: model)
        }
    }

    private func handleBrowsing(_ key: Key, model: TripListViewModel) {
        var moved = list
        if moved.handle(key, visibleRows: visibleRows) {
            if let row = moved.selected { presenter.didSelectRow(row) }
            return
        }
        switch key {
        case .enter, .right, .char("l"): presenter.didPressOpen()
        case .char("a"): presenter.didPressAdd()
        case .char("r"), .char("e"): presenter.didPressRename()
        case .char("d"), .delete: presenter.didPressDelete()
        case .char("/"): presenter.didPressFilter()
        case .escape where !model.filter.isEmpty: presenter.didFinishFilter(keep: false)
        case .char("u"): presenter.didPressUndo()
        case .ctrl("r"): presenter.didPressRedo()
        case .char("?"): showingHelp = true
        case .char("q"): presenter.didPressQuit()
        default: break
        }
    }

    // MARK: Drawing

    public func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, detail: model.detail, on: canvas)

        var top = 2
        if model.mode == .filtering || !model.filter.isEmpty {
            let label = "Filter: "
            canvas.draw(label, at: Point(x: 2, y: 1), style: .accent)
            let x = 2 + TextWidth.of(label)
            filterField.draw(on: canvas, at: Point(x: x, y: 1), width: max(1, size.width - x - 2),
                             focused: model.mode == .filtering, style: model.mode == .filtering ? .field : .normal)
            top = 3
        }

        let stopsWidth = 9, distanceWidth = 13
        let nameWidth = max(8, size.width - 4 - stopsWidth - distanceWidth - 2)
        canvas.draw(TextWidth.pad("Name", to: nameWidth) + TextWidth.padLeft("Stops", to: stopsWidth)
                    + TextWidth.padLeft("Distance", to: distanceWidth), at: Point(x: 2, y: top), style: .dim)
        let firstRow = top + 1
        visibleRows = max(1, size.height - 1 - firstRow)

        if model.rows.isEmpty {
            canvas.draw(model.emptyText, at: Point(x: 2, y: firstRow + 1), style: .dim)
        }
        for row in list.visibleRange(rows: visibleRows) {
            let y = firstRow + row - list.offset
            let r = model.rows[row]
            let selected = row == model.selection
            // The selection is the marker cell alone, not a highlighted row: a move then rewrites
            // two cells instead of two whole rows (a few dozen bytes, which slow links feel).
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            if case let .renaming(editRow, _) = model.mode, editRow == row {
                nameField.draw(on: canvas, at: Point(x: 2, y: y), width: nameWidth - 1, focused: true)
            } else {
                canvas.draw(TextWidth.pad(r.name, to: nameWidth), at: Point(x: 2, y: y))
            }
            canvas.draw(TextWidth.padLeft(r.stops, to: stopsWidth) + TextWidth.padLeft(r.distance, to: distanceWidth),
                        at: Point(x: 2 + nameWidth, y: y))
        }

        if list.offset + visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: size.width - 8, y: size.height - 2), style: .dim)
        }

        Chrome.drawStatus(hints: statusHints(model), message: model.message, on: canvas)
        if case let .confirming(question) = model.mode { Overlay.drawConfirmation(question, on: canvas) }
        if showingHelp { Overlay.drawHelp(title: "trip list", hints: Self.help, on: canvas) }
    }

    private func statusHints(_ model: TripListViewModel) -> [KeyHint] {
        switch model.mode {
        case .renaming: [KeyHint("Enter", "keep name"), KeyHint("Esc", "cancel"), KeyHint("Ctrl-U", "clear")]
        case .filtering: [KeyHint("Enter", "done"), KeyHint("Esc", "clear filter")]
        case .confirming: [KeyHint("y", "yes"), KeyHint("n", "no")]
        case .browsing: Self.hints
        }
    }
}
