import Foundation
import HTTP
import RoadtripCore

/// Drive times and distances between every pair of stops from Valhalla's `/sources_to_targets`,
/// for the best order: what `OSRMTravelMatrixProvider` is to OSRM.
///
/// One request for the whole trip. Valhalla's defaults bound it: at most 2,500 pairs (50 stops) and
/// stops within 400 km of each other; beyond them it refuses, and the refusal is the message.
/// Unreachable pairs come back as `.infinity`.
struct ValhallaTravelMatrixProvider: TravelTimeMatrixProviding {
    let configuration: ValhallaConfiguration
    /// Valhalla's default `service_limits.auto.max_matrix_location_pairs` is 2,500.
    static let maxStops = 50

    /// What the best order says it was found on.
    var label: String { "road times from \(configuration.label)" }

    func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
        let label = configuration.label
        guard stops.count <= Self.maxStops else {
            throw OSRMTableError(
                "\(label) computes travel matrices of at most \(Self.maxStops) stops; this trip has \(stops.count)")
        }
        let points = stops.compactMap(GridPoint.init)
        guard points.count == stops.count, let url = configuration.matrixURL(for: points) else {
            throw OSRMTableError("could not build a travel-time request for \(label): a stop has no valid coordinates")
        }
        let client = HTTPClient(timeout: configuration.timeout, maxBodyBytes: configuration.maxResponseBytes)
        switch await client.get(url) {
        case let .failure(failure):
            throw OSRMTableError(RouterFailure.transport(failure).reason(server: label))
        case let .success(response):
            return try Self.parse(response, count: stops.count, label: label)
        }
    }

    struct Answer: Decodable {
        struct Matrices: Decodable {
            var durations: [[Double?]]
            var distances: [[Double?]]
        }

        var sourcesToTargets: Matrices?
        var units: String?
        var errorCode: Int?
        var error: String?

        enum CodingKeys: String, CodingKey {
            case sourcesToTargets = "sources_to_targets"
            case units
            case errorCode = "error_code"
            case error
        }
    }

    /// Reads the two n × n matrices; distances become metres. A refusal is Valhalla's own words
    /// (flattened to one line; the caller sanitises them for the terminal).
    static func parse(_ response: HTTPResponse, count: Int, label: String) throws -> TravelMatrix {
        guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
            throw OSRMTableError("\(label) answered the travel-time table with something unreadable (HTTP \(response.status))")
        }
        if let code = answer.errorCode {
            let words = (answer.error ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
            throw OSRMTableError("\(label) refused the travel-time table (\(code): \(words.prefix(160)))")
        }
        guard response.status == 200, let matrices = answer.sourcesToTargets else {
            throw OSRMTableError("\(label) answered the travel-time table with HTTP \(response.status)")
        }
        let metresPerUnit = answer.units == "miles" ? 1609.344 : 1000
        func square(_ rows: [[Double?]], _ name: String, scale: Double) throws -> [[Double]] {
            guard rows.count == count, rows.allSatisfy({ $0.count == count }) else {
                throw OSRMTableError("\(label) answered a travel-time table without \(count)×\(count) \(name)")
            }
            return rows.map { row in row.map { value in value.map { $0 * scale } ?? .infinity } }
        }
        return TravelMatrix(
            durations: try square(matrices.durations, "durations", scale: 1),
            distances: try square(matrices.distances, "distances", scale: metresPerUnit))
    }
}
