import RoadtripCore
import TermUI

/// `v`, `D` and `A`: what the route avoids, its directions, and another route to the selected stop.
@MainActor
final class RouteChoicesFeature: TripFeature, RouteChoicesInteractorOutput {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let interactor: RouteChoicesInteractorProtocol
    private let router: TripPageRouting
    let mode: TripDetailViewModel.Mode? = nil

    init(screen: TripScreenContext, interactor: RouteChoicesInteractorProtocol, router: TripPageRouting) {
        self.screen = screen
        self.interactor = interactor
        self.router = router
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        switch action {
        case .avoid:
            let (avoid, error) = interactor.cycleAvoid()
            screen.show(
                error.map { StatusMessage($0, isError: true) }
                    ?? StatusMessage("Avoiding \(avoid.sentenceText) where the road router can (v: the next choice)."))
        case .directions:
            guard let trip = screen.trip else { return true }
            router.openPage(title: "Trips › \(TextLimits.shown(trip.name)) › directions", commands: []) { [weak self] in
                self?.interactor.directionsLines() ?? []
            }
        case .alternative:
            guard let row = screen.selectedRow else { return true }
            screen.show(StatusMessage("Asking \(screen.legsSource) for other routes…"))
            interactor.cycleAlternative(arrivingAt: row)
        default:
            return false
        }
        return true
    }

    func leave() {}

    func alternativeDidArrive(_ message: StatusMessage) { screen.show(message) }
}
