import Foundation

/// Reads a position in every form people type and paste.
///
/// Decimal degrees with a comma or spaces between (`47.8, 13.05`, `-33.86 151.21`), signed or
/// with N/S/E/W before or after (`N47.8 E13.05`, `47.8N 13.05E`), degrees–minutes–seconds with
/// symbols or spaces (`47°16'08"N 11°23'35"E`, `47 16 08 N 11 23 35 E`), degrees and decimal
/// minutes (`47 33.732 N, 13 38.958 E`), and links from Google Maps, OpenStreetMap and `geo:`
/// URIs (see `PositionLink`). The editor's position field, `add-stop`, `edit-stop` and `route`
/// all read positions here, so the same text means the same place everywhere.
public enum PositionParser {
    /// What a text is, as a position.
    public enum Reading: Equatable, Sendable {
        /// A position on the Earth, and the place name a link carried with it, if any.
        case position(Coordinate, label: String?)
        /// Position notation that cannot be a position; the one-line message says what was understood.
        case invalid(String)
        /// Not position notation at all: a place name, say.
        case notAPosition
    }

    /// Reads `text` as a position.
    public static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .notAPosition }
        if let link = PositionLink.read(trimmed) { return link }
        return readNotation(trimmed)
    }

    /// The position `text` holds, or nil (a name, or a position that cannot be).
    public static func coordinate(_ text: String) -> Coordinate? {
        if case let .position(c, _) = read(text) { return c }
        return nil
    }

    /// Reads a pair written in degrees, without links.
    static func readNotation(_ text: String) -> Reading {
        guard let tokens = PositionTokens.tokens(normalized(text)) else { return .notAPosition }
        guard tokens.contains(where: \.isNumber) else { return .notAPosition }
        let shown = PlainText.quoted(text, limit: 40)
        let halves: ([PositionToken], [PositionToken])
        switch PositionTokens.halves(tokens) {
        case let .success(pair): halves = pair
        case let .failure(problem): return .invalid("“\(shown)”: \(problem.message)")
        }
        let first: PositionComponent, second: PositionComponent
        switch (PositionComponent.make(halves.0), PositionComponent.make(halves.1)) {
        case let (.success(a), .success(b)): (first, second) = (a, b)
        case let (.failure(problem), _), let (_, .failure(problem)): return .invalid("“\(shown)”: \(problem.message)")
        }
        let latitude: PositionComponent, longitude: PositionComponent
        switch (first.axis, second.axis) {
        case (.longitude?, .latitude?), (.longitude?, nil), (nil, .latitude?):
            (latitude, longitude) = (second, first)
        case (.latitude?, .latitude?):
            return .invalid("“\(shown)”: both halves are latitudes (N/S); one must be a longitude (E/W).")
        case (.longitude?, .longitude?):
            return .invalid("“\(shown)”: both halves are longitudes (E/W); one must be a latitude (N/S).")
        default:
            (latitude, longitude) = (first, second)
        }
        // The values read name the input well enough, and keep the line short for the editor's field.
        let understood = "(read \(degrees(latitude.value)), \(degrees(longitude.value)))"
        guard abs(latitude.value) <= 90 else {
            return .invalid("Latitude \(degrees(latitude.value)) is outside −90°…90° \(understood).")
        }
        guard abs(longitude.value) <= 180 else {
            return .invalid("Longitude \(degrees(longitude.value)) is outside −180°…180° \(understood).")
        }
        return .position(Coordinate(latitude: latitude.value, longitude: longitude.value), label: nil)
    }

    /// Typographic primes, degree look-alikes, Unicode minus and odd spaces as their plain forms.
    private static func normalized(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let s = pending ?? scalars.next() {
            pending = nil
            switch s {
            case "′", "’", "‘", "´", "`": out.unicodeScalars.append("'")
            case "″", "”", "“": out.unicodeScalars.append("\"")
            case "º", "˚", "ᵒ": out.unicodeScalars.append("°")
            case "−", "–", "‐": out.unicodeScalars.append("-")
            case "\u{00A0}", "\u{2009}", "\u{202F}", "\t": out.unicodeScalars.append(" ")
            case "'":
                // Two apostrophes are the seconds sign typed on a keyboard without ″.
                let next = scalars.next()
                if next == "'" {
                    out.unicodeScalars.append("\"")
                } else {
                    out.unicodeScalars.append("'")
                    pending = next
                }
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// "47.8095°" or "−13.5°".
    static func degrees(_ value: Double) -> String { number(value) + "°" }

    /// "47.8095" or "−13.5": up to seven decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        var s = String(format: "%.7f", value)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        if s == "-0" { s = "0" }
        return s.replacingOccurrences(of: "-", with: "−")
    }
}

/// Why a text that looks like a position is not one.
struct PositionProblem: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
