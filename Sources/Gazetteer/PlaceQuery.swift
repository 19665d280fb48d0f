import RoadtripCore

/// What a person typed in a place field, taken apart: a name with optional comma
/// qualifiers ("Portland, ME"), or a coordinate pair ("48.8584, 2.2945").
enum PlaceQuery: Equatable {
    case name(String, qualifiers: [String])
    case coordinate(Coordinate, text: String)

    /// Longer than any place name with its qualifiers: refused rather than searched.
    static let maximumLength = 200

    /// nil for input that cannot name a place: empty, too long, control characters or
    /// escape sequences, or text that was not valid UTF-8 (decoded with U+FFFD).
    init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength else { return nil }
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFD { return nil }
        }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if let (coordinate, shown) = Self.coordinate(in: trimmed) {
            self = .coordinate(coordinate, text: shown)
            return
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard !parts[0].isEmpty else { return nil }
        self = .name(parts[0], qualifiers: parts.dropFirst().filter { !$0.isEmpty })
    }

    /// "48.8584, 2.2945", "48.8584 2.2945" or "-33.86,151.21": two decimals within range.
    static func coordinate(in text: String) -> (Coordinate, String)? {
        let pieces = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        let commas = text.filter { $0 == "," }.count
        guard pieces.count == 2, commas <= 1,
            let lat = ByteParsing.decimal(ArraySlice(pieces[0].utf8)),
            let lon = ByteParsing.decimal(ArraySlice(pieces[1].utf8))
        else { return nil }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else { return nil }
        return (c, "\(pieces[0]), \(pieces[1])")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
