import Foundation

/// Why the gazetteer could not be loaded; each names the file and the problem.
public enum GazetteerError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case notFound(searched: [String])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read gazetteer file \(path): \(reason)"
        case let .malformed(path, reason): return "gazetteer file \(path) is malformed: \(reason)"
        case let .notFound(searched):
            return "gazetteer data not found (looked in \(searched.joined(separator: ", "))); "
                + "set ROADTRIP_GAZETTEER to the folder holding gazetteer-index.bin"
        }
    }
}
