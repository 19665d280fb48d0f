import Foundation
import RoadtripCore

extension Itinerary {
    /// Where day `number` drives, for links to a phone: from the stop it sets off from (or, after
    /// a night between stops, from that night's place), through the stops it reaches, to where its
    /// night is when that falls between stops. Nil for a day the plan does not have.
    public func linkStops(day number: Int, trip: Trip) -> [LinkStop]? {
        guard let day = days.first(where: { $0.number == number }), day.firstStop >= 0, day.lastStop < trip.waypoints.count,
            day.firstStop <= day.lastStop
        else { return nil }
        var out = LinkStop.stops(of: Array(trip.waypoints[...day.lastStop]), from: day.firstStop)
        if let before = days.first(where: { $0.number == number - 1 }), let night = suggestedNight(before) {
            // The car is where the last day stopped, not at the stop it left from.
            out[0] = night
        }
        if let night = suggestedNight(day) {
            out.append(night)
        } else if day.end == .onTheRoad, day.lastStop + 1 < trip.waypoints.count {
            // Driving on past midnight: the day's link goes to where that drive ends.
            out += LinkStop.stops(of: Array(trip.waypoints[...(day.lastStop + 1)]), from: day.lastStop + 1)
        }
        return out
    }

    private func suggestedNight(_ day: ItineraryDay) -> LinkStop? {
        guard let index = day.suggestedNight, suggestedNights.indices.contains(index) else { return nil }
        let night = suggestedNights[index]
        return LinkStop(
            name: "Night near \(night.name)", coordinate: Coordinate(latitude: night.latitude, longitude: night.longitude),
            number: nil)
    }

    /// The day (1-based) whose drive leaves from or arrives at stop `index` first.
    public func day(ofStop index: Int) -> Int? {
        days.first { $0.firstStop <= index && index <= $0.lastStop }?.number
    }
}
