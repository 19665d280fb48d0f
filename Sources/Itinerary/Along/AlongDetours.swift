import Foundation
import RoadtripCore

/// The detour to each place along the route: from the route's nearest point to the place and back.
///
/// Estimated at once from straight lines (as the offline estimate drives them); measured on roads
/// with one travel-matrix request per `chunk` places, so a road router is asked once for a list.
public enum AlongDetours {
    /// Places per matrix request: each adds its place and its route point, and OSRM's own server
    /// answers tables of up to 100 points unless told otherwise.
    public static let chunk = 50

    /// `places` with the offline estimate's detours.
    public static func estimated(
        _ places: [AlongPlace], estimate: EstimatedTravelMatrixProvider = EstimatedTravelMatrixProvider()
    ) -> [AlongPlace] {
        places.map { place in
            var place = place
            let matrix = estimate.instantMatrix(for: [place.position.nearestPoint, place.coordinate])
            place.detour = detour(matrix, from: 0, to: 1, isEstimate: true)
            return place
        }
    }

    /// `places` with detours from `matrix`: a road router's, one request per `chunk` places. A
    /// request that fails leaves its places' detours as they were and says why.
    public static func measured(
        _ places: [AlongPlace], matrix: any TravelTimeMatrixProviding
    ) async -> (places: [AlongPlace], failure: String?) {
        let isEstimate = matrix is EstimatedTravelMatrixProvider
        var out = places
        var failure: String?
        for start in stride(from: 0, to: places.count, by: chunk) {
            let part = Array(places[start..<min(places.count, start + chunk)])
            let points = part.map(\.position.nearestPoint) + part.map(\.coordinate)
            do {
                let table = try await matrix.matrix(for: points)
                guard table.count == points.count else {
                    throw CoordinateError("the matrix has \(table.count) rows, not \(points.count)")
                }
                for i in part.indices {
                    out[start + i].detour = detour(table, from: i, to: part.count + i, isEstimate: isEstimate)
                }
            } catch {
                failure = failure ?? "\(matrix.label): \(error)"
            }
            if Task.isCancelled { break }
        }
        return (out, failure)
    }

    /// There and back between `from` and `to`, without the weights a matrix puts on sea crossings;
    /// nil where the matrix has no finite figure (no road reaches the place).
    static func detour(_ matrix: TravelMatrix, from: Int, to: Int, isEstimate: Bool) -> Detour? {
        let meters = matrix.distances[from][to] + matrix.distances[to][from]
        var seconds = matrix.durations[from][to] + matrix.durations[to][from]
        if matrix.penalties.count == matrix.count { seconds -= matrix.penalties[from][to] + matrix.penalties[to][from] }
        guard meters.isFinite, meters >= 0 else { return nil }
        return Detour(meters: meters, seconds: seconds.isFinite && seconds >= 0 ? seconds : nil, isEstimate: isEstimate)
    }
}
