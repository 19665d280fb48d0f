import Foundation
import RoadtripCore

/// Where an OSRM server is and how far to trust it.
public struct OSRMConfiguration: Sendable, Hashable {
    /// Scheme, host, port and any path prefix before `/route/v1/…` ("http://127.0.0.1:5000").
    public var baseURL: URL
    /// The routing profile in the URL; osrm-routed serves its one dataset whatever this says.
    var profile: String
    /// The whole request, connection to last byte, after which the estimate takes over.
    public var timeout: Duration
    /// Stops per request. osrm-routed refuses more than `--max-viaroute-size` (500 by default);
    /// longer trips are split into requests that share their boundary stop.
    public var maxCoordinatesPerRequest: Int
    /// A bigger answer is cut off and treated as a failure. A whole-continent trip of 100 stops
    /// answers a few MB of geometry, so this leaves a wide margin while bounding memory.
    var maxResponseBytes: Int
    /// A stop farther than this from every road the server knows is not on its map (a dataset of
    /// another region snaps it to its nearest road, however far): its legs are estimated instead.
    var maxSnapMeters: Double
    /// What the leg cache files answers under; nil means the server URL. A server started on a
    /// new port each launch sets it to its dataset, so the cache survives relaunches.
    var cacheIdentity: String?

    public init(
        baseURL: URL, profile: String = "driving", timeout: Duration = .seconds(5),
        maxCoordinatesPerRequest: Int = 500, maxResponseBytes: Int = 32 << 20,
        maxSnapMeters: Double = 5_000
    ) {
        self.baseURL = baseURL
        self.profile = profile
        self.timeout = timeout
        self.maxCoordinatesPerRequest = max(2, maxCoordinatesPerRequest)
        self.maxResponseBytes = max(1024, maxResponseBytes)
        self.maxSnapMeters = maxSnapMeters
    }

    /// Parses what a person typed after `--osrm` or in `ROADTRIP_OSRM_URL`; nil unless it is an
    /// http(s) URL with a host.
    public init?(urlString: String, timeout: Duration = .seconds(5)) {
        let trimmed = urlString.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        self.init(baseURL: url, timeout: timeout)
    }

    /// "OSRM 127.0.0.1:5000": what the status line calls this source.
    public var label: String {
        guard let host = baseURL.host else { return "OSRM" }
        return "OSRM " + (baseURL.port.map { "\(host):\($0)" } ?? host)
    }

    /// The cache key of the server: the same URL spelled with or without a final slash is one server.
    var serverIdentity: String {
        if let cacheIdentity { return cacheIdentity }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return "\(text)|\(profile)"
    }

    /// One `/route` request for consecutive stops: the full geometry plus each leg's segment
    /// distances, whose counts say where each leg's part of the geometry ends. `exclude` is the
    /// road classes to stay off ("motorway,toll"); `steps` asks for turn-by-turn instructions and
    /// `alternatives` for up to that many other routes (two stops only).
    func routeURL(for points: [GridPoint], exclude: String = "", steps: Bool = false, alternatives: Int = 0) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let coordinates = points.map(\.osrmText).joined(separator: ";")
        let profilePart = profile.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "driving"
        var query = "?overview=full&steps=\(steps)&geometries=polyline6&annotations=distance"
        if alternatives > 0 { query += "&alternatives=\(alternatives)" }
        if !exclude.isEmpty { query += "&exclude=\(exclude)" }
        return URL(string: "\(base)/route/v1/\(profilePart)/\(coordinates)" + query)
    }
}

extension RoadAvoidance {
    /// The classes OSRM's car profile excludes ("motorway,toll,ferry"), comma-separated as `exclude=` takes them.
    var osrmExclude: String {
        RoadAvoidance.kinds.filter { contains($0.kind) }.map { kind in
            switch kind.word {
            case "motorways": "motorway"
            case "tolls": "toll"
            default: "ferry"
            }
        }
        .joined(separator: ",")
    }
}
