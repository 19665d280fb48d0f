import Foundation
import RoadtripCore

/// Chooses the route provider from what the person asked for: the one place that reads
/// `--osrm`, `ROADTRIP_OSRM_URL` and `--osrm-data`.
public enum RouteProviders {
    /// The offline estimate unless an OSRM URL is given (`--osrm` wins over `ROADTRIP_OSRM_URL`).
    /// Throws a one-line message for a URL that is not http(s).
    public static func make(osrmURL: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                            timeout: Duration = .seconds(5), estimate: EstimateRouteProvider = EstimateRouteProvider(),
                            cacheFolder: URL? = LegCache.defaultFolder()) throws -> any RouteProvider {
        let given = osrmURL ?? environment["ROADTRIP_OSRM_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return estimate }
        guard let configuration = OSRMConfiguration(urlString: given, timeout: timeout) else {
            let origin = osrmURL == nil ? "ROADTRIP_OSRM_URL" : "--osrm"
            throw OSRMSetupError(description: "\(origin): \"\(given)\" is not an http:// or https:// URL with a host")
        }
        return OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
    }

    /// Starts osrm-routed for `dataset` and returns a provider that talks to it, with the server
    /// (keep it alive; `stop()` it on exit).
    public static func startLocal(dataset: String,
                                  environment: [String: String] = ProcessInfo.processInfo.environment,
                                  timeout: Duration = .seconds(5),
                                  estimate: EstimateRouteProvider = EstimateRouteProvider(),
                                  cacheFolder: URL? = LegCache.defaultFolder()) async throws
        -> (provider: OSRMRouteProvider, server: OSRMServer) {
        let server = try await OSRMServer.start(dataset: dataset, environment: environment)
        // The port changes every launch: the cache follows the dataset, and its preparation time,
        // so that re-preparing newer map data does not keep serving old answers.
        var configuration = OSRMConfiguration(baseURL: server.baseURL, timeout: timeout)
        configuration.cacheIdentity = "osrm-data:\(server.dataset.path)@\(server.preparedAt.timeIntervalSince1970)"
        return (OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder), server)
    }
}
