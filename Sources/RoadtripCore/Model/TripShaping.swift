import Foundation

extension Trip {
    /// The trip as its stops see it: shaping points (`Waypoint.via`) left out, and the legs through
    /// them joined into one leg per pair of real stops (distances and times added, lines joined,
    /// the weakest source kept). What the itinerary and the best order plan with: a via point
    /// shapes the road, it is not somewhere to arrive.
    ///
    /// `legs` may be empty (not known yet): it stays empty.
    public func withoutShapingPoints(legs: [Leg]) -> (trip: Trip, legs: [Leg]) {
        guard waypoints.contains(where: \.via) else { return (self, legs) }
        var trip = self
        trip.waypoints = waypoints.filter { !$0.via }
        guard legs.count == waypoints.count - 1 else { return (trip, []) }
        let joined = joinedAtRealStops(legs) { open, leg in
            var open = open
            open.to = leg.to
            open.distanceMeters += leg.distanceMeters
            open.durationSeconds = open.durationSeconds.flatMap { a in leg.durationSeconds.map { a + $0 } }
            open.geometry = open.geometry.flatMap { a in leg.geometry.map { a + $0.dropFirst() } }
            open.source = Self.weaker(open.source, leg.source)
            open.noRoadRoute = open.noRoadRoute ?? leg.noRoadRoute
            return open
        }
        return (trip, joined)
    }

    /// One entry per pair of real stops from `parts`, one per leg of all the waypoints: the parts
    /// between real stops are folded together with `join`, in order.
    func joinedAtRealStops<Part>(_ parts: [Part], join: (Part, Part) -> Part) -> [Part] {
        var joined: [Part] = []
        var current: Part?
        for (index, part) in parts.enumerated() {
            current = current.map { join($0, part) } ?? part
            // The leg ends at a real stop: the joined part is complete.
            if !waypoints[index + 1].via, let done = current {
                joined.append(done)
                current = nil
            }
        }
        return joined
    }

    /// The real stops: what "12 stops" counts on every screen and in `roadtrip list`.
    public var stopCount: Int { waypoints.count { !$0.via } }

    private static func weaker(_ a: LegSource, _ b: LegSource) -> LegSource {
        func rank(_ source: LegSource) -> Int {
            switch source {
            case .geodesic: 0
            case .estimate: 1
            case .osrm, .valhalla: 2
            }
        }
        return rank(a) <= rank(b) ? a : b
    }
}

extension Trip {
    /// Each waypoint's country for border warnings: a shaping point has none of its own and counts
    /// as in the next real stop's country, so a border crossed on a shaped leg is still flagged once.
    public var borderCountries: [String?] {
        var next: String?
        var out: [String?] = Array(repeating: nil, count: waypoints.count)
        for index in waypoints.indices.reversed() {
            if !waypoints[index].via { next = waypoints[index].country }
            out[index] = waypoints[index].via ? next : waypoints[index].country
        }
        return out
    }
}
