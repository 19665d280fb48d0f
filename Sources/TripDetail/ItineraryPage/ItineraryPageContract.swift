import RoadtripCore
import TermUI

// The itinerary page of the trip screen (`i`): the trip day by day, and `a` to add a suggested night.

/// Plans the itinerary and adds the night it suggests.
@MainActor
protocol ItineraryPageInteractorProtocol: AnyObject {
    /// The day-by-day plan of `trip` over `legs` (empty: estimated), as lines of text; a long trip
    /// is planned in the background and says so until it is ready.
    func lines(of trip: Trip, legs: [Leg], unit: DistanceUnit) -> [String]
    /// Adds the first night the last plan of `trip` suggests as a stop (one night), as one undoable
    /// edit; what to say, or nil when the plan suggests none.
    func addSuggestedNight(to trip: Trip) -> StatusMessage?
}
