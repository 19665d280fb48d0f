import Foundation

/// One stop of a trip.
public struct Waypoint: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var coordinate: Coordinate
    /// How long the trip stays here; 0 drives straight through.
    public var stay: TimeInterval
    /// Nights spent here: 0 passes through (or stays `stay` only); N sets off at the trip's daily
    /// start time on the Nth morning after the arrival.
    public var nights: Int
    /// Whether the day that reaches this stop may drive over the daily limit to keep the stop's
    /// fixed arrival: the person's choice, said in the itinerary, never assumed.
    public var overLimit: Bool
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
        stay: TimeInterval = 0, overnight: Bool = false, nights: Int = 0, note: String = "",
        fixedArrival: Date? = nil, timeZone: String? = nil, region: String? = nil, country: String? = nil,
        via: Bool = false, overLimit: Bool = false
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.stay = stay
        self.nights = overnight ? max(nights, 1) : nights
        self.overLimit = overLimit
        self.note = note
        self.fixedArrival = fixedArrival
        self.timeZone = timeZone
        self.region = region
        self.country = country
        self.via = via
    }

    /// Whether at least one night is spent here; setting it true makes it one night when none was set.
    public var overnight: Bool {
        get { nights > 0 }
        set { nights = newValue ? max(nights, 1) : 0 }
    }
}

extension Waypoint: Codable {
    // Latitude and longitude sit beside the name in the file, so hand edits stay simple.
    // Files written before the itinerary fields existed lack them: they read as the defaults.
    // Files written before nights read `overnight: true` as one night; `overnight` is still written
    // (true when there is a night) so an older roadtrip reads a newer file with the same days.
    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, stay, overnight, nights, note, fixedArrival, timeZone, region, country, via,
            overLimit
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
        let overnight = try c.decodeIfPresent(Bool.self, forKey: .overnight) ?? false
        nights = try c.decodeIfPresent(Int.self, forKey: .nights) ?? (overnight ? 1 : 0)
        guard Plausibility.nights.contains(nights) else {
            throw DecodingError.dataCorruptedError(
                forKey: .nights, in: c, debugDescription: "nights must be a whole number from 0 to 366")
        }
        overLimit = try c.decodeIfPresent(Bool.self, forKey: .overLimit) ?? false
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
        if nights > 0 { try c.encode(nights, forKey: .nights) }
        if overLimit { try c.encode(true, forKey: .overLimit) }
        try c.encode(note, forKey: .note)
        try c.encodeIfPresent(fixedArrival.map { ISO8601Text.string($0) }, forKey: .fixedArrival)
        try c.encodeIfPresent(timeZone, forKey: .timeZone)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encodeIfPresent(country, forKey: .country)
        if via { try c.encode(true, forKey: .via) }
    }
}
