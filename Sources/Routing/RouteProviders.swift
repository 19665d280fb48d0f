import Foundation
import RoadtripCore

/// Chooses the route provider from what the person asked for: the one place that reads
/// `--osrm`, `ROADTRIP_OSRM_URL`, `--osrm-data` and the Valhalla URL of `--router valhalla`.
public enum RouteProviders {
    /// The offline estimate unless a server is given: a Valhalla URL (`--router valhalla URL`)
    /// wins, else an OSRM URL (`--osrm` wins over `ROADTRIP_OSRM_URL`). Throws a one-line message
    /// for a URL that is not http(s).
    public static func make(
        osrmURL: String?, valhallaURL: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        timeout: Duration = .seconds(5), estimate: EstimateRouteProvider = EstimateRouteProvider(),
        cacheFolder: URL? = LegCache.defaultFolder()
    ) throws -> any RouteProvider {
        if let valhallaURL {
            guard let configuration = ValhallaConfiguration(urlString: valhallaURL, timeout: timeout) else {
                throw OSRMSetupError(
                    description: "the Valhalla URL \"\(valhallaURL)\" is not an http:// or https:// URL with a host")
            }
            return ValhallaRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
        }
        let given = osrmURL ?? environment["ROADTRIP_OSRM_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return estimate }
        guard let configuration = OSRMConfiguration(urlString: given, timeout: timeout) else {
            let origin = osrmURL == nil ? "ROADTRIP_OSRM_URL" : "--osrm"
            throw OSRMSetupError(description: "\(origin): \"\(given)\" is not an http:// or https:// URL with a host")
        }
        return OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
    }

    /// The travel-matrix provider of the same engine and server as `routes` (for the best
    /// order), or nil when `routes` is no road engine's.
    public static func matrix(for routes: any RouteProvider) -> (any TravelTimeMatrixProviding)? {
        if let osrm = routes as? OSRMRouteProvider { return OSRMTravelMatrixProvider(configuration: osrm.configuration) }
        if let valhalla = routes as? ValhallaRouteProvider {
            return ValhallaTravelMatrixProvider(configuration: valhalla.configuration)
        }
        return nil
    }

    /// How long one OSRM request may take: `--osrm-timeout` (seconds) wins over
    /// `ROADTRIP_OSRM_TIMEOUT`, else 5 s. Throws a one-line message for anything but a number of
    /// seconds above 0 and at most 600.
    public static func timeout(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> Duration
    {
        let given = option ?? environment["ROADTRIP_OSRM_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return .seconds(5) }
        let trimmed = given.trimmingCharacters(in: .whitespaces)
        guard let seconds = Double(trimmed), seconds.isFinite, seconds > 0, seconds <= 600 else {
            let origin = option == nil ? "ROADTRIP_OSRM_TIMEOUT" : "--osrm-timeout"
            throw OSRMSetupError(description: "\(origin): \"\(given)\" is not a number of seconds between 0 and 600")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// Who answered a leg of a dataset roadtrip serves itself: the dataset and when it was prepared.
    static func localCacheIdentity(_ dataset: URL) -> String {
        "osrm-data:\(dataset.standardizedFileURL.path)@\(OSRMServer.preparedAt(dataset.standardizedFileURL).timeIntervalSince1970)"
    }

    /// Starts osrm-routed for `dataset` and returns a provider that talks to it, with the server
    /// (keep it alive; `stop()` it on exit).
    public static func startLocal(
        dataset: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        timeout: Duration = .seconds(5),
        estimate: EstimateRouteProvider = EstimateRouteProvider(),
        cacheFolder: URL? = LegCache.defaultFolder()
    ) async throws
        -> (provider: OSRMRouteProvider, server: OSRMServer)
    {
        let server = try await OSRMServer.start(dataset: dataset, environment: environment)
        // The port changes every launch: the cache follows the dataset, and its preparation time,
        // so that re-preparing newer map data does not keep serving old answers.
        var configuration = OSRMConfiguration(baseURL: server.baseURL, timeout: timeout)
        configuration.cacheIdentity = localCacheIdentity(server.dataset)
        return (OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder), server)
    }
}
