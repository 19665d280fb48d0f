import Foundation
import RoadtripCore

extension Itinerary {
    /// The places day `number` drives through, for links to a phone: the stop it sets off from,
    /// the stops it reaches, and where its night is when that falls between stops (a suggested
    /// night), with the index of the stop it sets off from. Nil for a day the plan does not have.
    public func linkStops(day number: Int, trip: Trip) -> (first: Int, stops: [(name: String, coordinate: Coordinate)])? {
        guard let day = days.first(where: { $0.number == number }), day.firstStop >= 0, day.lastStop < trip.waypoints.count,
            day.firstStop <= day.lastStop
        else { return nil }
        var out = trip.waypoints[day.firstStop...day.lastStop].map { (name: $0.name, coordinate: $0.coordinate) }
        if let index = day.suggestedNight, suggestedNights.indices.contains(index) {
            let night = suggestedNights[index]
            out.append(
                (name: "Night near \(night.name)", coordinate: Coordinate(latitude: night.latitude, longitude: night.longitude)))
        } else if day.end == .onTheRoad, day.lastStop + 1 < trip.waypoints.count {
            // Driving on past midnight: the day's link goes to where that drive ends.
            let next = trip.waypoints[day.lastStop + 1]
            out.append((name: next.name, coordinate: next.coordinate))
        }
        return (day.firstStop, out)
    }

    /// The day (1-based) whose drive leaves from or arrives at stop `index` first.
    public func day(ofStop index: Int) -> Int? {
        days.first { $0.firstStop <= index && index <= $0.lastStop }?.number
    }
}
