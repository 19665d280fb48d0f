import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock (flock) on `<data file>.lock`, so two copies of roadtrip never edit one file at once.
///
/// The full-screen app holds it for its lifetime; each command-line edit holds it from loading to
/// saving. The holder writes its process id and role into the lock file, so the one refused can
/// say who is in the way. The lock file itself is never removed: removing it would let a third
/// process lock a fresh file while the first still holds the old one. The kernel drops the lock
/// when the holder exits, however it exits (SIGKILL included), so a crash never leaves it stuck.
public final class DataFileLock: @unchecked Sendable {
    // @unchecked: `fd` changes only in `release()` and `confirm()`, called by the owner (the saving thread); other threads only keep the lock alive.
    /// Who holds (or wants) the lock, written into the lock file for the message the other one shows.
    public enum Role: String, Sendable {
        case fullScreen = "full-screen planner"
        case command = "command"
    }

    /// Why the lock was not taken.
    public enum Refusal: Error, Equatable, CustomStringConvertible, Sendable {
        /// Another roadtrip holds it; `holder` is "pid 1234, full-screen planner" when it said so.
        case held(dataPath: String, holder: String?)
        /// The lock file cannot be created or opened (a read-only folder, say).
        case unavailable(dataPath: String, reason: String)

        public var description: String {
            switch self {
            case let .held(path, holder):
                "\(path) is open in another roadtrip (\(holder ?? "process unknown")); "
                    + "close it first, or try again when it has finished"
            case let .unavailable(path, reason):
                "cannot lock \(path): \(reason)"
            }
        }
    }

    public let url: URL
    private var fd: Int32
    private let dataPath: String
    private let role: Role

    private init(url: URL, fd: Int32, dataPath: String, role: Role) {
        self.url = url
        self.fd = fd
        self.dataPath = dataPath
        self.role = role
    }

    deinit { release() }

