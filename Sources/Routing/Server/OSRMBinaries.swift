import Foundation

/// Finds the OSRM programs: `ROADTRIP_OSRM_BIN`, then the copy Scripts/osrm.sh installs under
/// vendor/osrm, then PATH.
public enum OSRMBinaries {
    /// The version Scripts/osrm.sh installs; its folder under vendor/osrm is named after it.
    static let installedVersion = "26.10.0"

    /// The `name` program (e.g. "osrm-routed"), or nil when none is found.
    ///
    /// `ROADTRIP_OSRM_BIN` may name the program itself or its folder. vendor/osrm is looked for in
    /// every folder above each of `searchRoots` (by default the executable's and the working
    /// folder), which finds the project's copy from `.build/debug/roadtrip` as from the checkout.
    public static func locate(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        searchRoots: [URL] = defaultSearchRoots()
    ) -> URL? {
        if let configured = environment["ROADTRIP_OSRM_BIN"], !configured.isEmpty {
            let url = URL(fileURLWithPath: configured)
            let candidate = isFolder(url) ? url.appendingPathComponent(name) : url
            return isExecutable(candidate) ? candidate : nil
        }
        let vendored = "vendor/osrm/\(installedVersion)/osrm/bin/\(name)"
        for root in searchRoots {
            var folder = root.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent(vendored)
                if isExecutable(candidate) { return candidate }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    public static func defaultSearchRoots() -> [URL] {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        return [
            Bundle.main.executableURL?.deletingLastPathComponent() ?? executable,
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ]
    }

    private static func isExecutable(_ url: URL) -> Bool {
        !isFolder(url) && FileManager.default.isExecutableFile(atPath: url.path)
    }

    private static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
