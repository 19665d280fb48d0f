import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file replacement that leaves either the old or the new content, never a mix, private to
/// the user: for the caches beside the trips file (OSRM legs, geocoder answers). The trips file
/// itself goes through `AtomicFileWriter`, which also keeps a backup.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes `data` to a temporary file beside `url`, syncs it, renames it over `url` and syncs
    /// the folder, so a crash at any point keeps a complete file. Creates missing folders 0700.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try createPrivateFolder(folder)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(temporary, "cannot create") }
        // A rewrite keeps the old file's owner and mode: run as root, a cache taken over by root
        // at 0600 could no longer be read by the user it belongs to.
        var old = stat()
        if stat(url.path, &old) == 0, (old.st_mode & S_IFMT) == S_IFREG {
            let kept =
                fchmod(fd, old.st_mode & 0o7777) == 0
                && ((old.st_uid == geteuid() && old.st_gid == getegid()) || fchown(fd, old.st_uid, old.st_gid) == 0)
            guard kept else {
                let error = failure(url, "cannot keep the file's owner and mode")
                close(fd)
                unlink(temporary.path)
                throw error
            }
        }
        var written = 0
        let ok = data.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return fsync(fd) == 0
        }
        close(fd)
        guard ok else {
            let error = failure(temporary, "cannot write")
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure(url, "cannot replace")
            unlink(temporary.path)
            throw error
        }
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Creates `folder` and any missing parent with mode 0700; leaves existing ones as they are.
    static func createPrivateFolder(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure(path: folder.path, reason: "is not a folder") }
            return
        }
        try createPrivateFolder(folder.deletingLastPathComponent())
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw failure(folder, "cannot create folder")
        }
    }

    private static func failure(_ url: URL, _ what: String) -> Failure {
        Failure(path: url.path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
