import RoadtripCore
import TermUI

/// The waypoint editor screen: name, latitude and longitude of one stop.
@MainActor
public final class WaypointEditorView: Screen, WaypointEditorViewProtocol {
    public var presenter: WaypointEditorPresenterProtocol!
    private var model: WaypointEditorViewModel?
    private var fields = FormFields<WaypointField>()
    private var showingHelp = false

    public init() {}

    static let hints = [
        KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "discard"), KeyHint("?", "help"),
    ]

    static let help = [
        KeyHint("type a place", "matches show under the name"),
        KeyHint("↓ ↑ Enter", "choose a match, take it"),
        KeyHint("Esc", "close the matches"),
        KeyHint("Tab  Shift-Tab", "next / previous field"),
        KeyHint("↓ ↑", "next / previous field"),
        KeyHint("Enter", "save the stop"),
        KeyHint("Esc", "discard and go back"),
        KeyHint("← → Home End", "move in the field"),
        KeyHint("Ctrl-A  Ctrl-E", "start / end of the field"),
        KeyHint("Ctrl-K  Ctrl-U", "erase to the end / start"),
        KeyHint("Ctrl-W", "erase the word before the cursor"),
        KeyHint("Space", "overnight: yes / no"),
        KeyHint("48.85, 2.29", "pasted in a coordinate fills both"),
    ]

    static let matchHints = [
        KeyHint("↓↑", "choose"), KeyHint("Enter", "take the place"), KeyHint("Esc", "close the list"),
    ]

    /// The place matches, in a box under the name field.
    private func drawSuggestions(_ model: WaypointEditorViewModel, at origin: Point, width: Int, on canvas: Canvas) {
        guard !model.suggestions.isEmpty, model.focus == .name else { return }
        let width = min(width, canvas.size.width - origin.x - 1)
        let rows = min(model.suggestions.count, max(0, canvas.size.height - origin.y - 3))
        guard rows > 0, width > 4 else { return }
        Overlay.drawBox(Rect(x: origin.x - 1, y: origin.y, width: width + 2, height: rows + 2), on: canvas)
        for (i, label) in model.suggestions.prefix(rows).enumerated() {
            let selected = i == model.selectedSuggestion
            canvas.draw(TextWidth.pad(label, to: width), at: Point(x: origin.x, y: origin.y + 1 + i),
                        style: selected ? .selected : .normal, maxWidth: width)
        }
    }

    public func show(_ model: WaypointEditorViewModel) {
        fields.sync(model.values)
        self.model = model
    }

    public func willAppear() { presenter.viewWillAppear() }

    public func handle(_ key: Key) {
        guard let model else { return }
        if showingHelp { showingHelp = false; return }
        if !model.suggestions.isEmpty {
            switch key {
            case .down: presenter.didMoveSuggestion(by: 1); return
            case .up: presenter.didMoveSuggestion(by: -1); return
            case .pageDown: presenter.didMoveSuggestion(by: 8); return
            case .escape: presenter.didCloseSuggestions(); return
            default: break
            }
        }
        switch key {
        case .tab, .down: presenter.didMoveFocus(forward: true)
        case .backTab, .up: presenter.didMoveFocus(forward: false)
        case .enter: presenter.didPressSave()
        case .escape: presenter.didPressCancel()
        case .char("?") where fields.text(model.focus).isEmpty: showingHelp = true
        case .char(" "), .char("y"), .char("n") where model.focus.isToggle:
            let on = key == .char(" ") ? model.values[.overnight] != "yes" : key == .char("y")
            presenter.didEditField(.overnight, text: on ? "yes" : "no")
        case _ where model.focus.isToggle: break
        default:
            if let text = fields.edit(model.focus, with: key) { presenter.didEditField(model.focus, text: text) }
        }
    }

    public func draw(on canvas: Canvas) {
        guard let model else { return }
        Chrome.drawHeader("Trips › \(model.tripName) › \(model.title)", on: canvas)
        let labelWidth = 11
        let fieldWidth = max(10, min(40, canvas.size.width - labelWidth - 6))
        for field in WaypointField.allCases {
            let y = 2 + field.rawValue * 2
            let focused = field == model.focus
            guard field.isToggle else {
                fields.drawRow(field, label: field.label, placeholder: field.placeholder, error: model.errors[field],
                               y: y, labelWidth: labelWidth, fieldWidth: fieldWidth, focused: focused, on: canvas)
                continue
            }
            let x = 2 + labelWidth
            canvas.draw(TextWidth.padLeft(field.label, to: labelWidth - 2) + ": ", at: Point(x: 2, y: y), style: focused ? .accent : .normal)
            canvas.draw((model.values[field] == "yes" ? "[x]" : "[ ]") + " stay the night here", at: Point(x: x, y: y),
                        style: focused ? .field : .normal)
            if focused { canvas.setCursor(Point(x: x + 1, y: y)) }
        }
        canvas.draw("Tip: paste “48.8584, 2.2945” into a coordinate field to fill both.",
                    at: Point(x: 2, y: 2 + WaypointField.allCases.count * 2), style: .dim)
        drawSuggestions(model, at: Point(x: 2 + labelWidth, y: 3), width: max(fieldWidth, 50), on: canvas)
        Chrome.drawStatus(hints: model.suggestions.isEmpty ? Self.hints : Self.matchHints, message: model.message, on: canvas)
        if showingHelp { Overlay.drawHelp(title: "waypoint editor", hints: Self.help, on: canvas) }
    }
}
