import RoadtripCore

/// Edits one trip's stops and name through the shared repository, one undoable edit each.
@MainActor
final class StopsInteractor: StopsInteractorProtocol {
    private let tripID: Trip.ID
    private let repository: TripRepository

    init(tripID: Trip.ID, repository: TripRepository) {
        self.tripID = tripID
        self.repository = repository
    }

    private var trip: Trip? { repository.trip(id: tripID) }

    func renameTrip(to name: String) -> String? {
        repository.update(tripID: tripID, "renaming “\(trip?.name ?? "")” to “\(name)”") { $0.name = name }
    }

    func deleteWaypoint(_ id: Waypoint.ID) -> String? {
        let name = trip?.waypoints.first { $0.id == id }?.name ?? ""
        return repository.update(tripID: tripID, "deleting stop “\(name)”") { $0.waypoints.removeAll { $0.id == id } }
    }

    func moveWaypoint(from: Int, to: Int) -> String? {
        let stops = trip?.waypoints ?? []
        let name = stops.indices.contains(from) ? stops[from].name : ""
        return repository.update(tripID: tripID, "moving “\(name)”") { trip in
            guard trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to) else { return }
            trip.waypoints.insert(trip.waypoints.remove(at: from), at: to)
        }
    }

    func undo() -> UndoOutcome { repository.undo() }
    func redo() -> UndoOutcome { repository.redo() }
}
