import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

/// A user error: printed as one line on standard error, exit status 1.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What every subcommand that reads or edits trips shares: the store, the trips, the output.
@MainActor
struct CommandContext {
    let url: URL
    let repository: TripRepository
    let unit: DistanceUnit
    /// Held from loading to exit so no other roadtrip edits the file in between; nil when another holds it.
    private let lock: DataFileLock?
    private let lockRefusal: DataFileLock.Refusal?

    /// Loads the trips file; a missing file is an empty list, a broken one a user error.
    init(_ options: GlobalOptions) throws {
        url = options.dataURL
        // Reading needs no lock (saves replace the file whole); an edit is refused in `edit` while another holds it.
        do {
            lock = try DataFileLock.acquire(for: url, role: .command, wait: 5, createFolder: false)
            lockRefusal = nil
        } catch {
            lock = nil
            lockRefusal = error
        }
        let store = JSONTripStore(url: url)
        let document: TripDocument?
        do { document = try store.load() } catch { throw UserError("\(error)") }
        repository = TripRepository(store: store, trips: document?.trips ?? [])
        unit = options.units
    }

    func trip(_ query: String) throws -> Trip {
        switch TripResolver.resolve(query, in: repository.trips) {
        case let .success(trip): return trip
        case let .failure(error): throw UserError(error.description)
        }
    }

    /// Applies an edit and saves it atomically; a failed save is a user error and changes nothing on disk.
    func edit(_ label: String = "edit", _ body: (inout [Trip]) -> Void) throws {
        if let lockRefusal, case .held = lockRefusal { throw UserError("\(lockRefusal); nothing was changed") }
        if let error = repository.perform(label, body) { throw UserError(error) }
    }
}

/// Runs a subcommand body on the main actor and maps user errors to status 1.
func runCommand(_ body: @MainActor () throws -> Void) throws {
    do {
        try MainActor.assumeIsolated { try body() }
    } catch let error as UserError {
        printError(error.description)
        throw ExitCode(1)
    }
}

/// Standard output, always sanitised.
enum Output {
    static func line(_ text: String = "") {
        print(TerminalText.sanitize(text, keepTabs: true))
    }

    /// Pretty, sorted JSON: stable for scripts. The encoder escapes C0 controls; DEL, C1 controls
    /// and bidi overrides, which it leaves raw, are escaped too, so the terminal never sees them.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        print(TerminalText.escapeJSON(String(decoding: data, as: UTF8.self)))
    }
}
