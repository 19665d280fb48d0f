import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files roadtrip keeps for one data file, which no export may write over: replacing the lock
/// lets a second planner in, replacing the backup or a conflict copy loses the only other record.
///
/// A path is matched by where it really is (its folder's links followed) and by identity (device
/// and inode), so another name for one of these files (a hard or symbolic link) is caught too.
public struct OwnedFiles: Sendable {
    let dataURL: URL
    /// The route cache folder (`$XDG_CACHE_HOME/roadtrip`); nil when there is none.
    let cacheFolder: URL?

    public init(dataURL: URL, cacheFolder: URL?) {
        self.dataURL = dataURL.standardizedFileURL
        self.cacheFolder = cacheFolder?.standardizedFileURL
    }

    /// What `path` is to roadtrip ("the trip data file's lock"), or nil when it is none of its files.
    public func owner(of path: String) -> String? {
        let candidate = Self.real(path)
        let name = candidate.lastPathComponent
        let folder = candidate.deletingLastPathComponent().path
        for data in Set([dataURL, Self.real(dataURL.path)]) {
            let dataFolder = data.deletingLastPathComponent().path
            if folder == dataFolder, let role = Self.role(of: name, beside: data.lastPathComponent) { return role }
            if Self.isInside(folder, dataFolder + "/places") { return "an imported region's places" }
        }
        if let cacheFolder, Self.isInside(folder, Self.real(cacheFolder.path).path) || Self.isInside(folder, cacheFolder.path) {
            return "roadtrip's route cache"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let known: [(URL, String)] = [
            (dataURL, "the trip data file"), (DataFileLock.lockURL(for: dataURL), "the trip data file's lock"),
            (AtomicFileWriter.backupURL(for: Self.real(dataURL.path)), "the trip data file's backup"),
            (dataURL.deletingLastPathComponent().appendingPathComponent(Self.geocoderCache), "the geocoder's cache")
        ]
        for (url, role) in known {
            var other = stat()
            if stat(url.path, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino { return role }
        }
        return nil
    }

    /// The geocoder's answers, kept beside the data file.
    public static let geocoderCache = "geocoder-cache.json"

    /// What a file named `name` beside the data file `dataName` is, if roadtrip keeps it.
    private static func role(of name: String, beside dataName: String) -> String? {
        let stem = (dataName as NSString).deletingPathExtension
        switch name {
        case dataName: return "the trip data file"
        case dataName + ".lock": return "the trip data file's lock"
        case dataName + ".bak": return "the trip data file's backup"
        case geocoderCache, geocoderCache + ".bak": return "the geocoder's cache"
        default:
            if name.hasPrefix("." + dataName + ".tmp-") || name.hasPrefix("." + geocoderCache + ".tmp-") {
                return "a save in progress"
            }
            if name.hasPrefix(stem + ".conflict-") && name.hasSuffix(".json") { return "a copy kept after a conflict" }
            return nil
        }
    }

    private static func isInside(_ folder: String, _ parent: String) -> Bool {
        folder == parent || folder.hasPrefix(parent + "/")
    }

    /// `path` with every symbolic link on the way followed (the last one too).
    private static func real(_ path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }
}
