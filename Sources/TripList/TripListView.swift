import RoadtripCore
import ScreenKit
import TermUI

/// The trip list screen: every trip with its stops and distance.
@MainActor
final class TripListView: Screen, TripListViewProtocol {
    var presenter: (any TripListPresenterProtocol)!
    private var model: TripListViewModel?
    private var parts = ListScreenParts()
    private var filterField = TextField()
    /// The presenter's selection and row count beside the list's, for the keystroke fuzzer's invariants.
    var selectionForChecks: (model: Int?, rows: Int, list: Int?, listCount: Int) {
        parts.checks(selection: model?.selection, rows: model?.rows.count ?? 0)
    }

    init() {}

    // MARK: TripListViewProtocol

    public func show(_ model: TripListViewModel) {
        // A field starts from the presenter's text only when it opens: typing is never reset by a redraw.
        let was = self.model.map { TripListKeyMode($0.mode) }
        switch model.mode {
        case let .renaming(_, text) where was != .renaming: parts.nameField.set(text)
        case .naming where was != .naming: parts.nameField.set("")
        case .filtering where was != .filtering: filterField.set(model.filter)
        case .importing where was != .typingPath && was != .transferring: parts.pathField.set("")
        case let .exporting(text) where was != .typingPath: parts.pathField.select(text)
        default: break
        }
        self.model = model
        parts.show(rows: model.rows.count, selection: model.selection)
    }

    // MARK: Screen

    func willAppear() { presenter.viewWillAppear() }

    func handle(_ key: Key) {
        guard let model else { return }
        if parts.keyClosesHelp(key) { return }
        let mode = TripListKeyMode(model.mode)
        switch Self.keys.route(key, in: mode) {
        case .field: edit(with: key, in: mode)
        case let .action(action): perform(action, model: model)
        case .ignored: break
        }
    }

    func handle(_ gesture: PointerGesture) {
        guard let model, let read = parts.read(gesture, list: Self.listName) else { return }
        switch read {
        case let .scroll(up): handle(up ? .up : .down)
        case let .select(row) where model.mode == .browsing: presenter.didSelectRow(row)
        case let .open(row) where model.mode == .browsing:
            presenter.didSelectRow(row)
            presenter.handle(.open, typed: "")
        default: break
        }
    }

    /// The trip rows' name for the mouse.
    static let listName = "trips"

    private func edit(with key: Key, in mode: TripListKeyMode) {
        if mode == .filtering {
            if filterField.handle(key) { presenter.didChangeFilter(filterField.string) }
        } else if mode == .typingPath {
            _ = parts.pathField.handle(key)
        } else {
            parts.typeName(key)
        }
    }

    /// Keys that move what the view alone holds (the list's window, the help) stay here; every
    /// other action goes to the presenter with the text of the field it was pressed in.
    private func perform(_ action: TripListAction, model: TripListViewModel) {
        switch action {
        case let .move(move):
            if let row = parts.selection(after: move) { presenter.didSelectRow(row) }
        case .help: parts.openHelp()
        case .commitName, .cancelName: presenter.handle(action, typed: parts.nameField.string)
        default: presenter.handle(action, typed: parts.pathField.string)
        }
    }

    // MARK: Drawing

    func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, detail: model.detail, on: canvas)

        var top = 2
        if model.mode == .naming {
            // Above the list, where it shows whatever the list's length; Enter makes it a trip.
            Prompt.draw("New trip: ", field: &parts.nameField, placeholder: "type its name", on: canvas)
            top = 3
        } else if model.mode == .importing {
            Prompt.draw("Import file: ", field: &parts.pathField, placeholder: "e.g. ~/Downloads/alps.gpx", on: canvas)
            top = 3
        } else if case .exporting = model.mode {
            Prompt.draw("Export to: ", field: &parts.pathField, placeholder: "e.g. alps.gpx", on: canvas)
            top = 3
        } else if model.mode == .filtering || !model.filter.isEmpty {
            let label = "Filter: "
            canvas.draw(label, at: Point(x: 2, y: 1), style: .accent)
            let x = 2 + TextWidth.of(label)
            filterField.draw(
                on: canvas, at: Point(x: x, y: 1), width: max(1, size.width - x - 2),
                focused: model.mode == .filtering, style: model.mode == .filtering ? .field : .normal)
            top = 3
        }

        let stopsWidth = 9, distanceWidth = 13
        let nameWidth = max(8, size.width - 4 - stopsWidth - distanceWidth - 2)
        canvas.draw(
            TextWidth.pad("Name", to: nameWidth) + TextWidth.padLeft("Stops", to: stopsWidth)
                + TextWidth.padLeft("Distance", to: distanceWidth), at: Point(x: 2, y: top), style: .dim)
        let firstRow = top + 1
        parts.visibleRows = max(1, size.height - 1 - firstRow)

        if model.rows.isEmpty {
            canvas.draw(model.emptyText, at: Point(x: 2, y: firstRow + 1), style: .dim)
        }
        for row in parts.list.visibleRange(rows: parts.visibleRows) {
            let y = firstRow + row - parts.list.offset
            let r = model.rows[row]
            let selected = row == model.selection
            // The selection is the marker cell alone, not a highlighted row: a move then rewrites
            // two cells instead of two whole rows (a few dozen bytes, which slow links feel).
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            parts.markRow(row, of: Self.listName, y: y, width: size.width, on: canvas)
            // Marked for deleting together: a mark in the column between the selection and the name.
            if model.marked.contains(row) { canvas.draw("•", at: Point(x: 1, y: y), style: .accent) }
            if case let .renaming(editRow, _) = model.mode, editRow == row {
                parts.nameField.draw(on: canvas, at: Point(x: 2, y: y), width: nameWidth - 1, focused: true)
            } else if r.isExample {
                // Shown on a first run and not saved until edited: said on the row, dimmed.
                let label = "example"
                let room = nameWidth - TextWidth.of(label) - 2
                canvas.draw(TextWidth.truncate(r.name, to: room), at: Point(x: 2, y: y))
                canvas.draw(label, at: Point(x: 2 + room + 1, y: y), style: .dim)
            } else {
                canvas.draw(TextWidth.pad(r.name, to: nameWidth), at: Point(x: 2, y: y))
            }
            canvas.draw(
                TextWidth.padLeft(r.stops, to: stopsWidth) + TextWidth.padLeft(r.distance, to: distanceWidth),
                at: Point(x: 2 + nameWidth, y: y))
        }

        if parts.list.offset + parts.visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: size.width - 8, y: size.height - 2), style: .dim)
        }

        let mode = TripListKeyMode(model.mode)
        Chrome.drawStatus(
            hints: Self.keys.hints(in: mode), message: parts.message(model.message),
            on: canvas)
        if case let .confirming(question) = model.mode { Overlay.drawConfirmation(question, on: canvas) }
        parts.help.draw(Self.keys, mode: mode, on: canvas)
    }
}
