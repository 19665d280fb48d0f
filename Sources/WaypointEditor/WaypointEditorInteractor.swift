import Foundation
import RoadtripCore

/// Reads and writes one stop of one trip through the shared repository.
@MainActor
public final class WaypointEditorInteractor: WaypointEditorInteractorProtocol {
    private let tripID: Trip.ID
    private let target: WaypointEditorTarget
    private let repository: TripRepository

    public init(tripID: Trip.ID, target: WaypointEditorTarget, repository: TripRepository) {
        self.tripID = tripID
        self.target = target
        self.repository = repository
    }

    public var tripName: String { repository.trip(id: tripID)?.name ?? "" }

    public func existingWaypoint() -> Waypoint? {
        guard case let .edit(id) = target else { return nil }
        return repository.trip(id: tripID)?.waypoints.first { $0.id == id }
    }

    public func save(name: String, coordinate: Coordinate) -> String? {
        let label: String = if case .insert = target { "adding stop “\(name)”" } else { "editing stop “\(name)”" }
        return repository.update(tripID: tripID, label) { trip in
            switch target {
            case let .insert(at):
                let stop = Waypoint(name: name, coordinate: coordinate)
                trip.waypoints.insert(stop, at: min(max(0, at), trip.waypoints.count))
            case let .edit(id):
                guard let i = trip.waypoints.firstIndex(where: { $0.id == id }) else { return }
                trip.waypoints[i].name = name
                trip.waypoints[i].coordinate = coordinate
            }
        }
    }
}
