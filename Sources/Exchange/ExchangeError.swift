/// Why a trip could not be imported or exported.
///
/// `description` is one line naming the file and the problem, ready for stderr:
/// `trip.gpx:12: latitude 91.5 is out of range (-90...90)`.
public struct ExchangeError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The file holds nothing (or only whitespace).
        case empty
        /// The file is larger than the import cap; it was not read.
        case tooLarge
        /// The file could not be opened or read (missing, a folder, no permission).
        case unreadable
        /// Not well-formed XML, JSON or CSV.
        case malformed
        /// Well-formed, but not the expected document (`<kml>` instead of `<gpx>`, a JSON array...).
        case wrongRoot
        /// A DTD or entity declaration: refused so nothing is expanded or fetched.
        case entityDeclaration
        /// A coordinate is missing, not a number or out of range.
        case invalidCoordinate
        /// The file is valid but holds no point that could become a stop.
        case noStops
        /// A valid file this build cannot take (other text encoding, newer format version, unknown format).
        case unsupported
        /// The exported file could not be written.
        case writeFailed
    }

    public var kind: Kind
    /// The file as the user named it.
    public var file: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// What is wrong, without the file name.
    public var reason: String

    public init(_ kind: Kind, file: String, line: Int? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        // File names and reasons may quote outside text: keep the message one printable line.
        return ImportedText.singleLine("\(place): \(reason)")
    }
}

/// A problem found while parsing, before the file name is attached.
struct ParseFailure: Error {
    var kind: ExchangeError.Kind
    var line: Int?
    var reason: String

    init(_ kind: ExchangeError.Kind, line: Int? = nil, _ reason: String) {
        self.kind = kind
        self.line = line
        self.reason = reason
    }

    func attached(to file: String) -> ExchangeError {
        ExchangeError(kind, file: file, line: line, reason: reason)
    }
}
