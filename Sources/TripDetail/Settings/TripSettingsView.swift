import RoadtripCore
import TermUI

/// The trip settings form: when the trip leaves, how long a driving day is, fuel.
@MainActor
public final class TripSettingsView: Screen, TripSettingsViewProtocol {
    public var presenter: TripSettingsPresenterProtocol!
    private var model: TripSettingsViewModel?
    private var fields = FormFields<TripSettingsText.Field>()

    public init() {}

    public func show(_ model: TripSettingsViewModel) {
        fields.sync(model.values)
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
            if let text = fields.edit(model.focus, with: key) { presenter.didEditField(model.focus, text: text) }
        }
    }

    public func draw(on canvas: Canvas) {
        guard let model else { return }
        Chrome.drawHeader(model.title, on: canvas)
        let labelWidth = 13
        let fieldWidth = max(10, min(36, canvas.size.width - labelWidth - 6))
        for field in TripSettingsText.Field.allCases {
            fields.drawRow(field, label: field.label, placeholder: field.placeholder, error: model.errors[field],
                           y: 2 + field.rawValue * 2, labelWidth: labelWidth, fieldWidth: fieldWidth,
                           focused: field == model.focus, on: canvas)
        }
        canvas.draw("The itinerary (i) plans days from these.", at: Point(x: 2, y: 13), style: .dim)
        Chrome.drawStatus(hints: [KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "discard")],
                          message: model.message, on: canvas)
    }
}
