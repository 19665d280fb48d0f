import RoadtripCore
import TermUI

/// The trip detail screen: the trip's name, its stops in order and each leg.
@MainActor
public final class TripDetailView: Screen, TripDetailViewProtocol {
    public var presenter: TripDetailPresenterProtocol!
    private var model: TripDetailViewModel?
    private var list = ListState()

    /// The presenter's selection and row count beside the list state's, for the keystroke fuzzer's invariants.
    var selectionForChecks: (model: Int?, rows: Int, list: Int?, listCount: Int) {
        (model?.selection, model?.rows.count ?? 0, list.selected, list.count)
    }
    private var nameField = TextField()
    private var showingHelp = false
    private var visibleRows = 10

    public init() {}

    static let hints = [
        KeyHint("↑↓", "move"), KeyHint("S-↑↓/KJ", "reorder"), KeyHint("a", "add"), KeyHint("Enter", "edit"),
        KeyHint("d", "delete"), KeyHint("r", "rename"), KeyHint("?", "help"), KeyHint("Esc", "back"),
    ]

    static let help = [
        KeyHint("↑ ↓  j k", "move the selection"),
        KeyHint("PgUp PgDn", "move a page"),
        KeyHint("Home End  g G", "first / last stop"),
        KeyHint("Shift-↑  K", "move the stop up"),
        KeyHint("Shift-↓  J", "move the stop down"),
        KeyHint("a", "add a stop after the selection"),
        KeyHint("Enter", "edit the stop"),
        KeyHint("d", "delete the stop (asks first)"),
        KeyHint("r  e", "rename the trip"),
        KeyHint("t", "toggle kilometres / miles"),
        KeyHint("u  Ctrl-R", "undo / redo the last edit"),
        KeyHint("?", "this help"),
        KeyHint("Esc  q  ←", "back to the trips"),
    ]

    // MARK: TripDetailViewProtocol

    public func show(_ model: TripDetailViewModel) {
        if case let .renaming(text) = model.mode, !isRenaming { nameField.set(text) }
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
            switch key {
            case .char("y"), .char("Y"): presenter.didAnswerConfirmation(true)
            case .char("n"), .char("N"), .escape, .char("q"): presenter.didAnswerConfirmation(false)
            default: break
            }
        case .renaming:
            switch key {
            case .enter: presenter.didCommitRename(nameField.string)
            case .escape: presenter.didCancelRename()
            default: _ = nameField.handle(key)
            }
        case .browsing:
            handleBrowsing(key)
        }
    }

    private func handleBrowsing(_ key: Key) {
        var moved = list
        if moved.handle(key, visibleRows: visibleRows) {
            if let row = moved.selected { presenter.didSelectRow(row) }
            return
        }
        let row = list.selected
        switch key {
        case .shiftUp, .char("K"): if let row { presenter.didMoveWaypoint(from: row, to: row - 1) }
        case .shiftDown, .char("J"): if let row { presenter.didMoveWaypoint(from: row, to: row + 1) }
        case .char("a"): presenter.didPressAdd()
        case .enter: presenter.didPressEdit()
        case .char("d"), .delete: presenter.didPressDelete()
        case .char("r"), .char("e"): presenter.didPressRename()
        case .char("t"): presenter.didPressToggleUnits()
        case .char("u"): presenter.didPressUndo()
        case .ctrl("r"): presenter.didPressRedo()
        case .char("?"): showingHelp = true
        case .escape, .char("q"), .left, .char("h"): presenter.didPressBack()
        default: break
        }
    }

    // MARK: Drawing

    public func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, detail: model.detail, on: canvas)

        let label = "Trip: "
        canvas.draw(label, at: Point(x: 2, y: 1), style: .dim)
        let nameX = 2 + TextWidth.of(label)
        if isRenaming {
            nameField.draw(on: canvas, at: Point(x: nameX, y: 1), width: max(1, size.width - nameX - 2), focused: true)
        } else {
            canvas.draw(model.name, at: Point(x: nameX, y: 1), style: .accent, maxWidth: size.width - nameX - 2)
        }

        let numberWidth = 4, coordinateWidth = 22, legWidth = 14, timeWidth = 14
        let nameWidth = max(8, size.width - 2 - numberWidth - coordinateWidth - legWidth - timeWidth - 1)
        let showTime = model.rows.contains { !$0.legDuration.isEmpty }
        let header = TextWidth.padLeft("#", to: numberWidth - 1) + " " + TextWidth.pad("Stop", to: nameWidth)
            + TextWidth.pad("Coordinates", to: coordinateWidth) + TextWidth.padLeft("Leg", to: legWidth)
            + (showTime ? TextWidth.padLeft("Drive", to: timeWidth) : "")
        canvas.draw(header, at: Point(x: 1, y: 3), style: .dim)

        let firstRow = 4
        visibleRows = max(1, size.height - 3 - firstRow)
        if model.rows.isEmpty {
            canvas.draw(model.emptyText, at: Point(x: 2, y: firstRow + 1), style: .dim)
        }
        for row in list.visibleRange(rows: visibleRows) {
            let r = model.rows[row]
            let y = firstRow + row - list.offset
            let selected = row == model.selection
            let style: Style = selected ? .selected : .normal
            if selected { canvas.fillRow(y, style: .selected) }
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: style)
            let text = TextWidth.padLeft(r.number, to: numberWidth - 1) + " " + TextWidth.pad(r.name, to: nameWidth)
                + TextWidth.pad(r.coordinate, to: coordinateWidth) + TextWidth.padLeft(r.legDistance, to: legWidth)
                + (showTime ? TextWidth.padLeft(r.legDuration, to: timeWidth) : "")
            canvas.draw(text, at: Point(x: 1, y: y), style: style)
        }
        if list.offset + visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: 2, y: size.height - 3), style: .dim)
        }

        let total = "Total  " + model.total
        canvas.draw(total, at: Point(x: max(0, size.width - TextWidth.of(total) - 2), y: size.height - 2), style: .accent)
        canvas.draw("Source: " + model.source, at: Point(x: 2, y: size.height - 2), style: .dim,
                    maxWidth: max(0, size.width - TextWidth.of(total) - 6))

        Chrome.drawStatus(hints: statusHints(model), message: model.message, on: canvas)
        if case let .confirming(question) = model.mode { Overlay.drawConfirmation(question, on: canvas) }
        if showingHelp { Overlay.drawHelp(title: "trip", hints: Self.help, on: canvas) }
    }

    private func statusHints(_ model: TripDetailViewModel) -> [KeyHint] {
        switch model.mode {
        case .renaming: [KeyHint("Enter", "keep name"), KeyHint("Esc", "cancel"), KeyHint("Ctrl-U", "clear")]
        case .confirming: [KeyHint("y", "yes"), KeyHint("n", "no")]
        case .browsing: Self.hints
        }
    }
}
