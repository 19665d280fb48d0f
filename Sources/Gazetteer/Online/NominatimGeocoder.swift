import Foundation
import HTTP
import RoadtripCore

/// A Nominatim-compatible `/search` API (nominatim.openstreetmap.org, a self-hosted Nominatim, or
/// any service that answers its `format=jsonv2`).
///
/// Each request is bounded in time and size (`HTTPClient`); answers are kept in `GeocoderCache`, so
/// a query asked again, in this run or a later one, costs no request. Everything the server says is
/// stripped of control characters before it becomes a place.
public struct NominatimGeocoder: OnlinePlaceSearching {
    public let base: URL
    public let timeout: Duration
    private let cache: GeocoderCache?
    private let zones: @Sendable (Coordinate) -> String?

    /// A Nominatim answer is a few kilobytes a place; more is not a place list.
    static let maxBodyBytes = 1 << 20

    /// - Parameters:
    ///   - base: the server, with or without a path ("http://127.0.0.1:8088", "https://nominatim.openstreetmap.org").
    ///   - cache: where answers are kept; nil keeps none.
    ///   - zones: the time zone at a position (the nearest offline place's): Nominatim gives none.
    public init(
        base: URL, timeout: Duration = .seconds(4), cache: GeocoderCache?,
        zones: @escaping @Sendable (Coordinate) -> String? = { _ in nil }
    ) {
        self.base = base
        self.timeout = timeout
        self.cache = cache
        self.zones = zones
    }

    /// "Nominatim, 127.0.0.1:8088": what every place it finds says it came from.
    public var sourceName: String {
        "Nominatim, " + (base.host ?? base.absoluteString) + (base.port.map { ":\($0)" } ?? "")
    }

    /// A URL a person typed, or a one-line refusal: only http and https with a host.
    public static func url(_ text: String) -> Result<URL, OnlineSearchFailure> {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else {
            return .failure(
                OnlineSearchFailure(
                    "“\(PlainText.withoutControls(text))” is not a geocoder URL: give http:// or https:// and a host, e.g. http://127.0.0.1:8088"
                ))
        }
        return .success(url)
    }

    public func search(_ query: String, limit: Int) async -> Result<[Place], OnlineSearchFailure> {
        let key = GeocoderCache.key(base: base, query: query, limit: limit)
        if let kept = cache?.places(for: key) { return .success(kept.map(place)) }
        guard let url = requestURL(query, limit: limit) else {
            return .failure(OnlineSearchFailure("\(sourceName): the query cannot be sent"))
        }
        let client = HTTPClient(timeout: timeout, maxBodyBytes: Self.maxBodyBytes)
        switch await client.get(url) {
        case let .failure(failure):
            return .failure(OnlineSearchFailure("\(sourceName): " + Self.words(failure)))
        case let .success(response):
            guard response.status == 200 else {
                return .failure(OnlineSearchFailure("\(sourceName) answered HTTP \(response.status)"))
            }
            guard let answers = try? JSONDecoder().decode([Answer].self, from: response.body) else {
                return .failure(OnlineSearchFailure("\(sourceName) answered something that is not a Nominatim place list"))
            }
            let found = answers.compactMap(imported)
            cache?.keep(found, for: key)
            return .success(found.map(place))
        }
    }

    /// `/search?q=…&format=jsonv2&addressdetails=1&extratags=1&accept-language=en&limit=N` under the base path.
    func requestURL(_ query: String, limit: Int) -> URL? {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let path = components?.path ?? ""
        components?.path = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/search"
        components?.queryItems = [
            URLQueryItem(name: "q", value: query), URLQueryItem(name: "format", value: "jsonv2"),
            URLQueryItem(name: "addressdetails", value: "1"), URLQueryItem(name: "extratags", value: "1"),
            URLQueryItem(name: "accept-language", value: "en"), URLQueryItem(name: "limit", value: String(max(1, min(limit, 40))))
        ]
        return components?.url
    }

    private static func words(_ failure: HTTPFailure) -> String {
        switch failure {
        case let .unreachable(why): return why
        case let .timedOut(seconds): return "no answer within \(String(format: "%g", seconds)) s"
        case let .tooLarge(limit): return "the answer is larger than \(limit / 1024) KB"
        case .cancelled: return "cancelled"
        case let .transport(why): return PlainText.withoutControls(why)
        }
    }

    /// One `jsonv2` result: only the fields used, each optional, so an odd server is read as far as it goes.
    private struct Answer: Decodable {
        var lat: String?
        var lon: String?
        var name: String?
        var display_name: String?
        var category: String?
        var type: String?
        var address: [String: String]?
        var extratags: [String: String]?
    }

    private func imported(_ a: Answer) -> ImportedPlace? {
        guard let lat = a.lat.flatMap(Double.init), let lon = a.lon.flatMap(Double.init),
            Coordinate(latitude: lat, longitude: lon).isValid
        else { return nil }
        let shown = a.name.flatMap { $0.isEmpty ? nil : $0 } ?? a.display_name?.split(separator: ",").first.map(String.init) ?? ""
        let name = PlainText.withoutControls(shown).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        let address = a.address ?? [:]
        let tags = [a.category ?? "": a.type ?? ""]
        let kind = OSMFeature.kind(tags) ?? (a.type ?? "").replacingOccurrences(of: "_", with: " ")
        let population = a.extratags?["population"].flatMap(Plausibility.population) ?? 0
        var place = ImportedPlace(
            name: String(name.prefix(TextLimits.name)), aliases: [], kind: PlainText.withoutControls(kind),
            latitude: lat, longitude: lon, population: population, prominence: population,
            region: PlainText.withoutControls(address["state"] ?? address["province"] ?? address["region"] ?? ""),
            country: PlainText.withoutControls(address["country"] ?? ""),
            countryCode: PlainText.withoutControls(address["country_code"] ?? "").uppercased(),
            timeZone: zones(Coordinate(latitude: lat, longitude: lon)) ?? "")
        place.elevation = a.extratags?["ele"].flatMap { Double($0) }.flatMap(Plausibility.elevation)
        return place
    }

    private func place(_ p: ImportedPlace) -> Place {
        var place = Place(
            name: p.name, region: p.region, country: p.country, countryCode: p.countryCode,
            coordinate: Coordinate(latitude: p.latitude, longitude: p.longitude),
            population: p.population, timeZone: p.timeZone)
        place.feature = p.kind
        place.elevation = p.elevation
        place.source = sourceName
        return place
    }
}
