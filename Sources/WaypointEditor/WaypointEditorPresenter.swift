import Foundation
import Gazetteer
import RoadtripCore
import TermUI

/// Validates the stop being typed and saves it.
///
/// Choosing a place sets the whole stop (name, position, region, country, time zone). A name
/// typed over a place that was not chosen keeps the old position, and the editor says so once
/// before saving; a custom name over a chosen place or typed coordinates is fine and shown as such.
@MainActor
final class WaypointEditorPresenter: WaypointEditorPresenterProtocol, WaypointEditorInteractorOutput {
    weak var view: (any WaypointEditorViewProtocol)?
    private let interactor: WaypointEditorInteractorProtocol
    private let router: WaypointEditorRouterProtocol
    private let isNew: Bool

    private var values: [WaypointField: String] = Dictionary(uniqueKeysWithValues: WaypointField.allCases.map { ($0, "") })
    private var errors: [WaypointField: String] = [:]
    private var focus: WaypointField = .name
    private var message: StatusMessage?
    private var suggestions: [PlaceSuggestion] = []
    private var selectedSuggestion: Int?
    private var location = EditorLocation.none
    /// A name the person chose to keep over the unchanged position (the second Enter).
    private var confirmedName: String?
    /// Set by Ctrl-N, so that finding nothing is said rather than silent.
    private var searchWasAsked = false
    /// The name the latest answer of the search was for: while it differs from the name field,
    /// a search is on its way.
    private var answeredName: String?
    /// Enter or Tab pressed before the matches for the name came: done when they come.
    private var pendingTake: PendingTake?
    private enum PendingTake { case save, thenStay }

    init(interactor: WaypointEditorInteractorProtocol, router: WaypointEditorRouterProtocol, isNew: Bool) {
        self.interactor = interactor
        self.router = router
        self.isNew = isNew
    }

    func handle(_ action: WaypointEditorAction) {
        switch action {
        case .nextField: didMoveFocus(forward: true)
        case .previousField: didMoveFocus(forward: false)
        case .save: didPressSave()
        case .cancel: didPressCancel()
        case let .moveMatch(offset): didMoveSuggestion(by: offset)
        case .closeMatches: didCloseSuggestions()
        case .searchAgain: didPressSearchAgain()
        case .takeMatch: didPressTakeMatch()
        case .help: break  // the view's own overlay
        }
    }

    func viewWillAppear() {
        if let stop = interactor.existingWaypoint() {
            values[.name] = stop.name
            values[.position] = EditorLocation.text(stop.coordinate)
            values[.stay] = DurationParser.text(stop.stay)
            values[.nights] = stop.nights > 0 ? String(stop.nights) : ""
            values[.arriveBy] = LocalTimeParser.text(
                stop.fixedArrival, in: interactor.timeZone(at: stop.coordinate, identifier: stop.timeZone))
            values[.note] = stop.note
            location = .kept(stop)
        }
        publish()
    }

    func didEditField(_ field: WaypointField, text: String) {
        values[field] = text
        errors[field] = nil
        message = nil
        switch field {
        case .name:
            confirmedName = nil
            searchWasAsked = false
            // The matches on screen are for what was typed before: they stay until the new ones
            // come, but none is highlighted, so Enter or Tab cannot take a place the name no longer means.
            selectedSuggestion = nil
            pendingTake = nil
            if location == .none { errors[.position] = nil }
            interactor.searchPlaces(text)
        case .position:
            location = .typed
        default: break
        }
        publish()
    }

    func onlineSearchDidFail(_ reason: String, for query: String) {
        guard focus == .name, query == values[.name] else { return }
        let offline = suggestions.isEmpty ? "nothing matches “\(query)” offline either" : "the offline matches stand"
        message = StatusMessage("Online search: \(reason); \(offline).", isError: true)
        publish()
    }

    func placesDidArrive(_ places: [PlaceSuggestion], for query: String) {
        guard focus == .name, query == values[.name] else { return }
        answeredName = query
        suggestions = places
        // The best match is highlighted (Enter takes it) only when the name typed so far begins it,
        // is one of its other names (München, 東京), or is the whole name with a qualifier after it
        // ("Athens GA", "Portland, ME"): a typo match such as Carter Lake for "Crater Lake" must be
        // chosen on purpose.
        selectedSuggestion =
            places.first.map { $0.isNamedByOtherName || TypedName.shows($0.name, typed: query) } == true ? 0 : nil
        if places.isEmpty, searchWasAsked {
            message = StatusMessage(
                "No place matches “\(query)”: keep the name and type a position, or change the name.", isError: true)
        }
        searchWasAsked = false
        if let pending = pendingTake {
            // Enter or Tab came before these matches: they act on them now, as on the screen.
            pendingTake = nil
            switch pending {
            case .save: didPressSave()
            case .thenStay: didPressTakeMatch()
            }
            return
        }
        publish()
    }

