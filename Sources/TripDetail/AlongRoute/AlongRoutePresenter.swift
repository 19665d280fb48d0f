import Foundation
import RoadtripCore
import ScreenKit
import TermUI
import TripMap

/// Keeps the filter, the width, the order and the selection; turns the places into rows and the
/// highlighted one into the map's marker.
@MainActor
final class AlongRoutePresenter: AlongRoutePresenterProtocol, AlongRouteInteractorOutput {
    weak var view: (any AlongRouteViewProtocol)?
    private let interactor: AlongRouteInteractorProtocol
    private let close: @MainActor () -> Void
    private let added: @MainActor (Waypoint.ID, StatusMessage) -> Void

    private var filter = 0
    /// Index into `AlongRequest.steps`: 10 km, or 5 mi.
    private var width = 3
    private var order = AlongOrder.route
    /// The places as found (route order); `shown` is them in the chosen order.
    private var found: [AlongPlace] = []
    private var shown: [AlongPlace] = []
    private var selection: Int?
    private var legs: [Leg] = []
    private var searching = false
    private var measuring = false
    private var message: StatusMessage?
    private var request: AlongRequest?
    /// How many places lie along the route, shown or not.
    private var total = 0

    /// - Parameters:
    ///   - close: leaves the screen (the router's job).
    ///   - added: a place was added as this stop: the trip screen selects it and says so.
    init(
        interactor: AlongRouteInteractorProtocol, close: @escaping @MainActor () -> Void,
        added: @escaping @MainActor (Waypoint.ID, StatusMessage) -> Void
    ) {
        self.interactor = interactor
        self.close = close
        self.added = added
    }

    func viewWillAppear() {
        if request == nil { search() } else { refresh() }
    }

    func didSelectRow(_ row: Int) {
        guard shown.indices.contains(row) else { return }
        selection = row
        refresh()
    }

    func handle(_ action: AlongRouteAction) {
        message = nil
        switch action {
        case .add: add()
        case .nextFilter: stepFilter(by: 1)
        case .previousFilter: stepFilter(by: -1)
        case .wider where width + 1 < steps.count:
            width += 1
            search()
        case .narrower where width > 0:
            width -= 1
            search()
        case .wider, .narrower:
            let unit = interactor.unit
            message = StatusMessage(
                "The width goes from \(AlongWidthText.text(steps[0], unit: unit)) to \(AlongWidthText.text(steps[steps.count - 1], unit: unit)) either side of the route."
            )
            refresh()
        case .sort:
            let all = AlongOrder.allCases
            order = all[((all.firstIndex(of: order) ?? 0) + 1) % all.count]
            reorder(keeping: selected)
            refresh()
        case .back:
            interactor.cancel()
            close()
        case .move, .help: break
        }
    }

    private func stepFilter(by delta: Int) {
        let count = AlongFilter.all.count
        filter = (filter + delta + count) % count
        search()
    }

    private var steps: [Double] { AlongRequest.steps(unit: interactor.unit) }

    private var selected: AlongPlace? { selection.flatMap { shown.indices.contains($0) ? shown[$0] : nil } }

    private func search() {
        var request = AlongRequest(
            kinds: AlongFilter.all[filter].kinds, withinMeters: steps[width], limit: AlongRequest.listLimit)
        request.stopNames = interactor.trip?.waypoints.map(\.name) ?? []
        self.request = request
        searching = true
        measuring = false
        interactor.search(request)
        refresh()
    }

    private func add() {
        guard let place = selected else {
            message = StatusMessage("No place is highlighted: ↑↓ chooses one.", isError: true)
            refresh()
            return
        }
        switch interactor.add(place) {
        case let .failure(error):
            message = StatusMessage(error.message, isError: true)
            refresh()
        case let .success(stop):
            interactor.cancel()
            close()
            added(
                stop.id,
                StatusMessage("Added “\(TerminalText.sanitize(place.name))” as stop \(stop.number), on its leg (u undoes it)."))
        }
    }

    // MARK: AlongRouteInteractorOutput

    func placesDidArrive(_ answer: AlongAnswer, legs: [Leg], request: AlongRequest) {
        guard request == self.request else { return }
        let keep = selected
        searching = false
        measuring = interactor.measuresDetours && !answer.places.isEmpty
        found = answer.places
        total = answer.total
        self.legs = legs
        reorder(keeping: keep)
        if let advice = answer.importAdvice { message = StatusMessage(advice) }
        refresh()
    }

    func detoursDidArrive(_ places: [AlongPlace], failure: String?, request: AlongRequest) {
        guard request == self.request else { return }
        measuring = false
        let keep = selected
        found = places
        reorder(keeping: keep)
        if let failure { message = StatusMessage("Detours are estimated: \(failure)", isError: true) }
        refresh()
    }

    /// Sorts the places in the chosen order, the highlighted one staying highlighted.
    private func reorder(keeping place: AlongPlace?) {
        shown = order.sorted(found)
        let again = place.flatMap { p in shown.firstIndex { $0.coordinate == p.coordinate && $0.name == p.name } }
        selection = shown.isEmpty ? nil : again ?? min(selection ?? 0, shown.count - 1)
    }

    // MARK: View model

    private func refresh() {
        guard let trip = interactor.trip else {
            close()
            return
        }
        let unit = interactor.unit
        let filterName = AlongFilter.all[filter].name
        let within = AlongWidthText.text(steps[width], unit: unit)
        let orderName = order == .route ? "in route order" : order == .detour ? "shortest detour first" : "best known first"
        let count =
            searching
            ? "looking…"
            : (total > shown.count
                ? "the first \(Formatting.grouped(shown.count)) of \(Formatting.grouped(total)) places"
                : "\(shown.count) place\(shown.count == 1 ? "" : "s")")
                + (measuring ? " · measuring detours…" : "")
        var map = MapModel(trip: trip, legs: legs, unit: unit)
        map.marker = selected.map { MapModel.Stop(name: $0.name, coordinate: $0.coordinate) }
        view?.show(
            AlongRouteViewModel(
                title: "Along the route · " + TerminalText.sanitize(trip.name),
                filter: "\(filterName) within \(within) · \(orderName) · \(count)",
                header: AlongTable.headerRow(unit: unit), rows: shown.map { AlongTable.row($0, unit: unit) },
                selection: selection,
                emptyText: searching
                    ? "Looking along the route…"
                    : "Nothing of this kind is known within \(within) of the route: + widens the search, f changes the kind.",
                map: map, message: message))
    }
}
