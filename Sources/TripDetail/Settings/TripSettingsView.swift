import RoadtripCore
import TermUI

/// The trip settings form: when the trip leaves, how long a driving day is, fuel.
@MainActor
public final class TripSettingsView: Screen, TripSettingsViewProtocol {
    public var presenter: TripSettingsPresenterProtocol!
    private var model: TripSettingsViewModel?
    private var fields: [TripSettingsText.Field: TextField] = [:]

    public init() {}

    public func show(_ model: TripSettingsViewModel) {
        for field in TripSettingsText.Field.allCases {
            let value = model.values[field] ?? ""
            if fields[field]?.string != value { fields[field] = TextField(value) }
        }
        self.model = model
    }

    public func willAppear() { presenter.viewWillAppear() }

    public func handle(_ key: Key) {
        guard let model else { return }
        switch key {
        case .tab, .down: presenter.didMoveFocus(forward: true)
        case .backTab, .up: presenter.didMoveFocus(forward: false)
        case .enter: presenter.didPressSave()
        case .escape: presenter.didPressCancel()
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
        Chrome.drawHeader(model.title, on: canvas)
        let labelWidth = 13
        let fieldWidth = max(10, min(36, canvas.size.width - labelWidth - 6))
        for field in TripSettingsText.Field.allCases {
            let y = 2 + field.rawValue * 2
            let x = 2 + labelWidth
            let focused = field == model.focus
            canvas.draw(TextWidth.padLeft(field.label, to: labelWidth - 2) + ": ", at: Point(x: 2, y: y), style: focused ? .accent : .normal)
            let text = fields[field] ?? TextField()
            text.draw(on: canvas, at: Point(x: x, y: y), width: fieldWidth, focused: focused, style: focused ? .field : .dim)
            if text.string.isEmpty {
                canvas.draw(field.placeholder, at: Point(x: x + (focused ? 1 : 0), y: y), style: .dim, maxWidth: fieldWidth - 1)
            }
            if let error = model.errors[field] {
                canvas.draw("✗ " + error, at: Point(x: x, y: y + 1), style: .error)
            }
        }
        canvas.draw("The itinerary (i) plans days from these.", at: Point(x: 2, y: 13), style: .dim)
        Chrome.drawStatus(hints: [KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "discard")],
                          message: model.message, on: canvas)
    }
}
