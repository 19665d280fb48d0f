import Foundation
import Gazetteer
import Itinerary
import RoadtripCore

/// The services subcommands share: routes, travel matrices, time zones.
enum CommandServices {
    /// The legs between `stops` from the configured route provider; a fallback reason goes to standard error.
    static func legs(for stops: [Coordinate], options: GlobalOptions, avoid: RoadAvoidance = []) throws -> [Leg] {
        try route(for: stops, options: options, avoid: avoid).legs
    }

    /// The route between `stops`, avoiding what the router can of `avoid`; why legs fell back, and
    /// what of `avoid` the router could not apply, go to standard error.
    static func route(for stops: [Coordinate], options: GlobalOptions, avoid: RoadAvoidance) throws -> RouteResult {
        let services = try Services.make(options)
        defer { services.stop() }
        let routes = services.routes.avoiding(avoid)
        let result = try wait { await routes.route(for: stops) }
        if let reason = result.fallbackReason { printError(reason) }
        if let shortfall = avoid.shortfall(applied: result.avoided, router: routes.label) { printError(shortfall) }
        return result
    }

    static func matrix(options: GlobalOptions) throws -> any TravelTimeMatrixProviding {
        try Services.make(options).matrix
    }

    /// The gazetteer, loaded now: commands are short and need it at once.
    static func places() throws -> Gazetteer {
        do {
            return try Gazetteer.load(from: Gazetteer.defaultDirectory())
        } catch {
            throw UserError("The place search is unavailable: \(error)")
        }
    }

    /// The gazetteer with the regions imported beside the data file: what a place name on the command line is looked up in.
    /// With a geocoder configured, the online search is asked when no offline place is named as typed.
    static func searcher(_ options: GlobalOptions) throws -> any PlaceSearching {
        let gazetteer = try places()
        let offline = CombinedPlaces(builtIn: gazetteer, folder: ImportedPlacesFolder(dataFile: options.dataURL))
        guard let online = try geocoder(options, nearest: gazetteer) else { return offline }
        return OnlineFallback(offline: offline, online: online)
    }

    /// The configured online geocoder, its answers cached beside the trips file; nil when none is.
    static func geocoder(_ options: GlobalOptions, nearest: some NearestPlaceFinding) throws -> NominatimGeocoder? {
        try geocoderURL(options).map { geocoder(url: $0, options: options, nearest: nearest) }
    }

    /// The geocoder's URL when one is configured; a URL that is not one is refused, naming it.
    static func geocoderURL(_ options: GlobalOptions) throws -> URL? {
        guard let text = options.geocoder else { return nil }
        switch NominatimGeocoder.url(text) {
        case let .failure(failure): throw UserError(failure.description)
        case let .success(url): return url
        }
    }

    static func geocoder(url: URL, options: GlobalOptions, nearest: some NearestPlaceFinding) -> NominatimGeocoder {
        NominatimGeocoder(
            base: url, cache: GeocoderCache(dataFile: options.dataURL),
            zones: { nearest.nearest(to: $0).flatMap { $0.timeZone.isEmpty ? nil : $0.timeZone } })
    }

    static func nightPlaces(options: GlobalOptions) -> NightPlaceLookup {
        guard let gazetteer = try? places() else { return .none }
        return Services.nightPlaces(CombinedPlaces(builtIn: gazetteer, folder: ImportedPlacesFolder(dataFile: options.dataURL)))
    }

    static func timeZones(options: GlobalOptions) -> TimeZoneLookup {
        guard let places = try? places() else { return .none }
        return Services.timeZones(places)
    }

    /// Runs async work to completion from a synchronous command.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result: Result<T, any Error> = Blocking.wait {
            do { return .success(try await work()) } catch { return .failure(error) }
        }
        switch result {
        case let .success(value): return value
        case let .failure(error as UserError): throw error
        case let .failure(error): throw UserError("\(error)")
        }
    }
}
