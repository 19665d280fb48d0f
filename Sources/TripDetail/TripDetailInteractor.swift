import Foundation
import RoadtripCore
import TermUI

/// The trip the screen shows, its legs as the router gives them, the unit, and news of the saves.
@MainActor
final class TripDetailInteractor: TripDetailInteractorProtocol {
    weak var output: TripDetailInteractorOutput?
    private let shown: ShownTrip
    /// The request for the legs of the stops as they were last drawn.
    private var routeJob: Task<Void, Never>?
    /// Bumped on every request, so answers for an older list of stops are dropped.
    private var generation = 0

    init(_ shown: ShownTrip) {
        self.shown = shown
        shown.repository.observeSaveState(owner: self) { [weak self] news in self?.output?.didChangeSaveState(news) }
    }

    func trip() -> Trip? { shown.trip() }

    /// Why the last save failed, while it still has not succeeded.
    var saveError: String? { shown.repository.lastSaveError }

    var unit: DistanceUnit { shown.settings.unit }

    func toggleUnit() { shown.settings.unit = shown.settings.unit.toggled }

    var showsMap: Bool { shown.settings.mapShown }

    func toggleMap() { shown.settings.mapShown.toggle() }

    var rememberedStop: Waypoint.ID? { shown.settings.lastTrip == shown.id ? shown.settings.lastStop : nil }

    func remember(stop: Waypoint.ID?) {
        shown.settings.lastTrip = shown.id
        shown.settings.lastStop = stop
        shown.settings.tripIsOpen = true
    }

    func leave() { shown.settings.tripIsOpen = false }

    func refreshLegs() -> LegsState {
        let trip = trip()
        let routes = shown.router(for: trip)
        generation += 1
        // The answer for the old stops is no longer wanted: its request ends now instead of
        // holding a connection and a thread until the server answers.
        routeJob?.cancel()
        routeJob = nil
        let stops = trip?.coordinates ?? []
        guard stops.count >= 2 else { return LegsState(legs: [], source: routes.label) }
        // Legs already known (estimates, cached road legs) show at once; the rest say "Calculating…".
        let known = routes.knownLegs(for: stops)
        if !known.contains(where: { $0 == nil }) {
            let applied = routes.knownAvoidance
            return LegsState(
                legs: known, source: routes.label,
                avoidNote: (trip?.avoid ?? []).shortfall(applied: applied, router: routes.label).map {
                    TerminalText.sanitize($0)
                },
                avoided: applied)
        }
        let ticket = generation
        let deliver = shown.deliver
        deliver.begin()
        routeJob = Task.detached {
            let result = await routes.route(for: stops)
            deliver.finish { [weak self] in self?.receive(result, for: stops, ticket: ticket, label: routes.label) }
        }
        return LegsState(legs: known, source: routes.label)
    }

    /// Takes an answer unless the stops changed while it was on its way.
    private func receive(_ result: RouteResult, for stops: [Coordinate], ticket: Int, label: String) {
        guard ticket == generation, let trip = trip(), stops == trip.coordinates, result.legs.count == stops.count - 1
        else { return }
        output?.legsDidChange(
            LegsState(
                legs: result.legs, source: label,
                note: result.fallbackReason.map { TerminalText.sanitize($0) },
                avoidNote: trip.avoid.shortfall(applied: result.avoided, router: label).map { TerminalText.sanitize($0) },
                avoided: result.avoided))
    }
}
