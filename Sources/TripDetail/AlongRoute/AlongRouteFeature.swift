import RoadtripCore
import TermUI

/// `f` on the trip screen: opens "Along the route"; a place added there becomes the selected stop.
@MainActor
final class AlongRouteFeature: TripFeature {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let router: AlongRouteRouting
    var mode: TripDetailViewModel.Mode? { nil }

    init(screen: TripScreenContext, router: AlongRouteRouting) {
        self.screen = screen
        self.router = router
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        guard case .along = action else { return false }
        guard let trip = screen.trip, trip.waypoints.count >= 2 else {
            screen.show(StatusMessage("Along the route needs a route: add at least two stops."))
            return true
        }
        let opened = router.openAlong { [weak self] id, message in
            self?.screen.select(id)
            self?.screen.show(message)
        }
        if !opened {
            screen.show(
                StatusMessage("The place search is unavailable, so nothing can be looked for along the route.", isError: true))
        }
        return true
    }

    func leave() {}
}

/// Opens the "Along the route" screen.
@MainActor
protocol AlongRouteRouting: AnyObject {
    /// Opens it for the trip; `added` hears of a place added as a stop. False when there is no place search to look in.
    func openAlong(added: @escaping @MainActor (Waypoint.ID, StatusMessage) -> Void) -> Bool
}
