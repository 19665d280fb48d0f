/// Drive times and distances between every pair of stops.
///
/// `durations[i][j]` is seconds from stop i to stop j, `distances[i][j]` metres; roads make
/// both asymmetric, so neither is assumed symmetric. The diagonal is zero.
public struct TravelMatrix: Hashable, Sendable {
    public var durations: [[Double]]
    public var distances: [[Double]]
    /// The part of each duration that is not driving but a weight on the order (a sea crossing,
    /// so that the best order crosses as seldom as it can); empty when there is none. Figures
    /// people read leave it out.
    public var penalties: [[Double]]

    public init(durations: [[Double]], distances: [[Double]], penalties: [[Double]] = []) {
        self.durations = durations
        self.distances = distances
        self.penalties = penalties
    }

    public var count: Int { durations.count }
}

/// Where the best-order search gets its matrix: the offline estimate, or an OSRM `/table` call.
///
/// Interactors receive one in their initialiser, like a `RouteProvider`.
public protocol TravelTimeMatrixProviding: Sendable {
    /// Names the source for the proposal ("offline estimate", "OSRM 127.0.0.1:5000").
    var label: String { get }
    /// The n × n matrix for `stops`, in their order.
    func matrix(for stops: [Coordinate]) async throws -> TravelMatrix
    /// The same source staying off `avoid` where it can (a trip's avoidance); one that cannot
    /// avoid anything returns itself.
    func avoiding(_ avoid: RoadAvoidance) -> any TravelTimeMatrixProviding
}

extension TravelTimeMatrixProviding {
    public func avoiding(_ avoid: RoadAvoidance) -> any TravelTimeMatrixProviding { self }
}
