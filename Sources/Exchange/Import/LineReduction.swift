import RoadtripCore

/// Turns a long line of points (a GPS track, a route line) into a handful of stops.
enum LineReduction {
    /// The stops for `points` and a sentence saying how they were chosen.
    ///
    /// In order of preference: every point when there are few; the points someone named
    /// (a track's named places), when there are at most `maxStops`; otherwise the start,
    /// the end and the points that keep the line's shape best (`TrackSimplifier`).
    static func stops(from points: [ImportedStop], label: String, maxStops: Int) -> ([ImportedStop], String) {
        let total = counted(points.count, "point")
        if points.count <= maxStops {
            return (points, "\(label) of \(total) became \(counted(points.count, "stop")).")
        }
        let named = points.filter { $0.name.flatMap(ImportedText.name) != nil }
        if named.count >= 2 && named.count <= maxStops {
            return (named, "\(label) of \(total): its \(counted(named.count, "named point")) became the stops.")
        }
        let kept = DouglasPeucker.kept(points.map(\.coordinate), maxPoints: maxStops)
        var stops = kept.map { points[$0] }
        if stops[0].name.flatMap(ImportedText.name) == nil { stops[0].name = "Start" }
        if stops[stops.count - 1].name.flatMap(ImportedText.name) == nil { stops[stops.count - 1].name = "End" }
        let shape = stops.count - 2
        let detail =
            shape > 0 ? "start, end and \(counted(shape, "shape point"))" : "start and end: the rest lies on the line between"
        return (stops, "\(label) of \(total) reduced to \(counted(stops.count, "stop")) (\(detail)).")
    }
}
