import Foundation
import RoadtripCore

/// Reads and edits the list of trips through the shared repository.
@MainActor
public final class TripListInteractor: TripListInteractorProtocol {
    private let repository: TripRepository
    private let routes: RouteProvider
    private let estimate: InstantRouteProvider
    private let settings: DisplaySettings
    private var startupMessage: String?

    /// - Parameters:
    ///   - routes: legs it already knows (cached road legs) are shown as they are;
    ///   - estimate: fills in the others, so the list never waits for a server.
    public init(repository: TripRepository, routes: RouteProvider, estimate: InstantRouteProvider,
                settings: DisplaySettings, startupMessage: String? = nil) {
        self.repository = repository
        self.routes = routes
        self.estimate = estimate
        self.settings = settings
        self.startupMessage = startupMessage
    }

    public var unit: DistanceUnit { settings.unit }

    public func summaries() -> [TripSummary] {
        repository.trips.map { trip in
            let stops = trip.coordinates
            let known = routes.knownLegs(for: stops)
            let legs = known.contains(where: { $0 == nil })
                ? zip(known, estimate.instantLegs(for: stops)).map { $0 ?? $1 }
                : known.compactMap { $0 }
            return TripSummary(
                id: trip.id, name: trip.name, stopCount: trip.waypoints.count,
                distanceMeters: legs.reduce(0) { $0 + $1.distanceMeters },
                distanceIsEstimate: legs.contains { $0.source == .estimate }
            )
        }
    }

    public func createTrip() -> (id: Trip.ID, error: String?) {
        let names = Set(repository.trips.map(\.name))
        var name = "New trip"
        var n = 2
        while names.contains(name) { name = "New trip \(n)"; n += 1 }
        let trip = Trip(name: name)
        let error = repository.perform("adding “\(name)”") { $0.append(trip) }
        return (trip.id, error)
    }

    public func renameTrip(_ id: Trip.ID, to name: String) -> String? {
        let old = repository.trip(id: id)?.name ?? ""
        return repository.update(tripID: id, "renaming “\(old)” to “\(name)”") { $0.name = name }
    }

    public func deleteTrip(_ id: Trip.ID) -> String? {
        let name = repository.trip(id: id)?.name ?? ""
        return repository.perform("deleting “\(name)”") { $0.removeAll { $0.id == id } }
    }

    public func undo() -> UndoOutcome { repository.undo() }
    public func redo() -> UndoOutcome { repository.redo() }

    public func takeStartupMessage() -> String? {
        defer { startupMessage = nil }
        return startupMessage
    }
}
