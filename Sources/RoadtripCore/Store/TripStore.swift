/// Reads and writes the whole trip document.
///
/// The JSON file store is the real one; tests hand interactors doubles that can fail on demand.
public protocol TripStore: AnyObject {
    /// The document on disk, or nil when there is no file yet.
    func load() throws -> TripDocument?
    /// Replaces the document on disk, atomically: either the old or the new content survives.
    func save(_ document: TripDocument) throws
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
