import Itinerary
import RoadtripCore

/// The trip's stops for the links: all of them, the selected stop's day of the itinerary, or
/// the selected stop and those after it.
@MainActor
final class PhoneLinksInteractor: PhoneLinksInteractorProtocol {
    private let trip: Trip
    private let selected: Int?
    private let legs: [Leg]
    private let timeZones: TimeZoneLookup
    private let nightPlaces: NightPlaceLookup

    init(trip: Trip, selected: Int?, legs: [Leg], timeZones: TimeZoneLookup, nightPlaces: NightPlaceLookup) {
        self.trip = trip
        self.selected = selected
        self.legs = legs
        self.timeZones = timeZones
        self.nightPlaces = nightPlaces
    }

    var tripName: String { trip.name }
    var avoid: RoadAvoidance { trip.avoid }

    func stops(_ scope: PhoneLinkScope) -> Result<(stops: [LinkStop], label: String), PhoneLinksError> {
        let all = LinkStop.stops(of: trip.waypoints)
        guard !all.isEmpty else { return .failure(PhoneLinksError(message: "The trip has no stops to link to.")) }
        let index = min(max(selected ?? 0, 0), all.count - 1)
        switch scope {
        case .trip:
            return .success((all, "Whole trip"))
        case .fromStop:
            return .success((Array(all[index...]), "From stop \(index + 1), \(PlainText.line(all[index].name))"))
        case .day:
            guard legs.count == all.count - 1 else {
                return .failure(PhoneLinksError(message: "The days are known once every leg is: try again in a moment."))
            }
            let plan = ItineraryPlanner.plan(trip: trip, legs: legs, timeZones: timeZones, nightPlaces: nightPlaces)
            guard let day = plan.day(ofStop: index), let found = plan.linkStops(day: day, trip: trip) else {
                return .failure(PhoneLinksError(message: "Stop \(index + 1) is on no day of the itinerary."))
            }
            return .success((found, "Day \(day) (stop \(index + 1)'s)"))
        }
    }
}
