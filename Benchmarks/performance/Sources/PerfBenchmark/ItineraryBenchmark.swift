import Foundation
import Itinerary
import RoadtripCore
import Routing
import TripFile

/// The itinerary of a long trip (issue 28): the calendar planned and written as text, JSON and iCalendar.
///
/// The 1,000-stop generated trip has stays, nights and fixed arrivals (some late, so the choices are
/// worked out); legs are the offline estimate, as a first open has them. The planner screen plans
/// up to 500 stops on the key loop and longer trips in the background, so the target for 500 stops
/// is a frame's worth of budget and the one for 1,000 a wait nobody notices.
enum ItineraryBenchmark {
    static func run(_ url: URL, runs: Int, into table: inout Table) throws {
        guard let trip = try JSONTripStore(url: url).load()?.trips.first else { return }
        for count in [500, trip.waypoints.count] {
            var part = trip
            part.waypoints = Array(trip.waypoints.prefix(count))
            let legs = EstimateRouteProvider().instantLegs(for: part.coordinates)
            _ = ItineraryPlanner.plan(trip: part, legs: legs)
            var plan: Itinerary?
            let planned = Samples.measure(runs) { plan = ItineraryPlanner.plan(trip: part, legs: legs) }
            let target = count <= 500 ? 100.0 : 250.0
            table.add(
                "Itinerary", "plan the calendar", "\(Formatting.grouped(count)) stops", format(planned.median),
                target: "≤ \(Int(target)) ms", met: planned.median <= target)
            guard let plan else { continue }
            let written = Samples.measure(runs) {
                _ = ItineraryTextRenderer.lines(plan, unit: .kilometers)
                _ = ItineraryCalendarRenderer.text(plan, unit: .kilometers)
            }
            table.add("Itinerary", "write it as text and iCalendar", "\(Formatting.grouped(count)) stops", format(written.median))
            FileHandle.standardError.write(
                Data("    \(plan.totals.days) days, \(plan.suggestedNights.count) suggested nights\n".utf8))
        }
    }
}