    /// The lock file for the data file at `dataURL`: beside the real file when `dataURL` is a symlink.
    public static func lockURL(for dataURL: URL) -> URL {
        let target = dataURL.standardizedFileURL.resolvingSymlinksInPath()
        return target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".lock")
    }

    /// Takes the lock for the data file at `dataURL`, waiting up to `wait` seconds for a command
    /// (never for a full-screen planner, which holds it until it quits) to let go.
    ///
    /// With `createFolder` a missing folder is created (0700); the lock file is created 0600.
    /// In a read-only folder an existing lock file is still locked, read-only.
    public static func acquire(
        for dataURL: URL, role: Role, wait: TimeInterval = 0,
        createFolder: Bool = true
    ) throws(Refusal) -> DataFileLock {
        let url = lockURL(for: dataURL)
        if createFolder { Self.createFolder(url.deletingLastPathComponent()) }
        let deadline = Date().addingTimeInterval(wait)
        while true {
            let fd = try openLockFile(url, dataPath: dataURL.path)
            if let lock = try take(fd, url: url, dataPath: dataURL.path, role: role, deadline: deadline) { return lock }
            // The file was removed or replaced between opening and locking it: lock the one there now.
        }
    }

    /// Whether this process still holds the lock at its path: a stale-lock cleaner may have removed
    /// the file, after which another roadtrip can lock a new one while this descriptor still holds
    /// the old. When it was lost, it is taken again at the path (waiting up to `wait` seconds for a
    /// command), so a save goes on only while no other roadtrip can be saving too.
    public func confirm(wait: TimeInterval = 5) throws(Refusal) {
        guard fd >= 0 else { throw .unavailable(dataPath: dataPath, reason: "its lock was let go") }
        if Self.holdsPath(fd, url) { return }
        let role = self.role
        let again = try Self.acquire(for: URL(fileURLWithPath: dataPath), role: role, wait: wait, createFolder: false)
        flock(fd, LOCK_UN)
        close(fd)
        fd = again.fd
        again.fd = -1
    }

    /// The lock file at `url`, opened for locking: never through a symbolic link (O_NOFOLLOW), and
    /// never a name that is one of several for a file (a hard link): the holder writes into it.
    private static func openLockFile(_ url: URL, dataPath: String) throws(Refusal) -> Int32 {
        var fd = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        let first = errno
        if fd < 0 && (first == EROFS || first == EACCES) {
            fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            // No lock file to open read-only either: why it could not be made is the first refusal.
            let code = errno == ENOENT && (first == EROFS || first == EACCES) ? first : errno
            throw .unavailable(
                dataPath: dataPath,
                reason: "its lock file \(url.path) cannot be made "
                    + "(\(systemMessage(code))); \(remedy(for: url, code))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else {
            close(fd)
            let what = (info.st_mode & S_IFMT) == S_IFREG ? "a hard link to another file" : "not a regular file"
            throw .unavailable(
                dataPath: dataPath,
                reason: "its lock file \(url.path) is \(what), which roadtrip never writes into; "
                    + "remove it (rm \(url.path)) and try again")
        }
        return fd
    }

    /// Locks `fd` and returns the lock, or nil when the path no longer names the file locked.
    private static func take(
        _ fd: Int32, url: URL, dataPath: String, role: Role, deadline: Date
    ) throws(Refusal) -> DataFileLock? {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(fd)
                throw .unavailable(dataPath: dataPath, reason: systemMessage(code))
            }
            let holder = readHolder(fd)
            if Date() >= deadline || holder?.hasSuffix(Role.fullScreen.rawValue) == true {
                close(fd)
                throw .held(dataPath: dataPath, holder: holder)
            }
            usleep(20_000)
        }
        guard holdsPath(fd, url) else {
            flock(fd, LOCK_UN)
            close(fd)
            return nil
        }
        let lock = DataFileLock(url: url, fd: fd, dataPath: dataPath, role: role)
        lock.writeHolder(role)
        return lock
    }

    /// Whether the path names the file open on `fd` (same device and inode).
    private static func holdsPath(_ fd: Int32, _ url: URL) -> Bool {
        var held = stat()
        var there = stat()
        guard fstat(fd, &held) == 0, lstat(url.path, &there) == 0 else { return false }
        return held.st_dev == there.st_dev && held.st_ino == there.st_ino
    }

    /// Lets go of the lock (also done when the lock is released from memory or the process ends).
    public func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    private func writeHolder(_ role: Role) {
        let text = "pid \(getpid()), \(role.rawValue)\n"
        guard ftruncate(fd, 0) == 0 else { return }
        _ = text.utf8CString.withUnsafeBufferPointer { pwrite(fd, $0.baseAddress, $0.count - 1, 0) }
    }

    /// The first line of the lock file, as its holder wrote it; nil when it says nothing usable.
    private static func readHolder(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let line = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").first.map(String.init)
        // Another program could have written anything here; only the expected shape is repeated.
        guard let line, line.hasPrefix("pid "), line.count < 80,
            line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        else { return nil }
        return line
    }

    /// What the user can do about a lock file that `open` refused with `code`: the message must
    /// say how to get saving again, since without the lock nothing is written.
    private static func remedy(for url: URL, _ code: Int32) -> String {
        var info = stat()
        if lstat(url.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return "it is a symbolic link: remove it (rm \(url.path)) and try again"
            case S_IFDIR: return "it is a folder: remove it (rmdir \(url.path)) and try again"
            case S_IFREG: break
            default: return "it is not a regular file: remove it and try again"
            }
        }
        let folder = url.deletingLastPathComponent().path
        var folderInfo = stat()
        switch code {
        case EROFS:
            return "\(folder) is on a read-only file system: remount it read-write, or choose another file with --data"
        case EACCES, EPERM:
            return "make \(folder) writable, or choose another file with --data"
        case ENOENT where stat(folder, &folderInfo) != 0, ENOTDIR where stat(folder, &folderInfo) != 0:
            return "create the folder \(folder), or choose another file with --data"
        default:
            return "fix it, or choose another file with --data"
        }
    }

    private static func createFolder(_ folder: URL) {
        var info = stat()
        guard stat(folder.path, &info) != 0 else { return }
        createFolder(folder.deletingLastPathComponent())
        if mkdir(folder.path, 0o700) == 0 { chmod(folder.path, 0o700) }
    }
}
