import RoadtripCore
import WaypointEditor

// The stops feature of the trip screen: reordering, adding, editing and deleting stops, renaming
// the trip, undo and redo.

/// Edits of the trip's stops and name, each one undoable edit; each returns why it failed, if it did.
@MainActor
protocol StopsInteractorProtocol: AnyObject {
    func renameTrip(to name: String) -> String?
    func deleteWaypoint(_ id: Waypoint.ID) -> String?
    func moveWaypoint(from: Int, to: Int) -> String?
    func undo() -> UndoOutcome
    func redo() -> UndoOutcome
}

/// Where the stops feature goes: the waypoint editor, or back when the trip is gone.
@MainActor
protocol StopsRouting: AnyObject {
    func openWaypointEditor(_ target: WaypointEditorTarget)
    func close()
}
