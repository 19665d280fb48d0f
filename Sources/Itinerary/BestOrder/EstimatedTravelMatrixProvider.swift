import Dispatch
import RoadtripCore
import Synchronization

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
    ///
    /// n²/2 geodesics are most of the time a large trip's best order takes (2,000 stops: 2 million),
    /// so the rows are shared among the cores, each stripe of rows worked out by one of them.
    public func instantMatrix(for stops: [Coordinate]) -> TravelMatrix {
        let n = stops.count
        // Rows in interleaved stripes: row i costs n − i geodesics, so stripes balance.
        let stripes = n >= 200 ? 8 : 1
        let rows = Mutex([[Double]](repeating: [], count: n))
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            var mine: [(Int, [Double])] = []
            for i in stride(from: stripe, to: n, by: stripes) {
                mine.append((i, ((i + 1)..<max(i + 1, n)).map { Geodesic.distance(stops[i], stops[$0]) }))
            }
            rows.withLock { rows in for (i, row) in mine { rows[i] = row } }
        }
        let straight = rows.withLock { $0 }
        let placed = Landmasses.shared.place(stops)
        var distances = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        var durations = distances
        var penalties: [[Double]] = []
        for i in 0..<n {
            for (offset, meters) in straight[i].enumerated() {
                let j = i + 1 + offset
                let road = estimate.roadMeters(straightMeters: meters)
                // A sea between two stops is no drive: crossing it costs more than any road, so the
                // best order crosses as few times as it can, and the figures shown leave it out.
                var seconds = estimate.seconds(straightMeters: meters)
                switch placed.crossing(i, j) {
                case .sea:
                    if penalties.isEmpty { penalties = [[Double]](repeating: [Double](repeating: 0, count: n), count: n) }
                    seconds = Self.seaCrossingSeconds
                    penalties[i][j] = Self.seaCrossingSeconds
                    penalties[j][i] = Self.seaCrossingSeconds
                    distances[i][j] = 0
                    distances[j][i] = 0
                    durations[i][j] = seconds
                    durations[j][i] = seconds
                    continue
                case .ferry: seconds += Self.ferrySeconds
                case .offshore, nil: break
                }
                distances[i][j] = road
                distances[j][i] = road
                durations[i][j] = seconds
                durations[j][i] = seconds
            }
        }
        return TravelMatrix(durations: durations, distances: distances, penalties: penalties)
    }

    /// What a sea crossing weighs in the best order: longer than driving round the world.
    static let seaCrossingSeconds = 30.0 * 86_400
    /// What waiting for and riding a car ferry adds to the drive.
    static let ferrySeconds = 3.0 * 3_600
}
