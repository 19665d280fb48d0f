/// Reads and writes the whole trip document.
///
/// The JSON file store is the real one; tests hand interactors doubles that can fail on demand.
public protocol TripStore: AnyObject {
    /// The document on disk, or nil when there is no file yet.
    func load() throws -> TripDocument?
    /// Replaces the document on disk, atomically: either the old or the new content survives.
    func save(_ document: TripDocument) throws
    /// What the last saves did about another program's changes to the file (nil when there were
    /// none, or when the store cannot tell), taken once.
    func takeExternalChange() -> ExternalChange?
}

extension TripStore {
    public func takeExternalChange() -> ExternalChange? { nil }
}

/// What a save did about another program's change to the data file.
public struct ExternalChange: Equatable, Sendable {
    /// The trips now on disk when they differ from what was asked to be saved (a merge); nil otherwise.
    public var trips: [Trip]?
    /// One line for the status line.
    public var notice: String

    public init(trips: [Trip]?, notice: String) {
        self.trips = trips
        self.notice = notice
    }
}

/// Why the data file could not be used. `description` is one line naming the file and the problem.
public struct TripStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case unreadable
        case malformed(line: Int, column: Int)
        case invalidContent
        case newerVersion(Int)
        case writeFailed
    }

    public var kind: Kind
    public var path: String
    public var reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch kind {
        case let .malformed(line, column):
            "\(path):\(line):\(column): \(reason)"
        default:
            "\(path): \(reason)"
        }
    }
}
