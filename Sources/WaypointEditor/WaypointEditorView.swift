import RoadtripCore
import TermUI

/// The waypoint editor screen: the stop's name (with the place search under it), position,
/// stay, overnight, arrival and note.
@MainActor
final class WaypointEditorView: Screen, WaypointEditorViewProtocol {
    var presenter: WaypointEditorPresenterProtocol!
    private var model: WaypointEditorViewModel?
    private let form = FormState<WaypointField>(
        limits: Dictionary(uniqueKeysWithValues: WaypointField.allCases.map { ($0, $0.limit) }))

    init() {}

    public func show(_ model: WaypointEditorViewModel) {
        form.fields.sync(model.values)
        self.model = model
    }

    func willAppear() { presenter.viewWillAppear() }

    func handle(_ key: Key) {
        guard let model else { return }
        form.handle(
            Self.keys.route(key, in: WaypointEditorKeyMode(model)), key: key, focus: model.focus, label: model.focus.label,
            helpAction: .help,
            edited: { presenter.didEditField(model.focus, text: $0) }, action: { presenter.handle($0) })
    }

    func handle(_ gesture: PointerGesture) {
        if case let .click(.row(Self.matchList, index), count) = gesture, !form.help.isShown {
            presenter.didClickMatch(index, twice: count == 2)
        } else if case .wheel = gesture, !form.help.isShown, model?.suggestions.isEmpty == false {
            handle(gesture.isWheelUp ? .up : .down)
        } else if let line = form.clickedLine(gesture), let field = WaypointField(rawValue: line) {
            presenter.didFocusField(field)
        }
    }

    /// The place matches' name for the mouse.
    static let matchList = "matches"

    func draw(on canvas: Canvas) {
        guard let model else { return }
        Chrome.drawHeader("Trips › \(model.tripName) › \(model.title)", on: canvas)
        let labelWidth = 11
        let fieldWidth = max(10, min(60, canvas.size.width - labelWidth - 6))
        let height = canvas.size.height, focus = model.focus.rawValue
        for field in WaypointField.allCases {
            guard let y = FormFields<WaypointField>.row(of: field.rawValue, focus: focus, height: height) else { continue }
            let focused = field == model.focus
            form.fields.drawRow(
                field, label: field.label, placeholder: field.placeholder, error: model.errors[field],
                y: y, labelWidth: labelWidth, fieldWidth: fieldWidth, focused: focused, on: canvas)
            form.markLine(field.rawValue, y: y, on: canvas)
        }
        if let placeRow = FormFields<WaypointField>.row(of: WaypointField.allCases.count, focus: focus, height: height) {
            canvas.draw(
                model.place.text, at: Point(x: 2, y: placeRow), style: model.place.isError ? .warning : .dim,
                maxWidth: canvas.size.width - 4)
        }
        drawSuggestions(model, at: Point(x: 2 + labelWidth, y: 3), width: max(fieldWidth, 50), on: canvas)
        let mode = WaypointEditorKeyMode(model)
        Chrome.drawStatus(
            hints: Self.keys.hints(in: mode), message: form.message(model.message),
            on: canvas)
        form.help.draw(Self.keys, mode: mode, notes: Self.notes, on: canvas)
    }

    /// The place matches, in a box under the name field; the highlighted one is what Enter takes.
    private func drawSuggestions(_ model: WaypointEditorViewModel, at origin: Point, width: Int, on canvas: Canvas) {
        guard !model.suggestions.isEmpty, model.focus == .name else { return }
        // As wide as the longest row needs, up to the screen's edge: the kind, the size and why a row
        // matched sit at the end of it.
        let widest = model.suggestions.map(TextWidth.of).max() ?? 0
        let width = min(max(width, widest), canvas.size.width - origin.x - 1)
        let rows = min(model.suggestions.count, max(0, canvas.size.height - origin.y - 3))
        guard rows > 0, width > 4 else { return }
        Overlay.drawBox(Rect(x: origin.x - 1, y: origin.y, width: width + 2, height: rows + 2), on: canvas)
        for (i, label) in model.suggestions.prefix(rows).enumerated() {
            let selected = i == model.selectedSuggestion
            canvas.mark(Rect(x: origin.x, y: origin.y + 1 + i, width: width, height: 1), as: .row(list: Self.matchList, index: i))
            canvas.draw(
                TextWidth.pad(label, to: width), at: Point(x: origin.x, y: origin.y + 1 + i),
                style: selected ? .selected : .normal, maxWidth: width)
        }
    }
}
