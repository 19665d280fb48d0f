import Foundation
import HTTP
import RoadtripCore

/// Drive times and distances between every pair of stops from OSRM's `/table` service, for the best order.
///
/// One request for the whole trip (osrm-routed's default `--max-table-size` is 100 stops; a larger
/// trip is refused with that reason). Unreachable pairs come back as `.infinity`.
public struct OSRMTravelMatrixProvider: TravelTimeMatrixProviding {
    public let configuration: OSRMConfiguration
    /// Sent as `exclude=`; a combination the server refuses falls back as `OSRMRouteProvider`'s does.
    var avoid: RoadAvoidance = []

    public init(configuration: OSRMConfiguration) {
        self.configuration = configuration
    }

    public var label: String { configuration.label }

    public func avoiding(_ avoid: RoadAvoidance) -> any TravelTimeMatrixProviding {
        var copy = self
        copy.avoid = avoid
        return copy
    }

    public func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
        let limit = 100
        guard stops.count <= limit else {
            throw OSRMTableError("\(label) computes travel matrices of at most \(limit) stops; this trip has \(stops.count)")
        }
        let path = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let client = HTTPClient(timeout: configuration.timeout, maxBodyBytes: configuration.maxResponseBytes)
        let candidates = avoid.fallbacks
        for (index, applied) in candidates.enumerated() {
            let exclude = applied.isEmpty ? "" : "&exclude=\(applied.osrmExclude)"
            guard
                let url = URL(
                    string: "\(base)/table/v1/\(configuration.profile)/\(path)?annotations=duration,distance\(exclude)")
            else {
                throw OSRMTableError("could not build a /table request for \(label)")
            }
            switch await client.get(url) {
            case let .failure(failure):
                throw OSRMTableError("\(label) did not answer the travel-time table: \(failure)")
            case let .success(response):
                // A combination the profile cannot exclude: the next smaller one, as for routes.
                if index < candidates.count - 1, Self.refusesExclude(response) { continue }
                return try Self.parse(response, count: stops.count, label: label)
            }
        }
        throw OSRMTableError("\(label) refused every travel-time table")
    }

    static func refusesExclude(_ response: HTTPResponse) -> Bool {
        guard response.status == 400,
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else { return false }
        return OSRMFailure.status(400, code: object["code"] as? String, message: object["message"] as? String).refusesExclude
    }

    static func parse(_ response: HTTPResponse, count: Int, label: String) throws -> TravelMatrix {
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw OSRMTableError(
                "\(label) answered the travel-time table with something that is not JSON (HTTP \(response.status))")
        }
        guard response.status == 200, object["code"] as? String == "Ok" else {
            let message = (object["message"] as? String) ?? (object["code"] as? String) ?? "HTTP \(response.status)"
            throw OSRMTableError("\(label) refused the travel-time table: \(message)")
        }
        func rows(_ key: String) throws -> [[Double]] {
            guard let raw = object[key] as? [Any], raw.count == count else {
                throw OSRMTableError("\(label) answered a travel-time table without \(count)×\(count) \(key)")
            }
            return try raw.map { row in
                guard let cells = row as? [Any], cells.count == count else {
                    throw OSRMTableError("\(label) answered a travel-time table without \(count)×\(count) \(key)")
                }
                return cells.map { ($0 as? NSNumber)?.doubleValue ?? .infinity }
            }
        }
        return TravelMatrix(durations: try rows("durations"), distances: try rows("distances"))
    }
}

/// Why no travel-time table came back, in one line.
struct OSRMTableError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
