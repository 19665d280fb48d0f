import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// `o`: looks for the best order, shows what it saves, applies it on Enter; Esc while it looks
/// applies the best found so far.
@MainActor
final class BestOrderFeature: TripFeature, BestOrderInteractorOutput {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let interactor: BestOrderInteractorProtocol
    private(set) var mode: TripDetailViewModel.Mode?
    private var proposal: OrderProposal?

    init(screen: TripScreenContext, interactor: BestOrderInteractorProtocol) {
        self.screen = screen
        self.interactor = interactor
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        switch action {
        case .optimize: start()
        case .stopSearch: stop()
        case let .applyProposal(apply): answer(apply)
        default: return false
        }
        return true
    }

    func leave() { interactor.cancelProposal() }

    private func start() {
        guard let trip = screen.trip, trip.waypoints.count >= 4 else {
            screen.show(StatusMessage("Best order needs at least 4 stops: the first and last stay where they are."))
            return
        }
        mode = .searching
        screen.show(StatusMessage("Looking for the best order… (Esc stops and keeps the best found so far)"))
        interactor.proposeOrder(for: trip)
    }

    private func stop() {
        guard mode == .searching else { return }
        // The search hands over its best order so far within microseconds; it is applied then.
        mode = .stopping
        interactor.stopProposal()
        screen.show(StatusMessage("Stopping: keeping the best order found so far…"))
    }

    func orderSearchDidProgress(_ progress: OrderSearchProgress) {
        guard mode == .searching else { return }
        screen.show(
            StatusMessage(
                "Best order: \(Int((progress.fraction * 100).rounded(.down)))% searched, "
                    + String(format: "%.1f%%", progress.saving * 100) + " less driving so far · Esc keeps it"))
    }

    func orderProposalDidArrive(_ result: Result<OrderProposal, OrderProposalError>) {
        switch mode {
        case .searching: screen.show(propose(result))
        case .stopping: screen.show(applyStopped(result))
        default: return  // an answer nobody waits for any more (the screen was left)
        }
    }

    private func propose(_ result: Result<OrderProposal, OrderProposalError>) -> StatusMessage? {
        mode = nil
        switch result {
        case let .failure(error):
            return StatusMessage(error.description, isError: true)
        case let .success(found):
            guard found.changesOrder, let trip = screen.trip, let stops = found.reordered(trip.waypoints) else {
                return StatusMessage(found.summary(unit: screen.unit))
            }
            proposal = found
            mode = .proposing(summary: found.summary(unit: screen.unit), order: stops.map(\.name).joined(separator: " → "))
            return nil
        }
    }

    /// Esc during the search: the best order found so far is applied at once, as one undoable edit.
    private func applyStopped(_ result: Result<OrderProposal, OrderProposalError>) -> StatusMessage {
        mode = nil
        guard case let .success(found) = result, found.changesOrder else {
            return StatusMessage("Stopped looking for the best order; the order is as it was.")
        }
        if let error = interactor.applyOrder(found) { return StatusMessage(error, isError: true) }
        return StatusMessage("Stopped: " + found.summary(unit: screen.unit) + " Applied (u undoes it).")
    }

    private func answer(_ apply: Bool) {
        defer { proposal = nil }
        mode = nil
        guard apply, let proposal else {
            screen.show(StatusMessage("Kept the current order."))
            return
        }
        let error = interactor.applyOrder(proposal)
        screen.show(StatusMessage.after(error, done: "Applied the best order (u undoes it)."))
    }
}
