import Exchange
import Foundation
import Itinerary
@testable import RoadtripCore
import ScreenKit
import TermUI
@testable import TripDetail

/// The trip screen as a feature sees it: what it was told to select and show is recorded.
@MainActor
final class TripScreenDouble: TripScreenContext {
    var trip: Trip?
    var selectedRow: Int?
    var unit: DistanceUnit = .kilometers
    var legsSource = "offline estimate"
    var knownLegs: [Leg] = []
    var selections: [Waypoint.ID?] = []
    var shown: [StatusMessage?] = []

    init(_ trip: Trip?, selectedRow: Int? = nil) {
        self.trip = trip
        self.selectedRow = selectedRow
    }

    func select(_ id: Waypoint.ID?) { selections.append(id) }
    func show(_ message: StatusMessage?) { shown.append(message) }

    /// The last line shown, or nil when the status line was cleared or nothing was shown.
    var said: String? { shown.last.flatMap { $0?.text } }
}

/// Stop edits recorded, failing with `failure` when it is set.
@MainActor
final class StopsInteractorDouble: StopsInteractorProtocol {
    var failure: String?
    var calls: [String] = []
    func renameTrip(to name: String) -> String? {
        calls.append("rename \(name)")
        return failure
    }
    func deleteWaypoint(_ id: Waypoint.ID) -> String? {
        calls.append("delete")
        return failure
    }
    func moveWaypoint(from: Int, to: Int) -> String? {
        calls.append("move \(from) \(to)")
        return failure
    }
    func undo() -> UndoOutcome { UndoOutcome(message: "Undid something.", isError: false) }
    func redo() -> UndoOutcome { UndoOutcome(message: "Nothing to redo.", isError: false) }
}

/// A best-order search that answers only when told to.
@MainActor
final class BestOrderInteractorDouble: BestOrderInteractorProtocol {
    weak var output: BestOrderInteractorOutput?
    var failure: String?
    var calls: [String] = []
    func proposeOrder(for trip: Trip) { calls.append("propose") }
    func stopProposal() { calls.append("stop") }
    func cancelProposal() { calls.append("cancel") }
    func applyOrder(_ proposal: OrderProposal) -> String? {
        calls.append("apply")
        return failure
    }
}

/// Routing choices recorded; the avoidance fails with `failure` when it is set.
@MainActor
final class RouteChoicesInteractorDouble: RouteChoicesInteractorProtocol {
    weak var output: RouteChoicesInteractorOutput?
    var failure: String?
    var calls: [String] = []
    func cycleAvoid() -> (avoid: RoadAvoidance, error: String?) {
        calls.append("avoid")
        return (.tolls, failure)
    }
    func directionsLines() -> [String] { ["", "  1. Start on Rue de Rivoli"] }
    func cycleAlternative(arrivingAt row: Int) { calls.append("alternative \(row)") }
}

/// File work that finishes only when the test says how.
@MainActor
final class TripFilesInteractorDouble: TripFilesInteractorProtocol {
    var plan: FilePrompt.ExportPlan = .write(path: "/tmp/alps.gpx", format: .gpx)
    var importDone: (@MainActor @Sendable (Result<StatusMessage, FilePrompt.Problem>) -> Void)?
    var exportDone: (@MainActor @Sendable (StatusMessage) -> Void)?
    var controls: [TransferControl] = []
    var exported: [String] = []

    func suggestedExport(for trip: Trip) -> String { FilePrompt.suggestedExport(for: trip) }
    func planExport(to typed: String) -> FilePrompt.ExportPlan { plan }
    func exportTrip(
        _ trip: Trip, legs: [Leg], to path: String, format: ExchangeFormat,
        progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl {
        exported.append(path)
        exportDone = done
        return control()
    }
    func importStops(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (Result<StatusMessage, FilePrompt.Problem>) -> Void
    ) -> TransferControl {
        importDone = done
        return control()
    }
    private func control() -> TransferControl {
        let control = TransferControl()
        controls.append(control)
        return control
    }
}

/// The itinerary page's lines, and a night that is added or not.
@MainActor
final class ItineraryPageInteractorDouble: ItineraryPageInteractorProtocol {
    var night: StatusMessage?
    var planned: [(stops: Int, legs: Int)] = []
    func lines(of trip: Trip, legs: [Leg], unit: DistanceUnit) -> [String] {
        planned.append((trip.waypoints.count, legs.count))
        return ["Day 1"]
    }
    func addSuggestedNight(to trip: Trip) -> StatusMessage? { night }
}
