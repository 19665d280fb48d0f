import Foundation
import Gazetteer
import TermUI
import RoadtripCore
import Synchronization

/// Reads and writes one stop of one trip through the shared repository.
@MainActor
final class WaypointEditorInteractor: WaypointEditorInteractorProtocol {
    private let tripID: Trip.ID
    private let target: WaypointEditorTarget
    private let repository: TripRepository
    private let zones: @Sendable (Coordinate) -> TimeZone?
    private let places: (any PlaceSearching)?
    private let online: (any OnlinePlaceSearching)?
    private let deliver: UIDelivery
    /// How long typing pauses before a query goes to the network: one request per pause, not per key.
    private let onlinePause: Duration
    /// The number of the latest search, bumped on every one so that only its answer is shown; read
    /// by the search task too, off the main thread.
    private let latestSearch = LatestSearch()
    weak var output: WaypointEditorInteractorOutput?

    init(
        tripID: Trip.ID, target: WaypointEditorTarget, repository: TripRepository,
        zones: @escaping @Sendable (Coordinate) -> TimeZone? = { _ in nil },
        places: (any PlaceSearching)? = nil, online: (any OnlinePlaceSearching)? = nil,
        deliver: UIDelivery = UIDelivery(post: { _ in }), onlinePause: Duration = .milliseconds(400)
    ) {
        self.online = online
        self.onlinePause = onlinePause
        self.tripID = tripID
        self.target = target
        self.repository = repository
        self.zones = zones
        self.places = places
        self.deliver = deliver
    }

    func searchPlaces(_ query: String) {
        latestSearch.value += 1
        guard let places, !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            output?.placesDidArrive([], for: query)
            return
        }
        let ticket = latestSearch.value
        let context = searchContext()
        let deliver = self.deliver
        let online = self.online
        let latest = latestSearch
        let pause = onlinePause
        deliver.begin()
        Task.detached {
            // Typing queues a search per key; one that waited while later keys came is not worth running.
            guard latest.value == ticket else {
                deliver.finish {}
                return
            }
            let offline = places.search(query, limit: Self.suggestionLimit, near: context)
            guard let online, OnlineFallback.wantsOnline(offline, query: query) else {
                self.show(offline, for: query, ticket: ticket)
                return
            }
            // With nothing offline, "no place matches" waits for the online answer.
            if !offline.isEmpty {
                deliver.begin()
                self.show(offline, for: query, ticket: ticket)
            }
            try? await Task.sleep(for: pause)
            // Read off the main thread: the planner's run loop serves posted work, not the main actor's queue.
            guard latest.value == ticket else {
                deliver.finish {}
                return
            }
            switch await online.search(query, limit: Self.suggestionLimit) {
            case let .success(found):
                self.show(
                    OnlineFallback.merged(online: found, offline: offline, limit: Self.suggestionLimit), for: query,
                    ticket: ticket)
            case let .failure(failure):
                deliver.finish { [weak self] in
                    guard let self, ticket == self.latestSearch.value else { return }
                    if offline.isEmpty { self.output?.placesDidArrive([], for: query) }
                    self.output?.onlineSearchDidFail(failure.description, for: query)
                }
            }
        }
    }

    /// Where the stop goes: between the stops either side of it, so a name means the place near them.
    private func searchContext() -> PlaceContext? {
        guard let stops = repository.trip(id: tripID)?.waypoints else { return nil }
        let coordinates = stops.map(\.coordinate)
        switch target {
        case let .insert(at): return PlaceContext(stops: coordinates, insertingAt: at)
        case let .edit(id):
            guard let index = stops.firstIndex(where: { $0.id == id }) else { return nil }
            return PlaceContext(stops: coordinates, replacing: index)
        }
    }

    nonisolated static let suggestionLimit = 8

    /// Hands `found` to the presenter, unless a later search replaced this one first; ends one `begin()`.
    private nonisolated func show(_ found: [Place], for query: String, ticket: Int) {
        let rows = found.map { Self.suggestion($0, typed: query) }
        deliver.finish { [weak self] in
            guard let self, ticket == self.latestSearch.value else { return }
            self.output?.placesDidArrive(rows, for: query)
        }
    }

    /// A row that explains itself: name, region, country, kind and size, and what was typed when
    /// the place's own name does not show it ("Köln, … ← alias “Cologne”", "Phoenix, … ← spelled “Pheonix”").
    nonisolated static func suggestion(_ place: Place, typed: String) -> PlaceSuggestion {
        let kind = place.kind.isEmpty ? "" : " · " + place.kind
        let size = place.size.isEmpty ? "" : " · " + place.size
        let source = place.source.isEmpty ? "" : " · " + place.source
        let shown = place.matched.reason(typed: typed).map { " ← " + $0 } ?? ""
        let near = place.nearness.map { " · " + $0.reason(unit: .kilometers) } ?? ""
        return PlaceSuggestion(
            label: place.label + kind + size + source + near + shown, name: place.name, region: place.region,
            country: place.country, coordinate: place.coordinate,
            timeZone: place.timeZone.isEmpty ? nil : place.timeZone, stopName: place.stopName(typed: typed),
            isNamedByOtherName: place.typedExactly && !place.matched.isTypo)
    }

    func timeZone(at coordinate: Coordinate?, identifier: String?) -> TimeZone {
        if let identifier, let zone = TimeZone(identifier: identifier) { return zone }
        return coordinate.flatMap(zones) ?? TimeZone(identifier: "UTC")!
    }

    var tripName: String { TextLimits.shown(repository.trip(id: tripID)?.name ?? "") }

    func existingWaypoint() -> Waypoint? {
        guard case let .edit(id) = target else { return nil }
        return repository.trip(id: tripID)?.waypoints.first { $0.id == id }
    }

    func save(_ draft: WaypointDraft) -> String? {
        let name = draft.name
        let label: String = if case .insert = target { "adding stop “\(name)”" } else { "editing stop “\(name)”" }
        return repository.update(tripID: tripID, label) { trip in
            switch target {
            case let .insert(at):
                var stop = Waypoint(name: name, coordinate: draft.coordinate)
                Self.apply(draft, to: &stop)
                trip.waypoints.insert(stop, at: min(max(0, at), trip.waypoints.count))
            case let .edit(id):
                guard let i = trip.waypoints.firstIndex(where: { $0.id == id }) else { return }
                Self.apply(draft, to: &trip.waypoints[i])
            }
        }
    }

    private static func apply(_ draft: WaypointDraft, to stop: inout Waypoint) {
        stop.name = draft.name
        stop.coordinate = draft.coordinate
        stop.stay = draft.stay
        stop.nights = draft.nights
        stop.fixedArrival = draft.fixedArrival
        stop.note = draft.note
        switch draft.place {
        case .kept: break
        case let .chosen(region, country, timeZone):
            stop.region = region.isEmpty ? nil : region
            stop.country = country.isEmpty ? nil : country
            stop.timeZone = timeZone
        case .typed:
            stop.region = nil
            stop.country = nil
            stop.timeZone = nil
        }
    }
}

/// The number of the latest search, written on the main thread and read by search tasks.
private final class LatestSearch: Sendable {
    private let stored = Mutex(0)
    var value: Int {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
