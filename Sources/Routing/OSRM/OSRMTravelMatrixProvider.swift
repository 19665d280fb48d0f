import Foundation
import HTTP
import RoadtripCore
import Synchronization

/// Drive times and distances between every pair of stops from OSRM's `/table` service, for the best order.
///
/// One request for the whole trip, kept: the same stops asked again (`o` pressed twice, the order
/// applied and asked for again) cost no request. A server that refuses the size (osrm-routed's
/// default `--max-table-size` is 100 stops; the one roadtrip starts takes 5,000) answers with an
/// error, and the best order falls back to the estimate, saying why. Unreachable pairs come back
/// as `.infinity`.
public struct OSRMTravelMatrixProvider: TravelTimeMatrixProviding {
    public let configuration: OSRMConfiguration
    private let cache = TableCache()
    /// Sent as `exclude=`; a combination the server refuses falls back as `OSRMRouteProvider`'s does.
    var avoid: RoadAvoidance = []

    public init(configuration: OSRMConfiguration) {
        self.configuration = configuration
    }

    public var label: String { "road times from \(configuration.label)" }

    /// Requests sent so far (a table answered from memory sends none).
    public var requestCount: Int { cache.requests }

    /// The same server and kept tables, staying off `avoid` where the server can.
    public func avoiding(_ avoid: RoadAvoidance) -> any TravelTimeMatrixProviding {
        var copy = self
        copy.avoid = avoid
        return copy
    }

    public func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
        let path = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let key = configuration.serverIdentity + "/" + path + "?avoid=" + avoid.listText
        if let kept = cache.table(for: key) { return kept }
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // Two n × n tables of numbers: a 2,000-stop trip's answer is some 80 MB of JSON.
        let bodyLimit = max(configuration.maxResponseBytes, stops.count * stops.count * 48)
        let client = HTTPClient(timeout: configuration.timeout, maxBodyBytes: bodyLimit)
        let candidates = avoid.fallbacks
        for (index, applied) in candidates.enumerated() {
            let exclude = applied.isEmpty ? "" : "&exclude=\(applied.osrmExclude)"
            guard
                let url = URL(
                    string: "\(base)/table/v1/\(configuration.profile)/\(path)?annotations=duration,distance\(exclude)")
            else {
                throw OSRMTableError("could not build a /table request for \(configuration.label)")
            }
            cache.countRequest()
            switch await client.get(url) {
            case let .failure(failure):
                throw OSRMTableError("\(configuration.label) did not answer the travel-time table: \(failure)")
            case let .success(response):
                // A combination the profile cannot exclude: the next smaller one, as for routes.
                if index < candidates.count - 1, Self.refusesExclude(response) { continue }
                let table = try Self.parse(response, count: stops.count, label: configuration.label)
                cache.keep(table, for: key)
                return table
            }
        }
        throw OSRMTableError("\(configuration.label) refused every travel-time table")
    }

    static func refusesExclude(_ response: HTTPResponse) -> Bool {
        guard response.status == 400,
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else { return false }
        return RouterFailure.status(400, code: object["code"] as? String, message: object["message"] as? String).refusesExclude
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

/// The last few tables answered, by server and stops: a table is n² numbers, so only a few are kept.
final class TableCache: Sendable {
    private struct State {
        var tables: [(key: String, table: TravelMatrix)] = []
        var requests = 0
    }
    private static let kept = 2
    private let state = Mutex(State())

    func table(for key: String) -> TravelMatrix? {
        state.withLock { state in state.tables.first { $0.key == key }?.table }
    }

    func keep(_ table: TravelMatrix, for key: String) {
        state.withLock { state in
            state.tables.removeAll { $0.key == key }
            state.tables.insert((key, table), at: 0)
            if state.tables.count > Self.kept { state.tables.removeLast() }
        }
    }

    func countRequest() { state.withLock { $0.requests += 1 } }
    var requests: Int { state.withLock { $0.requests } }
}

/// Why no travel-time table came back, in one line.
struct OSRMTableError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
