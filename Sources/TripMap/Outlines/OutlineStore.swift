import Foundation
import RoadtripCore

/// Loads the outline files once, off the UI thread, and hands them out when ready.
///
/// The map asks on every draw; the first ask starts the load in the background and the map draws
/// without land until it is done, so opening a trip never waits for the files.
public final class OutlineStore: @unchecked Sendable {
    // @unchecked: `loaded`, `failures` and `loading` are only touched under `lock`, which the load in the background also takes.
    /// The two scales: 1:110m for wide views, the finer one when zoomed in.
    public enum Level: String, Sendable, CaseIterable {
        case coarse = "outlines-110m.bin"
        case fine = "outlines-10m.bin"
    }

    /// The store the app shares, reading from `defaultDirectory()`.
    public static let shared = OutlineStore(directory: OutlineStore.defaultDirectory())

    private let directory: URL?
    private let lock = NSLock()
    private var loaded: [Level: OutlineSet] = [:]
    private var failures: [Level: String] = [:]
    private var loading: Set<Level> = []
    private var waiters: [@Sendable () -> Void] = []

    public init(directory: URL?) { self.directory = directory }

    /// The outlines at `level` if loaded; otherwise starts loading them and returns nil.
    /// `onReady` runs (on a background thread) once they are in, so the caller can ask for a redraw.
    public func outlines(_ level: Level, onReady: (@Sendable () -> Void)? = nil) -> OutlineSet? {
        lock.lock()
        if let set = loaded[level] {
            lock.unlock()
            return set
        }
        if failures[level] != nil {
            lock.unlock()
            return nil
        }
        if let onReady { waiters.append(onReady) }
        let start = loading.insert(level).inserted
        lock.unlock()
        if start {
            DispatchQueue.global(qos: .userInitiated).async { self.load(level) }
        }
        return nil
    }

    /// Loads `level` now on this thread (tests, benchmarks); nil if the file is missing or bad.
    @discardableResult
    public func loadNow(_ level: Level) -> OutlineSet? {
        lock.lock()
        let done = loaded[level]
        lock.unlock()
        if let done { return done }
        load(level)
        lock.lock()
        defer { lock.unlock() }
        return loaded[level]
    }

    /// Why `level` could not be loaded, if it could not.
    public func failure(_ level: Level) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return failures[level]
    }

    private func load(_ level: Level) {
        var set: OutlineSet?
        var problem: String?
        if let url = directory?.appendingPathComponent(level.rawValue) {
            do { set = try OutlineSet(data: Data(contentsOf: url)) } catch { problem = "\(url.path): \(error)" }
        } else {
            problem = ResourceLocator.location.missingMessage
        }
        lock.lock()
        if let set { loaded[level] = set } else { failures[level] = problem }
        loading.remove(level)
        let ready = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in ready { waiter() }
    }

    /// Where the outline files are: roadtrip's data folder, as `ResourceLocator` finds it.
    public static func defaultDirectory() -> URL? { ResourceLocator.dataDirectory }
}
