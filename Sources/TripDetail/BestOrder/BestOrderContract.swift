import Itinerary
import RoadtripCore

// The best-order feature of the trip screen (`o`): look for the order of the middle stops with the
// least driving, show it, apply it as one edit; Esc applies the best found so far.

/// Runs the best-order search off the key loop and applies what it found.
@MainActor
protocol BestOrderInteractorProtocol: AnyObject {
    var output: BestOrderInteractorOutput? { get set }
    /// Starts looking for the best order of `trip`'s middle stops; the answer arrives through `output`.
    func proposeOrder(for trip: Trip)
    /// Asks the search to answer now with its best order so far.
    func stopProposal()
    /// Stops the search; its answer is not wanted.
    func cancelProposal()
    /// Applies a proposal as one undoable edit; returns the reason it could not, if any.
    func applyOrder(_ proposal: OrderProposal) -> String?
}

@MainActor
protocol BestOrderInteractorOutput: AnyObject {
    func orderProposalDidArrive(_ result: Result<OrderProposal, OrderProposalError>)
    /// How far the search has got, a hundred times a search at most.
    func orderSearchDidProgress(_ progress: OrderSearchProgress)
}
