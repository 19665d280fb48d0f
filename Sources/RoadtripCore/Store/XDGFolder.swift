import Foundation

/// Where the XDG base directory specification puts roadtrip's files: one rule for the trips,
/// the config file and the route cache.
public enum XDGFolder: Sendable {
    case data, config, cache

    /// roadtrip's folder of this kind: `$XDG_DATA_HOME/roadtrip` (`XDG_CONFIG_HOME`,
    /// `XDG_CACHE_HOME`), else `~/.local/share/roadtrip` (`~/.config/roadtrip`, `~/.cache/roadtrip`).
    ///
    /// Empty values count as unset and relative ones are ignored, as the specification asks. The
    /// home folder is `$HOME` when it is absolute, else `fallbackHome`; nil when neither is known.
    public func roadtripFolder(environment: [String: String], fallbackHome: String? = NSHomeDirectory()) -> String? {
        if let xdg = environment[variable], xdg.hasPrefix("/") { return (xdg as NSString).appendingPathComponent("roadtrip") }
        guard let home = Self.home(environment: environment, fallback: fallbackHome) else { return nil }
        return (home as NSString).appendingPathComponent(underHome + "/roadtrip")
    }

    /// `$HOME` when it is absolute, else `fallback`.
    public static func home(environment: [String: String], fallback: String? = NSHomeDirectory()) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return fallback
    }

    private var variable: String {
        switch self {
        case .data: "XDG_DATA_HOME"
        case .config: "XDG_CONFIG_HOME"
        case .cache: "XDG_CACHE_HOME"
        }
    }

    private var underHome: String {
        switch self {
        case .data: ".local/share"
        case .config: ".config"
        case .cache: ".cache"
        }
    }
}
