import ArgumentParser
import Foundation
import RoadtripCore
import Routing
import TripFile
import TermUI

/// A user error: printed as one line on standard error, exit status 1.
struct UserError: Error, CustomStringConvertible {
    /// The message, a line each: only a list (of candidates, say) has more than one. Names and
    /// text typed or read from a file inside a line never start another (see `printError`).
    var lines: [String]
    init(_ description: String) { lines = [description] }
    init(lines: [String]) { self.lines = lines }
    var description: String { lines.joined(separator: "\n") }
}

/// What every subcommand that reads or edits trips shares: the store, the trips, the output.
@MainActor
struct CommandContext {
    let url: URL
    let repository: TripRepository
    let unit: DistanceUnit
    /// The data file's lock, held from loading to exit so no other roadtrip edits the file in between.
    private let locking: LockState
    private let store: JSONTripStore

    /// The files an export must never replace: the data file, its lock, backup, copies and caches.
    var ownedFiles: OwnedFiles { OwnedFiles(dataURL: url, cacheFolder: LegCache.defaultFolder()) }

    /// Loads the trips file; a missing file is an empty list, a broken one a user error.
    init(_ options: GlobalOptions) throws {
        url = options.dataURL
        // Reading needs no lock (saves replace the file whole); an edit is refused in `edit` unless
        // the lock is held. A missing folder is created only by an edit, not by a reader.
        locking = LockState(url: url, createFolder: !Self.folderIsMissing(url))
        store = JSONTripStore(url: url)
        if let lock = locking.lock {
            store.cleanUpLeftovers(holding: lock)
            store.hold(lock)
        }
        let document: TripDocument?
        do { document = try store.load() } catch { throw UserError("\(error)") }
        repository = TripRepository(store: store, trips: document?.trips ?? [])
        unit = options.units
    }

    /// Whether the data file's folder does not exist yet: a reader must not create it, and the
    /// first edit's save will (so its lock is taken then, in `edit`).
    private static func folderIsMissing(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.deletingLastPathComponent().path, &info) != 0
    }

    func trip(_ query: String) throws -> Trip {
        switch TripResolver.resolve(query, in: repository.trips) {
        case let .success(trip): return trip
        case let .failure(error): throw UserError(error.description)
        }
    }

    /// Applies an edit to the trip `id` and saves it atomically (see `edit(_:_:)`).
    func edit(trip id: Trip.ID, _ label: String = "edit", _ body: (inout Trip) -> Void) throws {
        try edit(label) { trips in
            if let i = trips.firstIndex(where: { $0.id == id }) { body(&trips[i]) }
        }
    }

    /// Applies an edit and saves it atomically; a failed save is a user error and changes nothing on disk.
    /// Without the data file's lock nothing is written: another roadtrip's edit could be lost.
    func edit(_ label: String = "edit", _ body: (inout [Trip]) -> Void) throws {
        if locking.lock == nil {
            locking.take(createFolder: true)
            if let lock = locking.lock { store.hold(lock) }
        }
        if let refusal = locking.refusal { throw UserError("\(refusal); nothing was changed") }
        if let error = repository.perform(label, body) { throw UserError(error) }
    }
}

/// The command's hold on the data file's lock, or why it has none.
@MainActor
private final class LockState {
    let url: URL
    private(set) var lock: DataFileLock?
    private(set) var refusal: DataFileLock.Refusal?

    init(url: URL, createFolder: Bool) {
        self.url = url
        take(createFolder: createFolder)
    }

    func take(createFolder: Bool) {
        do {
            lock = try DataFileLock.acquire(for: url, role: .command, wait: 5, createFolder: createFolder)
            refusal = nil
        } catch {
            refusal = error
        }
    }
}

/// Runs a subcommand body on the main actor and maps user errors to status 1.
func runCommand(_ body: @MainActor () throws -> Void) throws {
    do {
        try MainActor.assumeIsolated { try body() }
    } catch let error as UserError {
        printError(lines: error.lines)
        throw ExitCode(1)
    }
}

/// Runs a subcommand on the trip the person named (`query`), with the trips file loaded.
func runOnTrip(_ query: String, _ global: GlobalOptions, _ body: @MainActor (CommandContext, Trip) throws -> Void) throws {
    try runCommand {
        let context = try CommandContext(global)
        try body(context, try context.trip(query))
    }
}

extension ArgumentHelp {
    /// How every command that takes a trip names it.
    static let trip: ArgumentHelp = "The trip: its id, its name, or the start of its name."
}

/// Standard output, always sanitised.
enum Output {
    static func line(_ text: String = "") {
        print(TerminalText.sanitize(text, keepTabs: true))
    }

    /// Text roadtrip made itself (a QR code's blocks and their colours), written as it is.
    static func raw(_ text: String) {
        print(text, terminator: "")
    }

    /// Pretty, sorted JSON: stable for scripts, with every control character escaped.
    static func json<T: Encodable>(_ value: T) throws {
        print(try JSONText.encoded(value))
    }

    /// Bytes as they are (an export piped to a file or a program); on a terminal, the text
    /// with its controls made visible, since a name may carry escape sequences.
    static func bytes(_ data: Data) {
        guard isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardOutput.write(data)
            return
        }
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        FileHandle.standardOutput.write(Data(TerminalText.sanitize(text, keepNewlines: true, keepTabs: true).utf8))
    }
}
