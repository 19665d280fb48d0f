import RoadtripCore
import TermUI

/// The trip the screen shows and the router that finds its legs: what the screen's interactor and
/// its route choices both work from.
@MainActor
struct ShownTrip {
    let id: Trip.ID
    let repository: TripRepository
    let routes: RouteProvider
    let settings: DisplaySettings
    let deliver: UIDelivery

    func trip() -> Trip? { repository.trip(id: id) }

    /// The router as `trip` asks it: avoiding what the trip avoids.
    func router(for trip: Trip?) -> any RouteProvider { routes.avoiding(trip?.avoid ?? []) }
}
