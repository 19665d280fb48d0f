import Foundation
import RoadtripCore
import TermUI

/// Reordering, adding, editing and deleting stops, renaming the trip, undo and redo.
@MainActor
final class StopsFeature: TripFeature {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let interactor: StopsInteractorProtocol
    private let router: StopsRouting
    private(set) var mode: TripDetailViewModel.Mode?
    /// The stop waiting for "Delete stop …?".
    private var pendingDelete: Waypoint.ID?

    init(screen: TripScreenContext, interactor: StopsInteractorProtocol, router: StopsRouting) {
        self.screen = screen
        self.interactor = interactor
        self.router = router
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        switch action {
        case .moveStopUp: move(by: -1)
        case .moveStopDown: move(by: 1)
        case let .dragStop(from, to): move(from: from, to: to)
        case .add: add()
        case .edit: edit()
        case .delete: askToDelete()
        case let .answer(yes):
            guard pendingDelete != nil else { return false }
            answerDelete(yes)
        case .rename: rename()
        case .commitName: commitName(typed)
        case .cancelName:
            mode = nil
            screen.show(nil)
        case .undo: show(interactor.undo())
        case .redo: show(interactor.redo())
        default: return false
        }
        return true
    }

    func leave() {}

    private func move(by step: Int) {
        guard let from = screen.selectedRow else { return }
        move(from: from, to: from + step)
    }

    /// One undo step, whatever the distance; the selection goes with the stop.
    private func move(from: Int, to: Int) {
        guard let trip = screen.trip, trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to), from != to
        else { return }
        screen.select(trip.waypoints[from].id)
        screen.show(interactor.moveWaypoint(from: from, to: to).map { StatusMessage($0, isError: true) })
    }

    private func add() {
        screen.show(nil)
        router.openWaypointEditor(.insert(at: screen.selectedRow.map { $0 + 1 } ?? 0))
    }

    private func edit() {
        guard let row = screen.selectedRow, let trip = screen.trip else { return }
        screen.show(nil)
        router.openWaypointEditor(.edit(trip.waypoints[row].id))
    }

    private func askToDelete() {
        guard let row = screen.selectedRow, let trip = screen.trip else { return }
        pendingDelete = trip.waypoints[row].id
        mode = .confirming(question: "Delete stop “\(trip.waypoints[row].name)”?")
        screen.show(nil)
    }

    private func answerDelete(_ yes: Bool) {
        mode = nil
        let id = pendingDelete
        pendingDelete = nil
        guard yes, let id, let stops = screen.trip?.waypoints, let row = stops.firstIndex(where: { $0.id == id }) else {
            screen.show(nil)
            return
        }
        let name = stops[row].name
        // The stop after it takes the selection, else the one before: repeated deletes walk down the list.
        screen.select(stops.indices.contains(row + 1) ? stops[row + 1].id : (row > 0 ? stops[row - 1].id : nil))
        let error = interactor.deleteWaypoint(id)
        screen.show(StatusMessage.after(error, done: "Deleted stop “\(name)”."))
    }

    private func rename() {
        mode = .renaming(text: screen.trip?.name ?? "")
        screen.show(nil)
    }

    private func commitName(_ name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            screen.show(StatusMessage("A trip needs a name: type one, or Esc to keep the old one.", isError: true))
            return
        }
        mode = nil
        let error = interactor.renameTrip(to: trimmed)
        screen.show(StatusMessage.after(error, done: "Renamed to “\(trimmed)”."))
    }

    private func show(_ outcome: UndoOutcome) {
        mode = nil
        screen.show(StatusMessage(outcome.message, isError: outcome.isError))
    }
}
