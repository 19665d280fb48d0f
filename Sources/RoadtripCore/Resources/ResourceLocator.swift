import Foundation

/// Finds the repository's `Data/` folder (sample trips, gazetteer, map outlines).
public enum ResourceLocator {
    /// The file whose presence marks a `Data/` folder as ours.
    static let marker = "sample-trips.json"

    /// `$ROADTRIP_RESOURCES` if set, else the first `Data/` beside the executable or one of its
    /// ancestors, else the one in the source tree this file was compiled from; nil if none exists.
    public static let dataDirectory: URL? = locate(
        environment: ProcessInfo.processInfo.environment,
        executablePaths: executablePaths(),
        sourceFile: #filePath
    )

    /// The search behind `dataDirectory`, with its inputs passed in.
    static func locate(environment: [String: String], executablePaths: [String], sourceFile: String) -> URL? {
        if let explicit = environment["ROADTRIP_RESOURCES"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
            // Either the Data folder itself or the folder that holds it.
            for candidate in [url, url.appendingPathComponent("Data", isDirectory: true)] where holdsMarker(candidate) {
                return candidate
            }
            return nil
        }
        for path in executablePaths {
            var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
            while folder.path != "/" {
                let data = folder.appendingPathComponent("Data", isDirectory: true)
                if holdsMarker(data) { return data }
                folder = folder.deletingLastPathComponent()
            }
        }
        // …/Sources/RoadtripCore/Resources/ResourceLocator.swift → …/Data
        let repository = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = repository.appendingPathComponent("Data", isDirectory: true)
        return holdsMarker(data) ? data : nil
    }

    private static func holdsMarker(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
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
