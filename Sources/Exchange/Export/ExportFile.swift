import Foundation
import RoadtripCore

/// Writes an export file without ever destroying something else.
///
/// A regular file (or none) is replaced atomically: the old content survives whole until the new
/// is complete on disk, and the new file keeps the old one's owner and mode. A FIFO, a device or a
/// socket is opened and written, never renamed over (`-o /dev/null` must leave the device a device).
/// A symbolic link is followed, so the file it points at is what is replaced. roadtrip's own
/// files (`owned`: the data file, its lock, backup, conflict copies and caches) are refused,
/// however they are named.
public enum ExportFile {
    public static func write(
        _ data: Data, to path: String, owned: OwnedFiles? = nil, control: TransferControl? = nil
    ) throws(ExchangeError) {
        let target = resolved(path)
        let name = (target as NSString).lastPathComponent
        if name.utf8.count > 255 {
            throw failure(
                path, "the file name is \(name.utf8.count) bytes, over the 255 a file system allows: choose a shorter name")
        }
        // `owner(of:)` follows the links itself and compares identities: one look covers every name.
        if let owner = owned?.owner(of: path) {
            throw ExchangeError(.writeFailed, file: path, reason: refusal(owner))
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(path, "it is a folder") }
            return try writeInPlace(data, to: target, shown: path, control: control)
        }
        if exists, info.st_mode & 0o222 == 0 {
            throw failure(
                path,
                String(format: "it is read-only (mode %04o): make it writable or choose another file", info.st_mode & 0o7777))
        }
        if control?.isStopped == true { throw TransferControl.stoppedFailure(path, "the export") }
        try replace(target, with: data, shown: path, keeping: exists ? info : nil)
    }

    /// `path` with its final symbolic link (and any in the folders above) followed.
    private static func resolved(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Why a file roadtrip keeps is not written: "is the trip data file's lock; an export never overwrites it…".
    static func refusal(_ owner: String) -> String {
        "is \(owner); an export never overwrites it: choose another file"
    }

    /// Writes into an existing special file (a FIFO with a reader, /dev/null, a terminal).
    ///
    /// Without blocking: a reader that does not read is waited for in short slices, so `control`
    /// can stop the export; a reader that goes away is said, not a SIGPIPE.
    private static func writeInPlace(
        _ data: Data, to target: String, shown: String, control: TransferControl?
    ) throws(ExchangeError) {
        let fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "no program is reading from it" : String(cString: strerror(errno))
            throw failure(shown, reason)
        }
        defer { close(fd) }
        let outcome = data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                if control?.isStopped == true { return ECANCELED }
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                guard n < 0 && errno == EAGAIN else { return n == 0 ? EIO : errno }
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
            }
            return 0
        }
        switch outcome {
        case 0: return
        case ECANCELED: throw TransferControl.stoppedFailure(shown, "the export")
        case EPIPE: throw failure(shown, "the program reading it stopped reading")
        default: throw failure(shown, String(cString: strerror(outcome)))
        }
    }

    /// Writes `data` to a temporary file beside `target`, flushes it, gives it the old file's
    /// owner and mode (0644 for a new one: an export is meant to be shared), renames it over
    /// `target` and flushes the folder.
    private static func replace(_ target: String, with data: Data, shown: String, keeping old: stat?) throws(ExchangeError) {
        let folder = (target as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        // The temporary name is the file's plus eight bytes; a name near the limit gets a short one.
        let name = (target as NSString).lastPathComponent
        let stem = name.utf8.count > 240 ? "roadtrip-export" : name
        var template = Array("\(directory)/.\(stem).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let reason: String
            switch errno {
            // The message names the file first: "its folder" is the one it names, however long.
            case EACCES, EPERM: reason = "its folder is not writable: choose another folder"
            case EROFS: reason = "its folder is on a read-only file system: choose another folder"
            case ENOENT, ENOTDIR: reason = "its folder does not exist: create it or choose another"
            case ENOSPC: reason = "the disk is full: free some space or choose another folder"
            default: reason = "cannot create a file in its folder (\(String(cString: strerror(errno))))"
            }
            throw failure(shown, reason)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        let written = writeAll(data, to: fd)
        let error = errno
        let mode = old.map { $0.st_mode & 0o7777 } ?? 0o644
        guard written, fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            close(fd)
            throw failure(shown, String(cString: strerror(error)))
        }
        if let old, old.st_uid != geteuid() || old.st_gid != getegid() {
            guard fchown(fd, old.st_uid, old.st_gid) == 0 else {
                close(fd)
                throw failure(shown, "it belongs to another user, whose ownership could not be kept")
            }
        }
        close(fd)
        guard rename(temporary, target) == 0 else { throw failure(shown, String(cString: strerror(errno))) }
        done = true
        let folderFD = open(directory, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private static func failure(_ path: String, _ reason: String) -> ExchangeError {
        ExchangeError(.writeFailed, file: path, reason: reason)
    }
}
