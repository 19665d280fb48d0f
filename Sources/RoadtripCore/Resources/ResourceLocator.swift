import Foundation

/// Finds roadtrip's `Data/` folder (sample trips, gazetteer, map outlines): the one place that knows where it is.
///
/// In order: `$ROADTRIP_DATA_DIR` (the folder itself, or one holding `Data/`); then, walking up from
/// the executable, a `Data/` (a checkout's `.build/…/roadtrip`) or `share/roadtrip/` (an installed
/// `PREFIX/bin/roadtrip` finds `PREFIX/share/roadtrip`); then the checkout this was compiled in.
public enum ResourceLocator {
    /// The file whose presence marks a folder as roadtrip's data.
    static let marker = "sample-trips.json"

    /// Where the data is, and every folder looked in.
    public struct Location: Sendable, Equatable {
        public var directory: URL?
        public var searched: [String]

        public init(directory: URL?, searched: [String]) {
            self.directory = directory
            self.searched = searched
        }

        /// One line for a missing folder: where it looked, and how to say where it is.
        public var missingMessage: String {
            "roadtrip's data folder (places, map outlines, sample trips) was not found; looked in "
                + searched.joined(separator: ", ") + ". Set ROADTRIP_DATA_DIR to it, or reinstall with `make install`."
        }
    }

    /// The search for this process, done once.
    public static let location = locate(
        environment: ProcessInfo.processInfo.environment,
        executablePaths: executablePaths(), sourceFile: #filePath)

    /// The data folder, or nil when there is none (see `location.missingMessage`).
    public static var dataDirectory: URL? { location.directory }

    /// The search behind `location`, with its inputs passed in.
    static func locate(environment: [String: String], executablePaths: [String], sourceFile: String) -> Location {
        var searched: [String] = []
        func holds(_ folder: URL) -> Bool {
            searched.append(folder.path)
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
        }
        if let explicit = environment["ROADTRIP_DATA_DIR"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
            for candidate in [url, url.appendingPathComponent("Data", isDirectory: true)] where holds(candidate) {
                return Location(directory: candidate, searched: searched)
            }
            // Said, not searched past: a wrong setting should not quietly find another copy.
            return Location(directory: nil, searched: searched)
        }
        for path in executablePaths {
            var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
            while folder.path != "/" {
                for candidate in [
                    folder.appendingPathComponent("Data", isDirectory: true),
                    folder.appendingPathComponent("share/roadtrip", isDirectory: true)
                ] where holds(candidate) {
                    return Location(directory: candidate, searched: searched)
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        // …/Sources/RoadtripCore/Resources/ResourceLocator.swift → …/Data
        let repository = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = repository.appendingPathComponent("Data", isDirectory: true)
        return Location(directory: holds(data) ? data : nil, searched: searched)
    }

    private static func executablePaths() -> [String] {
        var paths: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            paths.append(exe)
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            paths.append(first)
        }
        return paths
    }
}
