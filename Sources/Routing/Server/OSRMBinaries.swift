import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Finds the OSRM programs roadtrip runs, only where the person who installed roadtrip put them:
/// `ROADTRIP_OSRM_BIN`, `ROADTRIP_OSRM_HOME` (Scripts/servers/osrm.sh's), the copy `roads import`
/// installs for roadtrip (`OSRMToolkit.managedHome`), the install's own folder, then PATH. Never the working folder or the folders above it: a program planted in a shared
/// temporary folder would run as whoever started roadtrip, root included.
public enum OSRMBinaries {
    /// The version Scripts/servers/osrm.sh installs; its folder under vendor/osrm is named after it.
    static let installedVersion = "26.10.0"

    /// A program found, and where it was found ("ROADTRIP_OSRM_BIN", "the checkout's vendor/osrm", "PATH").
    public struct Found: Equatable, Sendable {
        public var url: URL
        public var source: String
    }

    /// The `name` program (e.g. "osrm-routed"), or nil when none is found.
    public static func locate(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = runningExecutable()
    ) -> URL? {
        find(name, environment: environment, executable: executable)?.url
    }

    /// The `name` program and where it was found.
    ///
    /// `ROADTRIP_OSRM_BIN` may name the program itself or its folder; when it is set, nothing else
    /// is tried. The install's own folder is the checkout's `vendor/osrm` for a binary built in it
    /// (under `<checkout>/.build`), else `<prefix>/libexec/roadtrip/osrm/bin` beside `<prefix>/bin`;
    /// a program there is used only when no other user could have put it there.
    public static func find(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = runningExecutable()
    ) -> Found? {
        if let configured = environment["ROADTRIP_OSRM_BIN"], !configured.isEmpty {
            let url = URL(fileURLWithPath: configured)
            let candidate = isFolder(url) ? url.appendingPathComponent(name) : url
            return isExecutable(candidate) ? Found(url: candidate, source: "ROADTRIP_OSRM_BIN") : nil
        }
        let vendored = "\(installedVersion)/osrm/bin/\(name)"
        if let home = environment["ROADTRIP_OSRM_HOME"], home.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: home).appendingPathComponent(vendored)
            if isExecutable(candidate) { return Found(url: candidate, source: "ROADTRIP_OSRM_HOME") }
        }
        if let home = OSRMToolkit.managedHome(environment: environment) {
            let candidate = home.appendingPathComponent(vendored)
            if isExecutable(candidate) && isTrusted(candidate) { return Found(url: candidate, source: "roadtrip's own copy") }
        }
        if let executable {
            for (candidate, source) in installCandidates(name, vendored: vendored, executable: executable)
            where isExecutable(candidate) && isTrusted(candidate) {
                return Found(url: candidate, source: source)
            }
        }
        return searchPath(name, environment: environment).map { Found(url: $0, source: "PATH") }
    }

    /// `name` in the absolute folders of PATH.
    public static func searchPath(_ name: String, environment: [String: String]) -> URL? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Where the install that `executable` belongs to keeps OSRM.
    static func installCandidates(_ name: String, vendored: String, executable: URL) -> [(URL, String)] {
        var out: [(URL, String)] = []
        var folder = executable.deletingLastPathComponent()
        // The nearest `.build` above a binary built in a checkout; its parent holds Package.swift.
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" {
                let root = folder.deletingLastPathComponent()
                if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
                    out.append(
                        (
                            root.appendingPathComponent("vendor/osrm").appendingPathComponent(vendored),
                            "the checkout's vendor/osrm"
                        ))
                }
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        out.append(
            (prefix.appendingPathComponent("libexec/roadtrip/osrm/bin").appendingPathComponent(name), "the install's libexec"))
        return out
    }

    /// The running program with its links followed (`/proc/self/exe`), else `argv[0]`.
    public static func runningExecutable() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
    }

    /// Whether the file and its folder belong to root or to us, and no one else may write to them.
    private static func isTrusted(_ url: URL) -> Bool {
        [url, url.deletingLastPathComponent()].allSatisfy { item in
            var info = stat()
            guard stat(item.path, &info) == 0 else { return false }
            return (info.st_uid == 0 || info.st_uid == geteuid()) && info.st_mode & 0o022 == 0
        }
    }

    private static func isExecutable(_ url: URL) -> Bool {
        !isFolder(url) && FileManager.default.isExecutableFile(atPath: url.path)
    }

    private static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
