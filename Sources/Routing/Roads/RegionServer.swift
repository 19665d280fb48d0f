import Foundation
import RoadtripCore
import Synchronization

/// One imported road region's osrm-routed, started the first time a leg needs it (in the
/// background, so nothing waits for it but that leg) and stopped with `stop()` or at exit.
final class RegionServer: Sendable {
    let entry: RoadRegionsFolder.Entry
    /// Which of its extracts meet (`RoadRegion.extractGroups`), worked out once.
    private let groups: [Int]
    /// Answers legs from the region's cache before the server is up: same identity, no server asked.
    let cached: OSRMRouteProvider
    private let timeout: Duration
    private let environment: [String: String]
    private let cacheFolder: URL?
    private let estimate: EstimateRouteProvider
    private let starting = Mutex<
        (task: Task<Result<(OSRMRouteProvider, OSRMServer), OSRMSetupError>, Never>?, failedAt: ContinuousClock.Instant?)
    >(
        (nil, nil))

    init(
        entry: RoadRegionsFolder.Entry, timeout: Duration, environment: [String: String], estimate: EstimateRouteProvider,
        cacheFolder: URL?
    ) {
        self.entry = entry
        groups = entry.region.extractGroups()
        self.timeout = timeout
        self.environment = environment
        self.cacheFolder = cacheFolder
        self.estimate = estimate
        var configuration = OSRMConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: timeout)
        configuration.cacheIdentity = RouteProviders.localCacheIdentity(entry.dataset)
        cached = OSRMRouteProvider(configuration: configuration, estimate: estimate, cacheFolder: cacheFolder)
    }

    /// Whether the region's roads can drive the leg `from` → `to`.
    func covers(from: Coordinate, to: Coordinate) -> Bool {
        entry.region.covers(from: from, to: to, groups: groups)
    }

    /// The provider talking to the running server, starting it on the first call. A start that
    /// failed is tried again by a call half a minute later, not by every leg in between.
    func provider() async -> Result<OSRMRouteProvider, OSRMSetupError> {
        let task = starting.withLock { state in
            if let task = state.task, state.failedAt.map({ ContinuousClock.now - $0 < .seconds(30) }) ?? true { return task }
            state.failedAt = nil
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
            state.task = started
            return started
        }
        let result = await task.value
        if case .failure = result {
            starting.withLock { state in
                if state.task == task, state.failedAt == nil { state.failedAt = .now }
            }
        }
        return result.map(\.0)
    }

    /// Stops the server. A start still under way is cancelled (which ends its osrm-routed) rather
    /// than waited for: quitting never waits for a large region to load.
    func stop() {
        guard let task = starting.withLock({ $0.task }) else { return }
        task.cancel()
        let finished = Blocking.wait { await task.value }
        if case let .success((_, server)) = finished { server.stop() }
    }
}
