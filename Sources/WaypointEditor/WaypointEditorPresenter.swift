import Foundation
import RoadtripCore
import TermUI

/// Validates the stop being typed and saves it.
@MainActor
public final class WaypointEditorPresenter: WaypointEditorPresenterProtocol, WaypointEditorInteractorOutput {
    public weak var view: WaypointEditorViewProtocol?
    private let interactor: WaypointEditorInteractorProtocol
    private let router: WaypointEditorRouterProtocol
    private let isNew: Bool

    private var values: [WaypointField: String] = Dictionary(uniqueKeysWithValues: WaypointField.allCases.map { ($0, "") })
    private var errors: [WaypointField: String] = [:]
    private var focus: WaypointField = .name
    private var message: StatusMessage?
    private var suggestions: [PlaceSuggestion] = []
    private var selectedSuggestion: Int?
    /// The zone of the place last taken from the search, while its coordinates stand.
    private var pickedTimeZone: String?

    public init(interactor: WaypointEditorInteractorProtocol, router: WaypointEditorRouterProtocol, isNew: Bool) {
        self.interactor = interactor
        self.router = router
        self.isNew = isNew
    }

    public func viewWillAppear() {
        if let stop = interactor.existingWaypoint() {
            values[.name] = stop.name
            values[.latitude] = Self.degrees(stop.coordinate.latitude)
            values[.longitude] = Self.degrees(stop.coordinate.longitude)
            values[.stay] = DurationParser.text(stop.stay)
            values[.arriveBy] = LocalTimeParser.text(stop.fixedArrival, in: interactor.timeZone(at: stop.coordinate))
            values[.note] = stop.note
        }
        values[.overnight] = interactor.existingWaypoint()?.overnight == true ? "yes" : "no"
        publish()
    }

    public func didEditField(_ field: WaypointField, text: String) {
        values[field] = text
        errors[field] = nil
        message = nil
        switch field {
        case .name: interactor.searchPlaces(text)
        case .latitude, .longitude: pickedTimeZone = nil
        default: break
        }
        publish()
    }

    public func placesDidArrive(_ places: [PlaceSuggestion], for query: String) {
        guard focus == .name, query == values[.name] else { return }
        suggestions = places
        selectedSuggestion = nil
        publish()
    }

    public func didMoveSuggestion(by offset: Int) {
        guard !suggestions.isEmpty else { return }
        let next = (selectedSuggestion ?? -1) + offset
        selectedSuggestion = next < 0 ? nil : min(next, suggestions.count - 1)
        publish()
    }

    public func didCloseSuggestions() {
        suggestions = []
        selectedSuggestion = nil
        publish()
    }

    /// Fills name and coordinates from a place; they stay editable.
    private func take(_ place: PlaceSuggestion) {
        values[.name] = place.name
        values[.latitude] = Self.degrees(place.coordinate.latitude)
        values[.longitude] = Self.degrees(place.coordinate.longitude)
        for field in [WaypointField.name, .latitude, .longitude] { errors[field] = nil }
        pickedTimeZone = place.timeZone
        suggestions = []
        selectedSuggestion = nil
        message = StatusMessage("\(place.label): Enter saves the stop.")
        publish()
    }

    public func didMoveFocus(forward: Bool) {
        suggestions = []
        selectedSuggestion = nil
        splitPastedPair()
        let all = WaypointField.allCases
        focus = all[(focus.rawValue + (forward ? 1 : all.count - 1)) % all.count]
        publish()
    }

    public func didPressSave() {
        if let index = selectedSuggestion, suggestions.indices.contains(index) {
            take(suggestions[index])
            return
        }
        // Typing a place and pressing Enter takes the best match when no position is given yet.
        if let best = suggestions.first, (values[.latitude] ?? "").isEmpty, (values[.longitude] ?? "").isEmpty {
            take(best)
            return
        }
        suggestions = []
        splitPastedPair()
        errors = [:]
        let name = (values[.name] ?? "").trimmingCharacters(in: .whitespaces)
        if name.isEmpty { errors[.name] = "A stop needs a name." }
        var latitude: Double?, longitude: Double?
        switch CoordinateParser.parse(values[.latitude] ?? "", axis: .latitude) {
        case let .success(v): latitude = v
        case let .failure(e): errors[.latitude] = e.description
        }
        switch CoordinateParser.parse(values[.longitude] ?? "", axis: .longitude) {
        case let .success(v): longitude = v
        case let .failure(e): errors[.longitude] = e.description
        }
        var stay: TimeInterval = 0
        switch DurationParser.parse(values[.stay] ?? "") {
        case let .success(v): stay = v
        case let .failure(e): errors[.stay] = e.description
        }
        var arrival: Date?
        let zone = interactor.timeZone(at: latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } })
        switch LocalTimeParser.parse(values[.arriveBy] ?? "", in: zone) {
        case let .success(v): arrival = v
        case let .failure(e): errors[.arriveBy] = e.description
        }
        guard errors.isEmpty, let latitude, let longitude else {
            if let first = WaypointField.allCases.first(where: { errors[$0] != nil }) { focus = first }
            message = StatusMessage("Not saved: fix the marked field\(errors.count > 1 ? "s" : "").", isError: true)
            publish()
            return
        }
        // A failed save keeps the stop in memory; the trip screen says why it is not on disk.
        _ = interactor.save(WaypointDraft(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), stay: stay,
            overnight: values[.overnight] == "yes", fixedArrival: arrival,
            note: (values[.note] ?? "").trimmingCharacters(in: .whitespaces), timeZone: pickedTimeZone
        ))
        router.close()
    }

    public func didPressCancel() { router.close() }

    /// "48.8584, 2.2945" pasted into either coordinate field fills both.
    private func splitPastedPair() {
        for field in [WaypointField.latitude, .longitude] {
            guard let text = values[field], let pair = CoordinateParser.parsePair(text) else { continue }
            values[.latitude] = Self.degrees(pair.latitude)
            values[.longitude] = Self.degrees(pair.longitude)
            errors[.latitude] = nil
            errors[.longitude] = nil
            return
        }
    }

    private static func degrees(_ value: Double) -> String {
        var s = String(format: "%.6f", value)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    private func publish() {
        view?.show(WaypointEditorViewModel(
            title: isNew ? "Add stop" : "Edit stop", tripName: interactor.tripName,
            values: values, errors: errors, focus: focus, message: message,
            suggestions: suggestions.map(\.label), selectedSuggestion: selectedSuggestion
        ))
    }
}
