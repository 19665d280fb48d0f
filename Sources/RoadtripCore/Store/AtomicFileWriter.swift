import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash, a full disk or an I/O error leaves either the old or the new
/// content, never a mix: the one way roadtrip replaces a file (the trips file, its copies, the
/// route and geocoder caches).
///
/// Steps: write a private temporary file beside the target (O_CREAT|O_EXCL|O_NOFOLLOW, 0600),
/// fsync it, hard-link the current file to `.bak` (when `keepsBackup`), rename the temporary file
/// over the target, fsync the folder. On any failure before the rename the temporary file is
/// removed and the target is untouched. The new file keeps the old one's owner and mode. The
/// content may be handed over whole or produced piece by piece into the temporary file
/// (`write(producing:)`), so a large file never needs a buffer of its size.
public struct AtomicFileWriter {
    let target: URL
    let calls: FileSystemCalls
    /// Whether the current content is kept as `<name>.bak`: for the trips file, not for caches.
    let keepsBackup: Bool
    /// The random end of each temporary file's name; tests plant files at a name they choose.
    var nameSuffix: () -> String = { String(UInt64.random(in: 0...UInt64.max), radix: 36) }
    /// Runs just before the backup and the rename, with every other roadtrip's replacement of a file
    /// in the same folder held off: a save compares the file on disk with the one it merged here,
    /// so the comparison and the rename are one step. Throwing leaves the target untouched.
    public var commitCheck: (() throws(Failure) -> Void)?
    /// Whether the file on disk now may become the backup: not when another program left something
    /// unreadable there, which would push out the last good version.
    public var currentIsGood = true

    public init(target: URL, calls: FileSystemCalls = .system, keepsBackup: Bool = true) {
        self.target = target
        self.calls = calls
        self.keepsBackup = keepsBackup
    }

    /// Failures carry one line: what the system said and which step it said it at.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// Prefix of the temporary files, so leftovers from a crash can be recognised.
    public static func temporaryPrefix(for target: URL) -> String { "." + target.lastPathComponent + ".tmp-" }

