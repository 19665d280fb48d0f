import Foundation
import RoadtripCore
import TermUI

/// Validates and saves the trip's planning settings.
@MainActor
final class TripSettingsPresenter: TripSettingsPresenterProtocol {
    weak var view: (any TripSettingsViewProtocol)?
    private let interactor: TripSettingsInteractorProtocol
    private let close: @MainActor () -> Void
    private var values: [TripSettingsText.Field: String] = [:]
    private var errors: [TripSettingsText.Field: String] = [:]
    private var focus: TripSettingsText.Field = .start
    private var message: StatusMessage?

    init(interactor: TripSettingsInteractorProtocol, close: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.close = close
    }

    func handle(_ action: TripSettingsView.Action) {
        switch action {
        case .next: didMoveFocus(forward: true)
        case .previous: didMoveFocus(forward: false)
        case .save: didPressSave()
        case .cancel: didPressCancel()
        case .help: break  // the view's own overlay
        }
    }

    func viewWillAppear() {
        values = interactor.settingsText().values
        publish()
    }

    func didEditField(_ field: TripSettingsText.Field, text: String) {
        values[field] = text
        errors[field] = nil
        message = nil
        publish()
    }

    func didFocusField(_ field: TripSettingsText.Field) {
        focus = field
        publish()
    }

    func didMoveFocus(forward: Bool) {
        let all = TripSettingsText.Field.allCases
        focus = all[(focus.rawValue + (forward ? 1 : all.count - 1)) % all.count]
        publish()
    }

    func didPressSave() {
        if let problems = interactor.saveSettings(TripSettingsText(values: values)) {
            errors = problems
            focus = TripSettingsText.Field.allCases.first { problems[$0] != nil } ?? focus
            message = StatusMessage("Not saved: fix the marked field\(problems.count > 1 ? "s" : "").", isError: true)
            publish()
            return
        }
        close()
    }

    func didPressCancel() { close() }

    private func publish() {
        view?.show(
            TripSettingsViewModel(
                title: "Trips › \(interactor.tripName) › settings", values: values,
                errors: errors, focus: focus, message: message))
    }
}
