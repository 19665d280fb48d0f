import Foundation
import RoadtripCore
import Synchronization

/// One imported road region's osrm-routed, started the first time a leg needs it (in the
/// background, so nothing waits for it but that leg) and stopped with `stop()` or at exit.
final class RegionServer: Sendable {
    let entry: RoadRegionsFolder.Entry
    /// Answers legs from the region's cache before the server is up: same identity, no server asked.
    let cached: OSRMRouteProvider
    private let timeout: Duration
    private let environment: [String: String]
    private let cacheFolder: URL?
    private let estimate: EstimateRouteProvider
    private let starting = Mutex<Task<Result<(OSRMRouteProvider, OSRMServer), OSRMSetupError>, Never>?>(nil)

    init(
        entry: RoadRegionsFolder.Entry, timeout: Duration, environment: [String: String], estimate: EstimateRouteProvider,
        cacheFolder: URL?
    ) {
        self.entry = entry
        self.timeout = timeout
        self.environment = environment
        self.cacheFolder = cacheFolder
        self.estimate = estimate
        var configuration = OSRMConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: timeout)
        configuration.cacheIdentity = RouteProviders.localCacheIdentity(entry.dataset)
        cached = OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
    }

    /// The provider talking to the running server, starting it on the first call.
    func provider() async -> Result<OSRMRouteProvider, OSRMSetupError> {
        let task = starting.withLock { task in
            if let task { return task }
            let started = Task { [entry, environment, timeout, estimate, cacheFolder] in
                do {
                    let server = try await OSRMServer.start(dataset: entry.dataset.path, environment: environment)
                    var configuration = OSRMConfiguration(baseURL: server.baseURL, timeout: timeout)
                    configuration.cacheIdentity = RouteProviders.localCacheIdentity(entry.dataset)
                    let provider = OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
                    return Result<(OSRMRouteProvider, OSRMServer), OSRMSetupError>.success((provider, server))
                } catch let error as OSRMSetupError {
                    return .failure(error)
                } catch {
                    return .failure(OSRMSetupError(description: "\(error)"))
                }
            }
            task = started
            return started
        }
        return await task.value.map(\.0)
    }

    /// Stops the server if it was started (waiting for a start under way).
    func stop() {
        guard let task = starting.withLock({ $0 }) else { return }
        let finished = Blocking.wait { await task.value }
        if case let .success((_, server)) = finished { server.stop() }
    }
}