    public static func backupURL(for target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".bak")
    }

    /// The temporary file being written; each piece goes straight to its descriptor.
    public struct Output {
        fileprivate let fd: Int32
        fileprivate let calls: FileSystemCalls

        /// Writes all of `bytes`, or fails with the system's reason.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            var done = 0
            while done < bytes.count {
                let n = calls.write(fd, UnsafeRawBufferPointer(rebasing: bytes[done...]))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let code = n == 0 ? EIO : errno
                    throw Failure(message: "\(systemMessage(code)) while writing the new version; the file on disk is unchanged")
                }
                done += n
            }
        }
    }

    /// Replaces the file with `data`.
    public func write(_ data: some ContiguousBytes) throws(Failure) {
        try write(producing: { output throws(Failure) in try Self.write(data, to: output) })
    }

    /// Replaces the file with what `produce` writes to the temporary file. A failure thrown by
    /// `produce` leaves the target untouched, like any other before the rename.
    public func write(producing produce: (Output) throws(Failure) -> Void) throws(Failure) {
        let folder = target.deletingLastPathComponent()
        try ensureFolder(folder)
        var info = stat()
        let exists = lstat(target.path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            throw Failure(message: "is not a regular file (a folder or a device is in its place); nothing was saved")
        }
        if exists && info.st_mode & 0o222 == 0 {
            // Someone made it read-only on purpose; replacing it would undo that behind their back.
            throw Failure(
                message: String(
                    format: "is read-only (mode %04o): nothing was saved; make it writable (chmod u+w) to save",
                    info.st_mode & 0o7777))
        }
        try replace(in: folder, keepingBackup: exists && keepsBackup, keeping: exists ? info : nil, producing: produce)
        try syncFolder(folder)
    }

    /// Writes and flushes a temporary file, then renames it over the target. The new file keeps
    /// `old`'s mode and owner (root editing someone's file must not take it over); a new one is 0600.
    private func replace(
        in folder: URL, keepingBackup: Bool, keeping old: stat? = nil,
        producing produce: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        let temporary = try createTemporary(in: folder)
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary.path) } }
        do {
            defer { close(temporary.fd) }
            if let old {
                fchmod(temporary.fd, old.st_mode & 0o7777)
                if old.st_uid != geteuid() || old.st_gid != getegid() {
                    guard fchown(temporary.fd, old.st_uid, old.st_gid) == 0 else {
                        throw failure("while giving the new version the file's owner; nothing was saved")
                    }
                }
            }
            try produce(Output(fd: temporary.fd, calls: calls))
            guard calls.fsync(temporary.fd) == 0 else { throw failure("while flushing the new version to disk") }
        }
        let folderLock = commitCheck == nil ? -1 : Self.lockFolder(folder)
        defer { if folderLock >= 0 { close(folderLock) } }
        try commitCheck?()
        if keepingBackup && currentIsGood { try keepBackup(in: folder) }
        guard calls.rename(temporary.path, target.path) == 0 else { throw failure("while replacing the file") }
        keepTemporary = true  // it is the target now
    }

    /// An exclusive flock on the folder itself, held only for a compare-and-rename: unlike the
    /// data file's `.lock`, a folder cannot be deleted from under its holder by a stale-lock cleaner.
    /// -1 when the folder cannot be locked (the rename then goes on, guarded by the `.lock` alone).
    private static func lockFolder(_ folder: URL) -> Int32 {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR {
                close(fd)
                return -1
            }
        }
        return fd
    }

    private static func write(_ data: some ContiguousBytes, to output: Output) throws(Failure) {
        var failure: Failure?
        data.withUnsafeBytes { bytes in
            do throws(Failure) { try output.write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func ensureFolder(_ folder: URL) throws(Failure) {
        var info = stat()
        if stat(folder.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure(message: "cannot save: \(folder.path) is not a folder")
            }
            return
        }
        // Folders the store creates are private to the user.
        try ensureFolder(folder.deletingLastPathComponent())
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw failure("while creating the folder \(folder.path)")
        }
        chmod(folder.path, 0o700)
    }

    private func createTemporary(in folder: URL) throws(Failure) -> (fd: Int32, path: String) {
        let prefix = folder.appendingPathComponent(Self.temporaryPrefix(for: target)).path
        for _ in 0..<16 {
            let path = prefix + nameSuffix()
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                fchmod(fd, 0o600)  // the umask may only have removed bits; make it exact
                return (fd, path)
            }
            if errno != EEXIST { throw failure("while creating a temporary file in \(folder.path)") }
        }
        throw failure("while creating a temporary file in \(folder.path)")
    }

    /// Points `<name>.bak` at the current file's content; once the rename lands it is the only name for it.
    private func keepBackup(in folder: URL) throws(Failure) {
        let backup = Self.backupURL(for: target).path
        let staging = folder.appendingPathComponent(Self.temporaryPrefix(for: target)).path + "bak"
        unlink(staging)
        if calls.link(target.path, staging) == 0 {
            chmod(staging, 0o600)
            if calls.rename(staging, backup) != 0 {
                let error = failure("while keeping the backup \(backup)")
                unlink(staging)
                throw error
            }
            return
        }
        // Some file systems have no hard links: copy instead.
        guard let old = FileManager.default.contents(atPath: target.path) else {
            throw failure("while keeping the backup \(backup)")
        }
        do {
            try AtomicFileWriter(target: Self.backupURL(for: target), calls: calls, keepsBackup: false)
                .replace(in: folder, keepingBackup: false) { output throws(Failure) in try Self.write(old, to: output) }
        } catch {
            throw Failure(message: error.message + " (while keeping the backup \(backup))")
        }
    }

    /// Makes the rename itself durable.
    private func syncFolder(_ folder: URL) throws(Failure) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        if calls.fsync(fd) != 0 {
            throw failure("while flushing the folder to disk; the new version is in place but may not survive a power cut")
        }
    }

    private func failure(_ step: String) -> Failure {
        Failure(message: "\(systemMessage(errno)) \(step)")
    }
}
