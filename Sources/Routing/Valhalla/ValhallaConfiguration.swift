import Foundation
import RoadtripCore

/// Where a Valhalla server is and how far to trust it.
struct ValhallaConfiguration: Sendable, Hashable {
    /// Scheme, host, port and any path prefix before `/route` ("http://127.0.0.1:8002").
    var baseURL: URL
    /// Valhalla's costing model: "auto" drives a car, as OSRM's car profile does.
    var costing: String
    /// The whole request, connection to last byte, after which the estimate takes over.
    var timeout: Duration
    /// Stops per request: Valhalla's default `service_limits.auto.max_locations` is 20. Longer
    /// trips are split into requests that share their boundary stop.
    var maxLocationsPerRequest: Int
    /// A bigger answer is cut off and treated as a failure (see `OSRMConfiguration`).
    var maxResponseBytes: Int
    /// How far from a stop Valhalla may look for a road (its `search_cutoff`): a stop farther
    /// from every road is refused (error 171) rather than snapped across the map, and its legs
    /// are estimated. The same 5 km OSRM is held to.
    var searchCutoffMeters: Int

    init(
        baseURL: URL, costing: String = "auto", timeout: Duration = .seconds(5),
        maxLocationsPerRequest: Int = 20, maxResponseBytes: Int = 32 << 20, searchCutoffMeters: Int = 5_000
    ) {
        self.baseURL = baseURL
        self.costing = costing
        self.timeout = timeout
        self.maxLocationsPerRequest = max(2, maxLocationsPerRequest)
        self.maxResponseBytes = max(1024, maxResponseBytes)
        self.searchCutoffMeters = searchCutoffMeters
    }

    /// Parses what a person typed after `--router valhalla`; nil unless it is an http(s) URL with
    /// a host (the one rule `OSRMConfiguration` applies to every server URL).
    init?(urlString: String, timeout: Duration = .seconds(5)) {
        guard let url = OSRMConfiguration(urlString: urlString)?.baseURL else { return nil }
        self.init(baseURL: url, timeout: timeout)
    }

    /// "Valhalla 127.0.0.1:8002": what the status line calls this source.
    var label: String {
        guard let host = baseURL.host else { return "Valhalla" }
        return "Valhalla " + (baseURL.port.map { "\(host):\($0)" } ?? host)
    }

    /// The cache key of the server, named for the engine so that OSRM's and Valhalla's answers for
    /// the same URL never mix.
    var serverIdentity: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return "valhalla|\(text)|\(costing)"
    }

    /// One `/route` request for consecutive stops, as a GET with the request in `json=`: every
    /// stop a "break" (a leg ends there), distances in kilometres, turn-by-turn manoeuvres only
    /// when asked for.
    func routeURL(for points: [GridPoint], avoid: RoadAvoidance = [], maneuvers: Bool = false, alternates: Int = 0) -> URL? {
        let locations = points.map { location($0, type: "break") }.joined(separator: ",")
        return url(
            "route",
            json: "{\"locations\":[\(locations)],\"costing\":\"\(costingText)\",\(costingOptions(avoid))"
                + (alternates > 0 ? "\"alternates\":\(alternates)," : "")
                + "\"units\":\"kilometers\",\"directions_type\":\"\(maneuvers ? "maneuvers" : "none")\"}")
    }

    /// Valhalla's hard exclusions for `avoid` (`exclude_highways`, `exclude_tolls`,
    /// `exclude_ferries`, since 3.4), followed by a comma; "" when nothing is avoided.
    func costingOptions(_ avoid: RoadAvoidance) -> String {
        let flags = [(RoadAvoidance.motorways, "highways"), (.tolls, "tolls"), (.ferries, "ferries")]
            .filter { avoid.contains($0.0) }.map { "\"exclude_\($0.1)\":true" }
        guard !flags.isEmpty else { return "" }
        return "\"costing_options\":{\"\(costingText)\":{\(flags.joined(separator: ","))}},"
    }

    /// One `/sources_to_targets` request from every stop to every stop, answered as two plain
    /// matrices (`verbose: false`), distances in kilometres.
    func matrixURL(for points: [GridPoint]) -> URL? {
        let locations = points.map { location($0, type: nil) }.joined(separator: ",")
        return url(
            "sources_to_targets",
            json: "{\"sources\":[\(locations)],\"targets\":[\(locations)],\"costing\":\"\(costingText)\","
                + "\"units\":\"kilometers\",\"verbose\":false}")
    }

    private var costingText: String { costing.filter { $0.isLetter || $0.isNumber || $0 == "_" } }

    private func location(_ point: GridPoint, type: String?) -> String {
        "{\"lat\":\(point.latitudeText),\"lon\":\(point.longitudeText),"
            + (type.map { "\"type\":\"\($0)\"," } ?? "") + "\"search_cutoff\":\(searchCutoffMeters)}"
    }

    /// A GET of `action` with the request in `json=`.
    private func url(_ action: String, json: String) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // Only unreserved characters pass unescaped: a "+" or a space would be read differently.
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        guard let query = json.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: "\(base)/\(action)?json=\(query)")
    }
}

extension GridPoint {
    /// The latitude in degrees with six decimals, exactly as the cache key was rounded.
    var latitudeText: String { String(osrmText.split(separator: ",")[1]) }
    /// The longitude in degrees with six decimals.
    var longitudeText: String { String(osrmText.split(separator: ",")[0]) }
}
