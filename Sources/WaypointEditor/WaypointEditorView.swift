import RoadtripCore
import TermUI

/// The waypoint editor screen: name, latitude and longitude of one stop.
@MainActor
public final class WaypointEditorView: Screen, WaypointEditorViewProtocol {
    public var presenter: WaypointEditorPresenterProtocol!
    private var model: WaypointEditorViewModel?
    private var fields: [WaypointField: TextField] = [:]
    private var showingHelp = false

    public init() {}

    static let hints = [
        KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "discard"), KeyHint("?", "help"),
    ]

    static let help = [
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

    public func show(_ model: WaypointEditorViewModel) {
        for field in WaypointField.allCases {
            let value = model.values[field] ?? ""
            if fields[field]?.string != value { fields[field] = TextField(value) }
        }
        self.model = model
    }

    public func willAppear() { presenter.viewWillAppear() }

    public func handle(_ key: Key) {
        guard let model else { return }
        if showingHelp { showingHelp = false; return }
        switch key {
        case .tab, .down: presenter.didMoveFocus(forward: true)
        case .backTab, .up: presenter.didMoveFocus(forward: false)
        case .enter: presenter.didPressSave()
        case .escape: presenter.didPressCancel()
        case .char("?") where (fields[model.focus]?.string ?? "").isEmpty: showingHelp = true
        case .char(" "), .char("y"), .char("n") where model.focus.isToggle:
            let on = key == .char(" ") ? model.values[.overnight] != "yes" : key == .char("y")
            presenter.didEditField(.overnight, text: on ? "yes" : "no")
        case _ where model.focus.isToggle: break
        default:
            var field = fields[model.focus] ?? TextField()
            let before = field.string
            guard field.handle(key) else { return }
            fields[model.focus] = field
            if field.string != before { presenter.didEditField(model.focus, text: field.string) }
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
            let x = 2 + labelWidth
            canvas.draw(TextWidth.padLeft(field.label, to: labelWidth - 2) + ": ", at: Point(x: 2, y: y),
                        style: focused ? .accent : .normal)
            if field.isToggle {
                let on = model.values[field] == "yes"
                canvas.draw((on ? "[x]" : "[ ]") + " stay the night here", at: Point(x: x, y: y), style: focused ? .field : .normal)
                if focused { canvas.setCursor(Point(x: x + 1, y: y)) }
            } else {
                let text = fields[field] ?? TextField()
                text.draw(on: canvas, at: Point(x: x, y: y), width: fieldWidth, focused: focused, style: focused ? .field : .dim)
                if text.string.isEmpty, !field.placeholder.isEmpty {
                    canvas.draw(field.placeholder, at: Point(x: x + (focused ? 1 : 0), y: y), style: .dim, maxWidth: fieldWidth - 1)
                }
            }
            if let error = model.errors[field] {
                canvas.draw("✗ " + error, at: Point(x: x, y: y + 1), style: .error)
            }
        }
        canvas.draw("Tip: paste “48.8584, 2.2945” into a coordinate field to fill both.",
                    at: Point(x: 2, y: 2 + WaypointField.allCases.count * 2), style: .dim)
        Chrome.drawStatus(hints: Self.hints, message: model.message, on: canvas)
        if showingHelp { Overlay.drawHelp(title: "waypoint editor", hints: Self.help, on: canvas) }
    }
}
