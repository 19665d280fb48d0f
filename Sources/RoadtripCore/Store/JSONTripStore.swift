import CGuardedMapping
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The trips in one JSON file (see `TripDocumentCodec` for the format, `AtomicFileWriter` for saving).
///
/// A file that cannot be read or understood is refused with a `TripStoreError` and never
/// written to: once `load()` has refused the file, `save(_:)` refuses too.
public final class JSONTripStore: TripStore, @unchecked Sendable {
    public let url: URL
    private let calls: FileSystemCalls
    // Guarded by `lock`; the class is Sendable through it.
    private let lock = NSLock()
    private var refusedFile: TripStoreError?
    private var writeRefusal: String?

    /// Makes every save fail with `reason`: the data file's lock could not be taken, so writing
    /// could overwrite another roadtrip's edits.
    public func refuseWrites(because reason: String) {
        lock.withLock { writeRefusal = reason }
    }

    /// `calls` is for tests that inject disk faults.
    public init(url: URL, calls: FileSystemCalls = .system) {
        self.url = url.standardizedFileURL
        self.calls = calls
    }

    /// Where the previous good version is kept.
    public var backupURL: URL { AtomicFileWriter.backupURL(for: writeTarget) }

    /// Reads the file. Readers take no lock, so this touches nothing else in the folder: the
    /// temporary file beside it may be another roadtrip's save under way.
    public func load() throws -> TripDocument? {
        do {
            let document = try withContents { data throws(TripStoreError) in
                try TripDocumentCodec.decode(data, path: url.path)
            }
            lock.withLock { refusedFile = nil }
            return document
        } catch {
            lock.withLock { refusedFile = error }
            throw error
        }
    }

    public func save(_ document: TripDocument) throws {
        if let reason = lock.withLock({ writeRefusal }) {
            throw TripStoreError(kind: .writeFailed, path: url.path, reason: reason)
        }
        if let refused = lock.withLock({ refusedFile }) {
            throw TripStoreError(kind: .writeFailed, path: url.path,
                                 reason: "not saved over a file that could not be loaded (\(refused.reason))")
        }
        try Self.checkWritable(document, path: url.path)
        do {
            try AtomicFileWriter(target: writeTarget, calls: calls)
                .write(producing: { output throws(AtomicFileWriter.Failure) in try Self.stream(document, to: output) })
        } catch {
            throw TripStoreError(kind: .writeFailed, path: url.path, reason: error.message)
        }
    }

    /// Encodes `document` straight into the temporary file a megabyte at a time: beside a large
    /// document in memory, a buffer of the whole file would be a second copy of it. A value JSON
    /// cannot hold fails the save like a write error, before the file is replaced.
    private static func stream(_ document: TripDocument, to output: AtomicFileWriter.Output) throws(AtomicFileWriter.Failure) {
        do {
            try TripDocumentWriter.stream(document, to: output.write)
        } catch {
            switch error {
            case let .unwritable(value): throw AtomicFileWriter.Failure(message: "not saved: \(value)")
            case let .output(failure): throw failure
            }
        }
    }

    /// Removes temporary files a crash left beside the data file. Returns how many it removed.
    /// Only the holder of the data file's lock may: without it, the file removed could be the save
    /// another roadtrip is making right now.
    @discardableResult
    public func cleanUpLeftovers(holding _: DataFileLock) -> Int {
        let target = writeTarget
        let folder = target.deletingLastPathComponent()
        let prefixes = [AtomicFileWriter.temporaryPrefix(for: target),
                        AtomicFileWriter.temporaryPrefix(for: AtomicFileWriter.backupURL(for: target))]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where prefixes.contains(where: name.hasPrefix) {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// The file the bytes go to: a symlinked data file is updated where it really lives,
    /// so the link (say, into a dotfiles folder) survives the save.
    private var writeTarget: URL {
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return url }
        return url.resolvingSymlinksInPath()
    }

    /// `body` on the file's bytes, or nil when there is no file.
    ///
    /// A large file is mapped rather than read: copying 60 MB into memory page by page took longer
    /// than parsing half of it. The bytes live only while `body` runs. If another program cuts the
    /// file short meanwhile, the pages it lost read as zeros, which no parser takes, and the load
    /// fails saying so.
    private func withContents<T>(_ body: (Data) throws(TripStoreError) -> T) throws(TripStoreError) -> T? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw TripStoreError(kind: .unreadable, path: url.path, reason: "cannot read: \(systemMessage(code))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw TripStoreError(kind: .unreadable, path: url.path, reason: "is a folder, not a data file")
        }
        let size = Int(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFREG, size >= Self.mappedFileSize, let base = roadtrip_guarded_map(fd, size) {
            calls.didMapFile(url.path)
            let result = Result { () throws(TripStoreError) -> T in
                try body(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: size, deallocator: .none))
            }
            if roadtrip_guarded_unmap(base, size) {
                throw TripStoreError(kind: .unreadable, path: url.path,
                                     reason: "cut short by another program while it was being read; not opened, try again")
            }
            return try result.get()
        }
        return try body(readFile(fd, size: size))
    }

    /// Files from this size on are mapped instead of read.
    static let mappedFileSize = 1 << 20

    /// The bytes of the file open on `fd`, `size` long when it was opened, read to its end.
    private func readFile(_ fd: Int32, size: Int) throws(TripStoreError) -> Data {
        // Read straight into one buffer of the file's size, handed to Data without a copy.
        var capacity = max(1 << 16, size + 1)
        guard var buffer = malloc(capacity) else {
            throw TripStoreError(kind: .unreadable, path: url.path, reason: "cannot read: out of memory")
        }
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw TripStoreError(kind: .unreadable, path: url.path, reason: "cannot read: out of memory")
                }
                buffer = grown
            }
            let n = read(fd, buffer + count, capacity - count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                free(buffer)
                throw TripStoreError(kind: .unreadable, path: url.path, reason: "cannot read: \(systemMessage(code))")
            }
            count += n
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// Refuses to write what the loader would refuse to read back.
    private static func checkWritable(_ document: TripDocument, path: String) throws(TripStoreError) {
        for (t, trip) in document.trips.enumerated() {
            for (w, stop) in trip.waypoints.enumerated() where !stop.coordinate.isValid {
                throw TripStoreError(kind: .writeFailed, path: path,
                                     reason: "not saved: trips[\(t)].waypoints[\(w)] has an invalid coordinate "
                                         + "(\(stop.coordinate.latitude), \(stop.coordinate.longitude))")
            }
        }
    }
}
