import Foundation

/// Where the trips file lives.
public enum DataLocation {
    /// The backup the store keeps beside `dataURL` (the previous content, `<name>.bak`).
    public static func backupURL(for dataURL: URL) -> URL { AtomicFileWriter.backupURL(for: dataURL) }

    /// `--data PATH`, else `$ROADTRIP_DATA`, else `$XDG_DATA_HOME/roadtrip/trips.json`,
    /// else `~/.local/share/roadtrip/trips.json`.
    ///
    /// Empty values count as unset, and a relative `XDG_DATA_HOME` is ignored, as the XDG
    /// base directory specification asks. A leading `~/` is expanded for `$ROADTRIP_DATA`,
    /// which no shell expands inside a variable.
    public static func resolve(argument: String?, environment: [String: String]) -> URL {
        let home = XDGFolder.home(environment: environment) ?? NSHomeDirectory()
        if let argument = nonEmpty(argument) {
            return URL(fileURLWithPath: expandTilde(argument, home: home)).standardizedFileURL
        }
        if let path = nonEmpty(environment["ROADTRIP_DATA"]) {
            return URL(fileURLWithPath: expandTilde(path, home: home)).standardizedFileURL
        }
        let folder = XDGFolder.data.roadtripFolder(environment: environment, fallbackHome: home) ?? home
        return URL(fileURLWithPath: folder, isDirectory: true)
            .appendingPathComponent("trips.json")
            .standardizedFileURL
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }

    /// `~` and `~/…` as the home folder, as a shell would have done for a path typed at its prompt.
    public static func expandTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return (home as NSString).appendingPathComponent(String(path.dropFirst(2))) }
        return path
    }
}
