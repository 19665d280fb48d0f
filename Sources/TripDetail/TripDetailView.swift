import RoadtripCore
import ScreenKit
import TermUI
import TripMap

/// The trip detail screen: the trip's name, its stops in order and each leg.
@MainActor
final class TripDetailView: Screen, TripDetailViewProtocol {
    var presenter: (any TripDetailPresenterProtocol)!
    private var model: TripDetailViewModel?
    private var parts = ListScreenParts()
    /// The presenter's selection and row count beside the list's, for the keystroke fuzzer's invariants.
    var selectionForChecks: (model: Int?, rows: Int, list: Int?, listCount: Int) {
        parts.checks(selection: model?.selection, rows: model?.rows.count ?? 0)
    }
    /// Zoom and pan of the embedded map; the router shares it with the full-screen map.
    var mapState = MapState()
    var unicode = true

    init() {}

    // MARK: TripDetailViewProtocol

    public func show(_ model: TripDetailViewModel) {
        let was = self.model.map { TripDetailKeyMode($0.mode) }
        switch model.mode {
        case let .renaming(text) where was != .renaming: parts.nameField.set(text)
        case .importing where was != .typingPath && was != .transferring: parts.pathField.set("")
        case let .exporting(text) where was != .typingPath: parts.pathField.select(text)
        default: break
        }
        self.model = model
        parts.show(rows: model.rows.count, selection: model.selection)
    }

    private var isRenaming: Bool {
        if case .renaming = model?.mode { return true }
        return false
    }

    // MARK: Screen

    func willAppear() { presenter.viewWillAppear() }

    func handle(_ key: Key) {
        guard let model else { return }
        if parts.keyClosesHelp(key) { return }
        let mode = TripDetailKeyMode(model.mode)
        switch Self.keys.route(key, in: mode) {
        case .field where mode == .typingPath:
            _ = parts.pathField.handle(key)
        case .field:
            parts.typeName(key)
        case let .action(action): perform(action)
        case .ignored: break
        }
    }

    func handle(_ gesture: PointerGesture) {
        guard let model else { return }
        if case let .wheel(up, .area(Self.mapArea)?, ctrl) = gesture, !parts.help.isShown {
            // Over the map the wheel pans it north and south, and Ctrl+wheel zooms, as web maps do.
            mapState.apply(ctrl ? (up ? .zoomIn : .zoomOut) : (up ? .panUp : .panDown))
            return
        }
        guard let read = parts.read(gesture, list: Self.listName) else { return }
        switch read {
        case let .scroll(up): handle(up ? .up : .down)
        case let .select(row) where model.mode == .browsing: presenter.didSelectRow(row)
        case let .open(row) where model.mode == .browsing:
            presenter.didSelectRow(row)
            presenter.handle(.edit, typed: "")
        case let .move(from, to) where model.mode == .browsing: presenter.handle(.dragStop(from: from, to: to), typed: "")
        default: break
        }
    }

    /// The stop rows' name for the mouse; the map's stop numbers are marked with it too.
    static let listName = MapTargets.stops
    static let mapArea = MapTargets.area

    /// Keys that move what the view alone holds (the list's window, the map, the help) stay here;
    /// every other action goes to the presenter with the text of the field it was pressed in.
    private func perform(_ action: TripDetailAction) {
        switch action {
        case let .move(move):
            if let row = parts.selection(after: move) { presenter.didSelectRow(row) }
        case let .mapMove(move): mapState.apply(move)
        case .help: parts.openHelp()
        case .commitName: presenter.handle(action, typed: parts.nameField.string)
        default: presenter.handle(action, typed: parts.pathField.string)
        }
    }

    // MARK: Drawing

