import RoadtripCore
import TermUI
import TripMap

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
    /// Zoom and pan of the embedded map; the router shares it with the full-screen map.
    var mapState = MapState()
    var unicode = true

    public init() {}

    static let hints = [
        KeyHint("↑↓", "move"), KeyHint("S-↑↓/KJ", "reorder"), KeyHint("a", "add"), KeyHint("Enter", "edit"),
        KeyHint("d", "delete"), KeyHint("m", "map"), KeyHint("i", "itinerary"), KeyHint("?", "help"), KeyHint("Esc", "back"),
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
        KeyHint("m", "the map full screen"),
        KeyHint("+  -  0", "zoom the map in / out, fit the trip"),
        KeyHint("i", "the itinerary, day by day"),
        KeyHint("o", "best order of the middle stops"),
        KeyHint("s", "trip settings: start, daily limit, fuel"),
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
            if let yes = key.confirmationAnswer { presenter.didAnswerConfirmation(yes) }
        case .proposing:
            switch key {
            case .enter, .char("y"): presenter.didAnswerProposal(true)
            case .escape, .char("n"), .char("q"): presenter.didAnswerProposal(false)
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
        case .char("m"): presenter.didPressMap()
        case .char("i"): presenter.didPressItinerary()
        case .char("o"): presenter.didPressOptimize()
        case .char("s"): presenter.didPressSettings()
        case .char("+"), .char("="), .char("-"), .char("_"), .char("0"): mapState.handle(key, panning: false)
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

        let placement = MapPlacement.layout(Rect(x: 0, y: 3, width: size.width, height: max(0, size.height - 5)))
        drawList(model, on: canvas.region(placement.list))
        if let mapRect = placement.map {
            drawMap(model.map, state: mapState, on: canvas.region(mapRect), unicode: unicode)
        }

        let total = "Total  " + model.total
        canvas.draw(total, at: Point(x: max(0, size.width - TextWidth.of(total) - 2), y: size.height - 2), style: .accent)

        Chrome.drawStatus(hints: statusHints(model), message: model.message, right: model.source, on: canvas)
        if case let .confirming(question) = model.mode { Overlay.drawConfirmation(question, on: canvas) }
        if case let .proposing(summary, order) = model.mode { drawProposal(summary: summary, order: order, on: canvas) }
        if showingHelp { Overlay.drawHelp(title: "trip", hints: Self.help, on: canvas) }
    }

    /// The stops with their legs, in as many columns as fit.
    private func drawList(_ model: TripDetailViewModel, on canvas: Canvas) {
        let width = canvas.size.width
        let showTime = model.rows.contains { !$0.legDuration.isEmpty }
        let numberWidth = 4, legWidth = 14
        let timeWidth = showTime && width >= 56 ? 14 : 0
        let coordinateWidth = width >= 90 ? 22 : 0
        let nameWidth = max(6, width - 1 - numberWidth - coordinateWidth - legWidth - timeWidth - 1)
        func row(_ number: String, _ name: String, _ coordinate: String, _ leg: String, _ time: String) -> String {
            TextWidth.padLeft(number, to: numberWidth - 1) + " " + TextWidth.pad(name, to: nameWidth)
                + (coordinateWidth > 0 ? TextWidth.pad(coordinate, to: coordinateWidth) : "")
                + TextWidth.padLeft(leg, to: legWidth) + (timeWidth > 0 ? TextWidth.padLeft(time, to: timeWidth) : "")
        }
        canvas.draw(row("#", "Stop", "Coordinates", "Leg", "Drive"), at: Point(x: 1, y: 0), style: .dim)
        let firstRow = 1
        visibleRows = max(1, canvas.size.height - firstRow)
        if model.rows.isEmpty {
            canvas.draw(model.emptyText, at: Point(x: 2, y: firstRow + 1), style: .dim)
        }
        for index in list.visibleRange(rows: visibleRows) {
            let r = model.rows[index]
            let y = firstRow + index - list.offset
            let selected = index == model.selection
            // The marker cell alone, as on the trip list: moving rewrites two cells, not two rows.
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            canvas.draw(row(r.number, r.name, r.coordinate, r.legDistance, r.legDuration), at: Point(x: 1, y: y))
        }
        if list.offset + visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: max(0, width - 8), y: canvas.size.height - 1), style: .dim)
        }
    }

    /// The best-order proposal, over the screen until Enter or Esc.
    private func drawProposal(summary: String, order: String, on canvas: Canvas) {
        let width = min(canvas.size.width - 4, max(50, TextWidth.of(summary) + 4))
        let orderLines = wrap(order, width: width - 4)
        let height = min(canvas.size.height - 2, 6 + orderLines.count)
        let rect = Rect(x: (canvas.size.width - width) / 2, y: max(1, (canvas.size.height - height) / 2), width: width, height: height)
        Overlay.drawBox(rect, on: canvas)
        canvas.draw(summary, at: Point(x: rect.x + 2, y: rect.y + 1), style: .accent, maxWidth: width - 4)
        for (i, line) in orderLines.prefix(max(0, height - 5)).enumerated() {
            canvas.draw(line, at: Point(x: rect.x + 2, y: rect.y + 3 + i), style: .normal, maxWidth: width - 4)
        }
        canvas.draw("Enter applies · Esc keeps the current order", at: Point(x: rect.x + 2, y: rect.maxY - 2), style: .dim, maxWidth: width - 4)
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TextWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func statusHints(_ model: TripDetailViewModel) -> [KeyHint] {
        switch model.mode {
        case .renaming: [KeyHint("Enter", "keep name"), KeyHint("Esc", "cancel"), KeyHint("Ctrl-U", "clear")]
        case .confirming: [KeyHint("y", "yes"), KeyHint("n", "no")]
        case .proposing: [KeyHint("Enter", "apply"), KeyHint("Esc", "keep")]
        case .browsing: Self.hints
        }
    }
}