    /// A position or a map link pasted into the name is where the stop is: it moves to Position, and
    /// the link's place name (or the numbers) becomes the name. Returns true when it stops the save
    /// (a link that holds no place, said under the name).
    private func takePositionTypedAsName() -> Bool {
        let typed = (values[.name] ?? "").trimmingCharacters(in: .whitespaces)
        switch PositionParser.read(typed) {
        case .notAPosition: return false
        case let .invalid(problem):
            errors[.name] = problem
            message = StatusMessage("Not saved: fix the marked field.", isError: true)
            publish()
            return true
        case let .position(coordinate, label):
            values[.position] = EditorLocation.text(coordinate)
            values[.name] = String((label ?? Formatting.coordinate(coordinate)).prefix(WaypointField.name.limit))
            location = .typed
            answeredName = values[.name]
            closeSuggestions()
            return false
        }
    }

    /// Whether the matches on screen are not yet those of the name typed: Enter or Tab then
    /// waits for them rather than act on the old ones or on none.
    private func awaitsMatches(_ take: PendingTake) -> Bool {
        let name = values[.name] ?? ""
        guard focus == .name, answeredName != name, !name.trimmingCharacters(in: .whitespaces).isEmpty,
            location == .none || selectedSuggestion == nil
        else { return false }
        pendingTake = take
        message = StatusMessage("Finding “\(PlainText.quoted(name, limit: 40))”…")
        publish()
        return true
    }

    func didMoveSuggestion(by offset: Int) {
        guard !suggestions.isEmpty else { return }
        let next = (selectedSuggestion ?? -1) + offset
        selectedSuggestion = next < 0 ? nil : min(next, suggestions.count - 1)
        publish()
    }

    func didCloseSuggestions() {
        closeSuggestions()
        publish()
    }

    func didPressSearchAgain() {
        let name = (values[.name] ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            message = StatusMessage("Type a name to search for.", isError: true)
            publish()
            return
        }
        searchWasAsked = true
        interactor.searchPlaces(values[.name] ?? "")
    }

    func didPressTakeMatch() {
        if awaitsMatches(.thenStay) { return }
        guard let index = selectedSuggestion, suggestions.indices.contains(index) else {
            didMoveFocus(forward: true)
            return
        }
        take(suggestions[index])
        // The place gives the position: what is left to say is how long, which night, and why.
        focus = .stay
        publish()
    }

    func didFocusField(_ field: WaypointField) {
        guard field != focus else { return }
        closeSuggestions()
        focus = field
        publish()
    }

    func didClickMatch(_ index: Int, twice: Bool) {
        guard suggestions.indices.contains(index) else { return }
        selectedSuggestion = index
        if twice { didPressTakeMatch() } else { publish() }
    }

    func didMoveFocus(forward: Bool) {
        closeSuggestions()
        let all = WaypointField.allCases
        focus = all[(focus.rawValue + (forward ? 1 : all.count - 1)) % all.count]
        publish()
    }

