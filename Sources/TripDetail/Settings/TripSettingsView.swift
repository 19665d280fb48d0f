import RoadtripCore
import TermUI

/// The trip settings form: when the trip leaves, how long a driving day is, fuel.
@MainActor
final class TripSettingsView: Screen, TripSettingsViewProtocol {
    var presenter: TripSettingsPresenterProtocol!
    private var model: TripSettingsViewModel?
    private let form = FormState<TripSettingsText.Field>()

    init() {}

    /// What a key does on the settings form.
    enum Action: Sendable { case next, previous, save, cancel, help }

    /// Every key of the settings form; the focused field takes text and editing keys first.
    static let keys = KeyTable<Action, FormMode>(
        "trip settings",
        [
            KeyBinding([.tab, .down], .next, help: "next field", hint: "next field", hintKeys: "Tab"),
            KeyBinding([.backTab, .up], .previous, help: "previous field"),
            KeyBinding([.enter, .ctrl("s")], .save, help: "save the settings", hint: "save", hintKeys: "Enter"),
            KeyBinding([.escape], .cancel, help: "discard the changes", hint: "discard"),
            KeyBinding([.function(1)], .help, help: "every key of this screen", hint: "help")
        ])

    public func show(_ model: TripSettingsViewModel) {
        form.fields.sync(model.values)
        self.model = model
    }

    func willAppear() { presenter.viewWillAppear() }

    func handle(_ key: Key) {
        guard let model else { return }
        form.handle(
            Self.keys.route(key, in: .field), key: key, focus: model.focus, label: model.focus.label, helpAction: .help,
            edited: { presenter.didEditField(model.focus, text: $0) }, action: { presenter.handle($0) })
    }

    func handle(_ gesture: PointerGesture) {
        if let line = form.clickedLine(gesture), let field = TripSettingsText.Field(rawValue: line) {
            presenter.didFocusField(field)
        }
    }

    func draw(on canvas: Canvas) {
        guard let model else { return }
        Chrome.drawHeader(model.title, on: canvas)
        let labelWidth = 13
        let fieldWidth = max(10, min(36, canvas.size.width - labelWidth - 6))
        let fields = TripSettingsText.Field.allCases
        let height = canvas.size.height, focus = model.focus.rawValue
        for field in fields {
            guard let y = FormFields<TripSettingsText.Field>.row(of: field.rawValue, focus: focus, height: height) else {
                continue
            }
            form.fields.drawRow(
                field, label: field.label, placeholder: field.placeholder, error: model.errors[field],
                y: y, labelWidth: labelWidth, fieldWidth: fieldWidth, focused: field == model.focus, on: canvas)
            form.markLine(field.rawValue, y: y, on: canvas)
        }
        // Below the last field's error line, however many fields there are.
        if let below = FormFields<TripSettingsText.Field>.row(of: fields.count, focus: focus, height: height),
            below + 1 <= height - 2
        {
            canvas.draw(
                "The itinerary (i) plans days and the road router its routes from these.", at: Point(x: 2, y: below + 1),
                style: .dim, maxWidth: canvas.size.width - 4)
        }
        Chrome.drawStatus(
            hints: Self.keys.hints(in: .field), message: form.message(model.message),
            on: canvas)
        form.help.draw(Self.keys, mode: .field, on: canvas)
    }
}
