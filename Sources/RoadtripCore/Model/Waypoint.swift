import Foundation

/// One stop of a trip.
public struct Waypoint: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var coordinate: Coordinate
    /// How long the trip stays here; 0 drives straight through.
    public var stay: TimeInterval
    /// Whether the night is spent here: the next day sets off at the trip's daily start time.
    public var overnight: Bool
    public var note: String
    /// When the trip must be here (a booking, a ferry); the itinerary waits for it or warns when late.
    public var fixedArrival: Date?
    /// IANA zone id ("Europe/Berlin"), set when the stop came from the gazetteer; nil when typed by hand.
    public var timeZone: String?
    /// First-level region ("Illinois") of the place the stop was chosen as; nil when typed by hand.
    public var region: String?
    /// Country ("United States") of the place the stop was chosen as; nil when typed by hand.
    public var country: String?
    /// A shaping point, not a stop: the route passes here (the alternative a person chose), the
    /// itinerary does not stop here.
    public var via: Bool

    public init(
        id: UUID = UUID(), name: String, coordinate: Coordinate,
        stay: TimeInterval = 0, overnight: Bool = false, note: String = "",
        fixedArrival: Date? = nil, timeZone: String? = nil, region: String? = nil, country: String? = nil,
        via: Bool = false
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.stay = stay
        self.overnight = overnight
        self.note = note
        self.fixedArrival = fixedArrival
        self.timeZone = timeZone
        self.region = region
        self.country = country
        self.via = via
    }
}

extension Waypoint: Codable {
    // Latitude and longitude sit beside the name in the file, so hand edits stay simple.
    // Files written before the itinerary fields existed lack them: they read as the defaults.
    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, stay, overnight, note, fixedArrival, timeZone, region, country, via
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        coordinate = Coordinate(
            latitude: try c.decode(Double.self, forKey: .latitude),
            longitude: try c.decode(Double.self, forKey: .longitude)
        )
        stay = try c.decodeIfPresent(TimeInterval.self, forKey: .stay) ?? 0
        guard stay.isFinite, stay >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .stay, in: c,
                debugDescription: "stay must be zero or a positive number of seconds")
        }
        overnight = try c.decodeIfPresent(Bool.self, forKey: .overnight) ?? false
        note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
        fixedArrival = try ISO8601Text.decodeIfPresent(c, forKey: .fixedArrival)
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone)
        region = try c.decodeIfPresent(String.self, forKey: .region)
        country = try c.decodeIfPresent(String.self, forKey: .country)
        via = try c.decodeIfPresent(Bool.self, forKey: .via) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(stay, forKey: .stay)
        try c.encode(overnight, forKey: .overnight)
        try c.encode(note, forKey: .note)
        try c.encodeIfPresent(fixedArrival.map { ISO8601Text.string($0) }, forKey: .fixedArrival)
        try c.encodeIfPresent(timeZone, forKey: .timeZone)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encodeIfPresent(country, forKey: .country)
        if via { try c.encode(true, forKey: .via) }
    }
}
