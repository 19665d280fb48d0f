import CGuardedMapping
import Foundation
import RoadtripCore
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
    // @unchecked: every `var` below is only touched under `lock`.
    private let lock = NSLock()
    private var refusedFile: TripStoreError?
    private var writeRefusal: String?
    /// The file as this store last read or wrote it, to see another program's change before a save.
    private var known: (identity: FileIdentity, document: TripDocument)?
    /// What the last save did about another program's change, for the saver to take.
    private var externalChange: ExternalChange?
    /// The data file's lock, confirmed before each save.
    private var heldLock: DataFileLock?
    /// Whether the last load found no file: one that appears later is another program's, merged, not overwritten.
    private var loadedNothing = false
    /// The real file behind the path when it was first opened: saves never follow a link swapped in later.
    private var openedTarget: URL?

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
            let identity = FileIdentity(path: url.path)
            let target = writeTarget
            let document = try withContents { data throws(TripStoreError) in
                try TripDocumentCodec.decode(data, path: url.path)
            }
            lock.withLock {
                refusedFile = nil
                known = zip(identity, document)
                loadedNothing = document == nil
                if openedTarget == nil { openedTarget = target }
            }
            return document
        } catch {
            lock.withLock { refusedFile = error }
            throw error
        }
    }

    public func save(_ document: TripDocument) throws {
        // Examples shown on a first run are not the person's trips: only those edited are written.
        var document = document
        document.trips.removeAll(where: \.isExample)
        if let reason = lock.withLock({ writeRefusal }) {
            throw TripStoreError(kind: .writeFailed, path: url.path, reason: reason)
        }
        if let refused = lock.withLock({ refusedFile }) {
            throw TripStoreError(
                kind: .writeFailed, path: url.path,
                reason: "not saved over a file that could not be loaded (\(refused.reason))")
        }
        try Self.checkWritable(document, path: url.path)
        if let held = lock.withLock({ heldLock }) {
            do { try held.confirm() } catch {
                throw TripStoreError(kind: .writeFailed, path: url.path, reason: "\(error); not saved, your edits are kept")
            }
        }
        let target = try checkedTarget()
        // Another program may replace the file between our look at it and our rename; the rename
        // then does not happen, and the merge is made again against what it wrote.
        for _ in 0..<Self.commitAttempts {
            let plan = try reconciled(document)
            var writer = AtomicFileWriter(target: target, calls: calls)
            writer.currentIsGood = plan.currentIsGood
            let path = url.path
            writer.commitCheck = { () throws(AtomicFileWriter.Failure) in
                guard FileIdentity(path: path) == plan.onDisk else {
                    throw AtomicFileWriter.Failure(message: Self.changedMeanwhile)
                }
            }
            do {
                try writer.write(producing: { output throws(AtomicFileWriter.Failure) in
                    try Self.stream(plan.document, to: output)
                })
            } catch  where error.message == Self.changedMeanwhile {
                continue
            } catch {
                throw TripStoreError(kind: .writeFailed, path: url.path, reason: error.message)
            }
            let identity = FileIdentity(path: url.path)
            lock.withLock {
                known = identity.map { ($0, plan.document) }
                loadedNothing = false
                if let change = plan.change { externalChange = change }
            }
            return
        }
        throw TripStoreError(
            kind: .writeFailed, path: url.path,
            reason: "another program keeps rewriting it; not saved, your edits are kept: try again")
    }

    /// How many times a save merges again after the file changed under it before giving up.
    private static let commitAttempts = 5
    private static let changedMeanwhile = "changed by another program while saving"

    /// Saves check, just before they replace the file, that this process still holds `dataLock`
    /// (taking it again if a stale-lock cleaner removed its file), so no two roadtrips save at once.
    public func hold(_ dataLock: DataFileLock) {
        lock.withLock { heldLock = dataLock }
    }

    /// The file the bytes go to, refusing a symbolic link that was not there when the file was
    /// opened (or now points elsewhere): a link swapped in would make the save overwrite the file
    /// it points to.
    private func checkedTarget() throws(TripStoreError) -> URL {
        let target = writeTarget
        let opened = lock.withLock { openedTarget }
        guard let opened, opened != target else { return target }
        throw TripStoreError(
            kind: .writeFailed, path: url.path,
            reason: "now leads to \(target.path), not the file opened (\(opened.path)); not saved through it, "
                + "your edits are kept: put the file back, or quit and open the other one")
    }

    /// Takes what the last saves did about another program's changes (nil when there were none).
    public func takeExternalChange() -> ExternalChange? {
        lock.withLock {
            defer { externalChange = nil }
            return externalChange
        }
    }

    /// What a save writes: `document` merged with the file on disk, which file that was (the
    /// rename happens only while it is still there), and whether it may become the backup.
    private struct SavePlan {
        var document: TripDocument
        var change: ExternalChange?
        var onDisk: FileIdentity?
        var currentIsGood: Bool
    }

    /// `document`, merged with what another program wrote to the file since this store last read
    /// or wrote it: their trips where only they changed them. Where both changed a trip, ours is
    /// written and theirs is kept whole in a sibling file, so nothing of either is lost.
    private func reconciled(_ document: TripDocument) throws(TripStoreError) -> SavePlan {
        let (base, loadedNothing) = lock.withLock { (self.known, self.loadedNothing) }
        let now = FileIdentity(path: url.path)
        guard let now, now != base?.identity, base != nil || loadedNothing else {
            return SavePlan(document: document, change: nil, onDisk: now, currentIsGood: true)
        }
        let theirs: TripDocument?
        do {
            theirs = try withContents { data throws(TripStoreError) in try TripDocumentCodec.decode(data, path: url.path) }
        } catch {
            if case .newerVersion = error.kind {
                // Writing format 1 over it would throw away what the newer roadtrip keeps there.
                throw TripStoreError(
                    kind: .writeFailed, path: url.path,
                    reason: "was rewritten by a newer roadtrip (\(error.reason)); not saved over it, your edits "
                        + "are kept in this window: export them, or quit and use the newer roadtrip")
            }
            theirs = nil
        }
        guard let theirs else {
            let copy = try keepCopy()
            return SavePlan(
                document: document,
                change: ExternalChange(
                    trips: nil,
                    notice: "\(url.lastPathComponent) was changed by another program into something unreadable; "
                        + "saved your trips, kept that version as \(copy)"),
                onDisk: now, currentIsGood: false)
        }
        let merge = TripMerge.merge(base: base?.document.trips ?? [], ours: document.trips, theirs: theirs.trips)
        var merged = document
        merged.trips = merge.trips
        if merge.conflicts.isEmpty {
            return SavePlan(
                document: merged,
                change: ExternalChange(
                    trips: merge.trips,
                    notice: "\(url.lastPathComponent) was changed by another program: took its changes to "
                        + "\(merge.takenFromTheirs) trip\(merge.takenFromTheirs == 1 ? "" : "s") along with yours"),
                onDisk: now, currentIsGood: true)
        }
        let copy = try keepCopy()
        let names = merge.conflicts.prefix(3).map { "“\($0)”" }.joined(separator: ", ") + (merge.conflicts.count > 3 ? "…" : "")
        return SavePlan(
            document: merged,
            change: ExternalChange(
                trips: merge.trips,
                notice: "another program changed \(names) too: kept yours in \(url.lastPathComponent), theirs in \(copy)"),
            onDisk: now, currentIsGood: true)
    }

    /// Copies the file as it is now beside it, as `<name>.conflict-YYYYMMDD-HHMMSS.json`; returns the copy's name.
    private func keepCopy() throws(TripStoreError) -> String {
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [
                .withYear, .withMonth, .withDay,
                .withTime
            ]
        )
        .replacingOccurrences(of: "T", with: "-")
        let base = url.deletingPathExtension().lastPathComponent
        let copy = Self.unusedName(in: url.deletingLastPathComponent(), "\(base).conflict-\(stamp)", ".json")
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            throw TripStoreError(
                kind: .writeFailed, path: url.path, reason: "changed by another program and cannot be read to keep a copy")
        }
        do {
            try AtomicFileWriter(target: copy, calls: calls).write(bytes)
        } catch {
            throw TripStoreError(
                kind: .writeFailed, path: url.path,
                reason: "changed by another program; its version could not be kept (\(error.message)), so nothing was saved")
        }
        return copy.lastPathComponent
    }

    /// `<stem><ext>`, or `<stem>-2<ext>`, `-3`… when taken: a second conflict in the same second
    /// must not replace the first copy, the other program's only record of its earlier change.
    private static func unusedName(in folder: URL, _ stem: String, _ ext: String) -> URL {
        var candidate = folder.appendingPathComponent(stem + ext)
        var number = 2
        var info = stat()
        while lstat(candidate.path, &info) == 0 {
            candidate = folder.appendingPathComponent("\(stem)-\(number)\(ext)")
            number += 1
        }
        return candidate
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
        let prefixes = [
            AtomicFileWriter.temporaryPrefix(for: target),
            AtomicFileWriter.temporaryPrefix(for: AtomicFileWriter.backupURL(for: target))
        ]
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
                throw TripStoreError(
                    kind: .unreadable, path: url.path,
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
                throw TripStoreError(
                    kind: .writeFailed, path: path,
                    reason: "not saved: trips[\(t)].waypoints[\(w)] has an invalid coordinate "
                        + "(\(stop.coordinate.latitude), \(stop.coordinate.longitude))")
            }
        }
    }
}

/// Which file is at a path, and whether it was written since: device, inode, size and change time.
struct FileIdentity: Equatable {
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}

private func zip(_ identity: FileIdentity?, _ document: TripDocument?) -> (identity: FileIdentity, document: TripDocument)? {
    guard let identity, let document else { return nil }
    return (identity, document)
}
