import RoadtripCore

/// The leg a person means when they ask for another route to a stop: from the real stop before it
/// to it, with the shaping points (via stops) already between them.
struct ShapedLeg: Equatable {
    var from: Waypoint
    var to: Waypoint
    var vias: [Waypoint]
    /// The row the person had selected.
    var selected: Int

    /// Nil when the selection is the first real stop (no leg reaches it). A selected via point
    /// means the leg it shapes.
    init?(stops: [Waypoint], selected: Int) {
        guard stops.indices.contains(selected) else { return nil }
        var end = selected
        while end < stops.count - 1, stops[end].via { end += 1 }
        var start = end - 1
        while start > 0, stops[start].via { start -= 1 }
        guard start >= 0, start < end, !stops[end].via, !stops[start].via else { return nil }
        from = stops[start]
        to = stops[end]
        vias = Array(stops[(start + 1)..<end])
        self.selected = selected
    }

    /// Which of `routes` the leg follows now: the one passing nearest its shaping point, the best
    /// (0) without one.
    func currentChoice(among routes: [RouteAlternative]) -> Int {
        guard let via = vias.first?.coordinate else { return 0 }
        func nearest(_ route: RouteAlternative) -> Double {
            route.geometry.map { Geodesic.distance($0, via) }.min() ?? .infinity
        }
        return routes.indices.min { nearest(routes[$0]) < nearest(routes[$1]) } ?? 0
    }
}
