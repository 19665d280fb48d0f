import Foundation
import RoadtripCore
import ScreenKit
import TermUI
import TripMap

/// The trip screen: holds the trip, its legs, the selection and the status line, hands each action
/// to the feature it belongs to, and draws once per event.
@MainActor
final class TripDetailPresenter: TripDetailPresenterProtocol, TripDetailInteractorOutput, TripScreenContext {
    weak var view: (any TripDetailViewProtocol)?
    private let interactor: TripDetailInteractorProtocol
    private let router: TripDetailRouterProtocol
    /// The screen's features, asked in turn for each action (the one holding the screen first).
    var features: [TripFeature] = []

    private(set) var trip: Trip?
    private var legs = LegsState(legs: [], source: "")
    private var selectedID: Waypoint.ID?
    private var message: StatusMessage?

    init(interactor: TripDetailInteractorProtocol, router: TripDetailRouterProtocol) {
        self.interactor = interactor
        self.router = router
    }

    func viewWillAppear() {
        let previous = trip
        trip = interactor.trip()
        guard let trip else {
            router.close()
            return
        }
        if let error = interactor.saveError { message = StatusMessage(error, isError: true) }
        if previous == nil { selectedID = interactor.rememberedStop }
        // A stop added in the waypoint editor becomes the selection.
        if let previous, let added = trip.waypoints.first(where: { stop in !previous.waypoints.contains { $0.id == stop.id } }) {
            selectedID = added.id
        }
        take(interactor.refreshLegs())
        publish()
    }

    func handle(_ action: TripDetailAction, typed: String) {
        switch action {
        case .map:
            guard let trip else { return }
            router.openMap(
                title: "Trips › " + TextLimits.shown(trip.name), model: { [weak self] in self?.mapModel ?? MapModel(stops: []) },
                select: { [weak self] in self?.didSelectRow($0) })
        case .settings:
            show(nil)
            router.openSettings()
        case .toggleMap:
            interactor.toggleMap()
            show(
                StatusMessage(
                    interactor.showsMap
                        ? "The map shows beside the stops where there is room."
                        : "Map hidden: M shows it, m opens it full screen."))
        case .toggleUnits:
            interactor.toggleUnit()
            show(StatusMessage("Distances in \(interactor.unit == .kilometers ? "kilometres" : "miles")."))
        case .back:
            interactor.leave()
            for feature in features { feature.leave() }
            router.close()
        default:
            let holder = features.first { $0.mode != nil }
            if holder?.handle(action, typed: typed) == true { return }
            for feature in features where feature !== holder {
                if feature.handle(action, typed: typed) { return }
            }
        }
    }

    func didSelectRow(_ row: Int) {
        guard let trip, trip.waypoints.indices.contains(row) else { return }
        selectedID = trip.waypoints[row].id
        message = nil
        publish()
    }

    func legsDidChange(_ state: LegsState) {
        take(state)
        publish()
    }

    func didChangeSaveState(_ news: SaveNews) { show(news.statusMessage) }

    // MARK: TripScreenContext

    var selectedRow: Int? { trip?.waypoints.firstIndex { $0.id == selectedID } }
    var unit: DistanceUnit { interactor.unit }
    var legsSource: String { legs.source }

    var knownLegs: [Leg] {
        guard let trip, legs.legs.count == max(0, trip.waypoints.count - 1) else { return [] }
        return legs.complete
    }

    func select(_ id: Waypoint.ID?) { selectedID = id }

    func show(_ message: StatusMessage?) {
        self.message = message
        let now = interactor.trip()
        // Undoing the trip's creation, or another program, can leave nothing to show here.
        guard now != nil else {
            router.close()
            return
        }
        if now != trip {
            trip = now
            take(interactor.refreshLegs())
        }
        publish()
    }

    // MARK: Drawing

    /// Takes new legs, and says what they bring: a fallback's reason each time, an avoidance the
    /// router cannot apply once, when it becomes true.
    private func take(_ state: LegsState) {
        if let note = state.avoidNote, note != legs.avoidNote { message = StatusMessage(note) }
        legs = state
        if let note = state.note { message = StatusMessage(note, isError: true) }
    }

    private func publish() {
        guard let trip else { return }
        if selectedRow == nil { selectedID = trip.waypoints.first?.id }
        interactor.remember(stop: selectedID)
        var model = TripDetailViewModel(
            trip: trip, legs: legs, selection: selectedRow, unit: unit,
            mode: features.lazy.compactMap(\.mode).first ?? .browsing, message: message, map: mapModel)
        model.showsMap = interactor.showsMap
        view?.show(model)
    }

    private var mapModel: MapModel {
        guard let trip else { return MapModel(stops: []) }
        return MapModel(
            stops: trip.waypoints.map { MapModel.Stop(name: $0.name, coordinate: $0.coordinate) },
            legGeometries: legs.legs.map { $0?.geometry }, selectedIndex: selectedRow, unit: unit)
    }
}
