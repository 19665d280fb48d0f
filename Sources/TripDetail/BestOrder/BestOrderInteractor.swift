import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// Looks for the best order of one trip's middle stops on a travel-time matrix, off the key loop.
@MainActor
final class BestOrderInteractor: BestOrderInteractorProtocol {
    weak var output: BestOrderInteractorOutput?
    private let tripID: Trip.ID
    private let repository: TripRepository
    private let matrix: any TravelTimeMatrixProviding
    private let deliver: UIDelivery
    /// The search under way and its control, so leaving or Esc can stop it.
    private var search: (task: Task<Void, Never>, control: OrderSearchControl)?

    init(tripID: Trip.ID, repository: TripRepository, matrix: any TravelTimeMatrixProviding, deliver: UIDelivery) {
        self.tripID = tripID
        self.repository = repository
        self.matrix = matrix
        self.deliver = deliver
    }

    func proposeOrder(for trip: Trip) {
        let matrix = self.matrix
        let deliver = self.deliver
        cancelProposal()
        let control = OrderSearchControl { progress in
            deliver.news { [weak self] in self?.output?.orderSearchDidProgress(progress) }
        }
        deliver.begin()
        let task = Task.detached {
            let result: Result<OrderProposal, OrderProposalError>
            do {
                result = .success(try await OrderProposal.make(for: trip, using: matrix, control: control))
            } catch let error as OrderProposalError {
                result = .failure(error)
            } catch {
                result = .failure(OrderProposalError(message: "No best order: \(error)"))
            }
            // Stopped (Esc) or not, the answer is delivered: the feature knows whether it still wants it.
            deliver.finish { [weak self] in self?.output?.orderProposalDidArrive(result) }
        }
        search = (task, control)
    }

    func stopProposal() {
        // The search answers within a few thousand moves with its best order so far; a road table
        // still being fetched is given up (its request cancelled), and the order stays as it was.
        search?.control.stop()
        search?.task.cancel()
    }

    func cancelProposal() {
        search?.control.stop()
        search?.task.cancel()
        search = nil
    }

    func applyOrder(_ proposal: OrderProposal) -> String? {
        guard let stops = repository.trip(id: tripID)?.waypoints, let reordered = proposal.reordered(stops) else {
            return "The stops changed since the proposal; press o again."
        }
        return repository.update(tripID: tripID, "applying the best order") { $0.waypoints = reordered }
    }
}