    func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, detail: model.detail, on: canvas)

        let label = "Trip: "
        let nameX = 2 + TextWidth.of(label)
        if model.mode == .importing {
            Prompt.draw("Add stops from: ", field: &parts.pathField, placeholder: "e.g. ~/Downloads/places.kml", on: canvas)
        } else if case .exporting = model.mode {
            Prompt.draw("Export to: ", field: &parts.pathField, placeholder: "e.g. alps.gpx", on: canvas)
        } else if isRenaming {
            canvas.draw(label, at: Point(x: 2, y: 1), style: .dim)
            parts.nameField.draw(on: canvas, at: Point(x: nameX, y: 1), width: max(1, size.width - nameX - 2), focused: true)
        } else {
            canvas.draw(label, at: Point(x: 2, y: 1), style: .dim)
            canvas.draw(model.name, at: Point(x: nameX, y: 1), style: .accent, maxWidth: size.width - nameX - 2)
        }

        let area = Rect(x: 0, y: 3, width: size.width, height: max(0, size.height - 5))
        let placement = model.showsMap ? MapPlacement.layout(area) : .hidden(list: area)
        drawList(model, on: canvas.region(placement.list))
        if let mapRect = placement.map {
            drawMap(model.map, state: mapState, on: canvas.region(mapRect), unicode: unicode)
        }

        let total = "Total  " + model.total
        canvas.draw(total, at: Point(x: max(0, size.width - TextWidth.of(total) - 2), y: size.height - 2), style: .accent)

        let mode = TripDetailKeyMode(model.mode)
        Chrome.drawStatus(
            hints: Self.keys.hints(in: mode), message: parts.message(model.message),
            right: model.source, on: canvas)
        if case let .confirming(question) = model.mode { Overlay.drawConfirmation(question, on: canvas) }
        if case let .proposing(summary, order) = model.mode { drawProposal(summary: summary, order: order, on: canvas) }
        parts.help.draw(Self.keys, mode: mode, on: canvas)
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
        parts.visibleRows = max(1, canvas.size.height - firstRow)
        // When the stops do not all fit, the last row says so instead of being drawn over.
        if model.rows.count > parts.visibleRows { parts.visibleRows = max(1, parts.visibleRows - 1) }
        if model.rows.isEmpty {
            canvas.draw(model.emptyText, at: Point(x: 2, y: firstRow + 1), style: .dim)
        }
        for index in parts.list.visibleRange(rows: parts.visibleRows) {
            let r = model.rows[index]
            let y = firstRow + index - parts.list.offset
            let selected = index == model.selection
            // The marker cell alone, as on the trip list: moving rewrites two cells, not two rows.
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            parts.markRow(index, of: Self.listName, y: y, width: canvas.size.width, on: canvas)
            canvas.draw(row(r.number, r.name, r.coordinate, r.legDistance, r.legDuration), at: Point(x: 1, y: y))
        }
        if parts.list.offset + parts.visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: max(0, width - 8), y: firstRow + parts.visibleRows), style: .dim)
        }
    }

    /// The best-order proposal, over the screen until Enter or Esc.
    private func drawProposal(summary: String, order: String, on canvas: Canvas) {
        let width = min(canvas.size.width - 4, max(50, TextWidth.of(summary) + 4))
        let summaryLines = TextWidth.wrap(summary, to: width - 4)
        let orderLines = TextWidth.wrap(order, to: width - 4)
        let height = min(canvas.size.height - 2, 5 + summaryLines.count + orderLines.count)
        let rect = Rect(
            x: (canvas.size.width - width) / 2, y: max(1, (canvas.size.height - height) / 2), width: width, height: height)
        Overlay.drawBox(rect, on: canvas)
        // The summary names the stops it moves and can run long: it wraps, as the order does.
        for (i, line) in summaryLines.prefix(max(1, height - 5)).enumerated() {
            canvas.draw(line, at: Point(x: rect.x + 2, y: rect.y + 1 + i), style: .accent, maxWidth: width - 4)
        }
        let orderTop = rect.y + 2 + min(summaryLines.count, max(1, height - 5))
        for (i, line) in orderLines.prefix(max(0, rect.maxY - 2 - orderTop)).enumerated() {
            canvas.draw(line, at: Point(x: rect.x + 2, y: orderTop + i), style: .normal, maxWidth: width - 4)
        }
        canvas.draw(
            "Enter applies · Esc keeps the current order", at: Point(x: rect.x + 2, y: rect.maxY - 2), style: .dim,
            maxWidth: width - 4)
    }
}