    func didPressSave() {
        if case .none = location, takePositionTypedAsName() { return }
        if case .none = location, awaitsMatches(.save) { return }
        let shown = suggestions
        if let index = selectedSuggestion, suggestions.indices.contains(index) { take(suggestions[index]) }
        closeSuggestions()
        errors = [:]
        var name = (values[.name] ?? "").trimmingCharacters(in: .whitespaces)
        if name.isEmpty, location == .typed, case let .position(_, label?) = PositionParser.read(values[.position] ?? "") {
            // A pasted link that names its place ("…/maps/place/Hallstatt/@…") names the stop.
            name = String(label.prefix(WaypointField.name.limit))
            values[.name] = name
        }
        if name.isEmpty { errors[.name] = "A stop needs a name." }
        let coordinate = position()
        if errors.isEmpty, case let .kept(stop) = location, name != stop.name, confirmedName != name {
            // Renamed without choosing a place: the position did not follow the name. Say so once.
            confirmedName = name
            message = StatusMessage(
                "Position unchanged: \(EditorLocation.describe(stop)). Enter keeps it; Ctrl-N searches.",
                isError: true)
            publish()
            return
        }
        let (stay, nights) = stayAndNights()
        var arrival: Date?
        switch LocalTimeParser.parse(
            values[.arriveBy] ?? "", in: interactor.timeZone(at: coordinate, identifier: location.timeZone))
        {
        case let .success(v): arrival = v
        case let .failure(e): errors[.arriveBy] = e.description
        }
        guard errors.isEmpty, let coordinate else {
            if focus == .name, location == .none, Set(errors.keys) == [.position] {
                // Nothing chosen and nothing typed: say so where the person is, rather than move them.
                let typed = PlainText.quoted(name, limit: 40)
                // The matches stay open, so ↓ can choose one.
                suggestions = shown
                message = StatusMessage(
                    suggestions.isEmpty
                        ? "Nothing matches “\(typed)”: Tab to Position and type one, or change the name."
                        : "No place for “\(typed)” yet: ↓ highlights a match, or Tab to Position and type one.",
                    isError: true)
                publish()
                return
            }
            if let first = WaypointField.allCases.first(where: { errors[$0] != nil }) { focus = first }
            message = StatusMessage("Not saved: fix the marked field\(errors.count > 1 ? "s" : "").", isError: true)
            publish()
            return
        }
        // A failed save keeps the stop in memory; the trip screen says why it is not on disk.
        _ = interactor.save(
            WaypointDraft(
                name: name, coordinate: coordinate, stay: stay, nights: nights,
                fixedArrival: arrival, note: (values[.note] ?? "").trimmingCharacters(in: .whitespaces),
                place: location.draftPlace
            ))
        router.close()
    }

    func didPressCancel() { router.close() }

    /// The hours of Stay and the nights, from Nights or from nights typed in Stay ("3h 1n"); marks
    /// the field that is wrong. Both may name nights only when they agree.
    private func stayAndNights() -> (TimeInterval, Int) {
        var stay: TimeInterval = 0
        var nights = 0
        let nightsText = (values[.nights] ?? "").trimmingCharacters(in: .whitespaces)
        if !nightsText.isEmpty {
            switch StayParser.parse(nightsText.allSatisfy(\.isNumber) ? nightsText + " nights" : nightsText) {
            case let .success(parsed) where parsed.seconds == 0 && parsed.nights != nil: nights = parsed.nights ?? 0
            case .success, .failure:
                errors[.nights] = "“\(nightsText)” is not a number of nights (0 to 366)."
            }
        }
        switch StayParser.parse(values[.stay] ?? "") {
        case let .success(parsed):
            stay = parsed.seconds
            if let typed = parsed.nights {
                if !nightsText.isEmpty, errors[.nights] == nil, typed != nights {
                    errors[.stay] = "Stay says \(Formatting.nights(typed)) and Nights \(nights): keep one."
                } else {
                    nights = typed
                    values[.nights] = String(typed)
                    values[.stay] = DurationParser.text(stay)
                }
            }
        case let .failure(e): errors[.stay] = e.description
        }
        return (stay, nights)
    }

    /// Sets name and position from a chosen place; its region, country and zone are saved with them.
    private func take(_ place: PlaceSuggestion) {
        values[.name] = place.stopName
        values[.position] = EditorLocation.text(place.coordinate)
        errors[.name] = nil
        errors[.position] = nil
        location = .chosen(place)
        closeSuggestions()
    }

    /// The stop's position as things stand, or nil with the reason in `errors`.
    private func position() -> Coordinate? {
        switch location {
        case let .kept(stop): return stop.coordinate
        case let .chosen(place): return place.coordinate
        case .none:
            errors[.position] = "No place yet: Ctrl-N in the name finds matches, or type a position."
            return nil
        case .typed:
            switch EditorLocation.parse(values[.position] ?? "") {
            case let .success(coordinate): return coordinate
            case let .failure(problem):
                errors[.position] = problem.message
                return nil
            }
        }
    }

    private func closeSuggestions() {
        suggestions = []
        selectedSuggestion = nil
    }

    private func publish() {
        let name = (values[.name] ?? "").trimmingCharacters(in: .whitespaces)
        view?.show(
            WaypointEditorViewModel(
                title: isNew ? "Add stop" : "Edit stop", tripName: interactor.tripName,
                values: values, errors: errors, focus: focus, message: message,
                place: location.summary(name: name, positionText: values[.position] ?? "", confirmed: confirmedName == name),
                suggestions: suggestions.map(\.label), selectedSuggestion: selectedSuggestion
            ))
    }
}
