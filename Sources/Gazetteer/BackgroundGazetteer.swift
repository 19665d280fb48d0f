import Foundation
import RoadtripCore

/// A gazetteer that loads on a background thread, so the first screen never waits for it.
///
/// A search made while it loads waits for it: searches run off the UI thread, and a place typed
/// in the first moment after start must still be found. Nearest-place look-ups (time zones, asked
/// on the UI thread) find nothing until it is ready.
public final class BackgroundGazetteer: PlaceSearching, NearestPlaceFinding, @unchecked Sendable {
    // @unchecked: `state` is only touched under `condition`.
    public enum Status: Equatable, Sendable {
        case loading
        case ready
        /// The one-line reason, e.g. a missing or damaged file.
        case failed(String)
    }

    private enum State {
        case loading
        case ready(Gazetteer)
        case failed(String)
    }

    private let condition = NSCondition()
    private var state = State.loading

    /// Starts loading from the folder `directory` returns (default: `Gazetteer.defaultDirectory()`).
    public init(directory: @escaping @Sendable () throws -> URL = { try Gazetteer.defaultDirectory() }) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result: State
            do {
                let gazetteer = try Gazetteer.load(from: directory())
                // The first nearest-place query parses every position; do it here, not on the UI thread.
                _ = gazetteer.nearest(to: Coordinate(latitude: 0, longitude: 0))
                result = .ready(gazetteer)
            } catch {
                result = .failed("\(error)")
            }
            condition.lock()
            state = result
            condition.broadcast()
            condition.unlock()
        }
    }

    public var status: Status {
        condition.lock()
        defer { condition.unlock() }
        switch state {
        case .loading: return .loading
        case .ready: return .ready
        case let .failed(reason): return .failed(reason)
        }
    }

    /// Blocks until loading has finished (for the command line and tests, never the UI).
    func waitUntilLoaded() -> Status {
        condition.lock()
        while case .loading = state { condition.wait() }
        condition.unlock()
        return status
    }

    /// The gazetteer once loaded (waiting for it, off the UI thread); nil when it failed to load.
    public func loaded() -> Gazetteer? {
        _ = waitUntilLoaded()
        return gazetteer
    }

    private var gazetteer: Gazetteer? {
        condition.lock()
        defer { condition.unlock() }
        if case let .ready(g) = state { return g }
        return nil
    }

    public func search(_ query: String, limit: Int) -> [Place] {
        _ = waitUntilLoaded()
        return gazetteer?.search(query, limit: limit) ?? []
    }

    public func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place] {
        _ = waitUntilLoaded()
        return gazetteer?.search(query, limit: limit, near: context) ?? []
    }

    public func nearest(to coordinate: Coordinate) -> Place? {
        gazetteer?.nearest(to: coordinate)
    }

    public func placeForTheNight(near coordinate: Coordinate) -> Place? {
        _ = waitUntilLoaded()
        return gazetteer?.placeForTheNight(near: coordinate)
    }
}
