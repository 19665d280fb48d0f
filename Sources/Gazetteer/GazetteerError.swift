import Foundation

/// Why the gazetteer could not be loaded; each names the file and the problem.
enum GazetteerError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    /// The data folder or the gazetteer's files in it are missing; the one-line reason.
    case notFound(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read gazetteer file \(path): \(reason)"
        case let .malformed(path, reason): return "gazetteer file \(path) is malformed: \(reason)"
        case let .notFound(reason): return reason
        }
    }
}
