import RoadtripCore

/// The offline matrix: geodesic distance × circuity, driven at an average speed.
///
/// Symmetric by construction; good enough to order stops when no OSRM server is set.
public struct EstimatedTravelMatrixProvider: TravelTimeMatrixProviding {
    public var estimate: DriveTimeEstimate

    public init(estimate: DriveTimeEstimate = .standard) {
        self.estimate = estimate
    }

    public var label: String { "offline estimate" }

    public func matrix(for stops: [Coordinate]) async throws -> TravelMatrix { instantMatrix(for: stops) }

    /// The same matrix without the round trip through a task.
    public func instantMatrix(for stops: [Coordinate]) -> TravelMatrix {
        let n = stops.count
        var distances = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        var durations = distances
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) {
                let straight = Geodesic.distance(stops[i], stops[j])
                let road = estimate.roadMeters(straightMeters: straight)
                let seconds = estimate.seconds(straightMeters: straight)
                distances[i][j] = road
                distances[j][i] = road
                durations[i][j] = seconds
                durations[j][i] = seconds
            }
        }
        return TravelMatrix(durations: durations, distances: distances)
    }
}
