import RoadtripCore
import TermUI

/// `p` on the trip screen: opens "Send to a phone" for the trip as it is, from the selected stop.
@MainActor
final class PhoneLinksFeature: TripFeature {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let router: PhoneLinksRouting
    var mode: TripDetailViewModel.Mode? { nil }

    init(screen: TripScreenContext, router: PhoneLinksRouting) {
        self.screen = screen
        self.router = router
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        guard case .phone = action else { return false }
        guard let trip = screen.trip, !trip.waypoints.isEmpty else {
            screen.show(StatusMessage("Add a stop first: there is nothing to send to a phone."))
            return true
        }
        router.openPhoneLinks(trip: trip, selected: screen.selectedRow, legs: screen.knownLegs)
        return true
    }

    func leave() {}
}
