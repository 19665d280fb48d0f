import RoadtripCore

/// A town or city from the gazetteer, or a typed coordinate offered as a place.
///
/// Names are GeoNames data: the build strips control characters, but anything shown on a
/// terminal still goes through `TerminalText.sanitize`.
public struct Place: Sendable, Hashable {
    /// The place's name as GeoNames spells it ("Zürich"), or the typed coordinates.
    public var name: String
    /// First-level region (state, province, Land); empty when unknown.
    public var region: String
    /// Country name ("United States"); empty when unknown.
    public var country: String
    /// ISO 3166-1 alpha-2 code ("US"); empty when unknown.
    public var countryCode: String
    public var coordinate: Coordinate
    /// 0 when GeoNames does not know it (and for typed coordinates).
    public var population: Int
    /// IANA time zone ("America/Los_Angeles"); empty when unknown.
    public var timeZone: String
    /// How the search found it: set by the search, `.name` elsewhere.
    public var matched: PlaceMatch = .name
    /// What an imported point of interest is ("park", "peak", "fuel"…); empty for GeoNames' towns.
    public var feature = ""
    /// Where it came from when not the built-in gazetteer: "OpenStreetMap, monaco", "Nominatim, nominatim.openstreetmap.org".
    public var source = ""
    /// Metres above the sea, for a peak or a pass; nil when unknown.
    public var elevation: Int?
    /// The name the search found it by, its own or another, is exactly what was typed (qualifiers
    /// aside), not only begun: "Uluru" for Uluṟu-Kata Tjuta National Park. Set by the search.
    public var typedExactly = false
    /// How near the search's context it is (`PlaceContext`); nil for a search made without one.
    public var nearness: Nearness?
    /// Its standing in the search that found it, lower better (kind of match, size and, with a
    /// context, distance, in `Gazetteer.MatchPenalty`'s units); comparable within one search only.
    var score = 0.0

    public init(
        name: String, region: String, country: String, countryCode: String,
        coordinate: Coordinate, population: Int, timeZone: String
    ) {
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
    }

    /// What kind of place it is: an imported feature's own kind, else as far as its size tells, "city",
    /// "town" or "village" (GeoNames' populated places carry no finer kind here); empty for typed coordinates.
    public var kind: String {
        if !feature.isEmpty { return feature }
        return switch population {
        case 100_000...: "city"
        case 5_000..<100_000: "town"
        case 1..<5_000: "village"
        default: ""
        }
    }

    /// What a row shows of its size: "2,600,000" people, or "2,757 m" for a peak or a pass; empty when unknown.
    public var size: String {
        if population > 0 { return Formatting.grouped(population) }
        if let elevation { return Formatting.grouped(elevation) + " m" }
        return ""
    }

    /// "Portland, Oregon, United States": the non-empty parts joined.
    public var label: String {
        [name, region, country].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// How a search found a place, so a row can say why when its name does not show what was typed.
public enum PlaceMatch: Sendable, Hashable {
    /// Its own name is, or begins with, what was typed (or typed coordinates).
    case name
    /// One of its other names (another language, an old or local spelling) is, or begins with, it.
    case alias
    /// Its own name is one letter away from what was typed.
    case misspelling
    /// One of its other names is one letter away from what was typed.
    case misspelledAlias

    /// Found only through a name one letter away from what was typed.
    public var isTypo: Bool { self == .misspelling || self == .misspelledAlias }

    /// The order kinds of match keep whatever the sizes: a typo never outranks a name that is, or
    /// begins with, what was typed, and a typo of another name never outranks a typo of a place's own.
    var tier: Int {
        switch self {
        case .name, .alias: 0
        case .misspelling: 1
        case .misspelledAlias: 2
        }
    }

    /// `alias “Seville”`, `spelled “Pheonix”`; nil when the name itself matched.
    public func reason(typed: String) -> String? {
        let quoted = "“" + typed.trimmingCharacters(in: .whitespaces) + "”"
        switch self {
        case .name: return nil
        case .alias: return "alias " + quoted
        case .misspelling: return "spelled " + quoted
        case .misspelledAlias: return "≈ alias " + quoted
        }
    }
}
