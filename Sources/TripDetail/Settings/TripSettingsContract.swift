import Foundation
import RoadtripCore
import TermUI

// The protocols of the trip settings form (`s` on the trip screen): start, daily limit, fuel.

/// What the settings form draws.
struct TripSettingsViewModel: Equatable, Sendable {
    var title: String
    var values: [TripSettingsText.Field: String]
    var errors: [TripSettingsText.Field: String]
    var focus: TripSettingsText.Field
    public var message: StatusMessage?
}

@MainActor
protocol TripSettingsViewProtocol: ModelView where Model == TripSettingsViewModel {}

@MainActor
protocol TripSettingsPresenterProtocol: AnyObject {
    func viewWillAppear()
    /// The focused field's text after a key or a paste.
    func didEditField(_ field: TripSettingsText.Field, text: String)
    /// A click on a field's line.
    func didFocusField(_ field: TripSettingsText.Field)
    /// What a key asked for (the help overlay is the view's own).
    func handle(_ action: TripSettingsView.Action)
}

@MainActor
protocol TripSettingsInteractorProtocol: AnyObject {
    var tripName: String { get }
    func settingsText() -> TripSettingsText
    /// Saves the settings as one undoable edit; returns the fields' errors (nothing saved) or nil.
    func saveSettings(_ text: TripSettingsText) -> [TripSettingsText.Field: String]?
}
