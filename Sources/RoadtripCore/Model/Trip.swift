import Foundation

/// A named, ordered list of stops, with what the itinerary needs to turn it into days.
public struct Trip: Hashable, Sendable, Identifiable {
    /// Eight hours at the wheel a day.
    public static let defaultDailyDrivingLimit: TimeInterval = 8 * 3600
    /// 08:00, in minutes after local midnight.
    public static let defaultDailyStartMinutes = 8 * 60

    public var id: UUID
    public var name: String
    public var waypoints: [Waypoint]
    /// When the trip leaves its first stop; nil until the person sets it.
    public var startDate: Date?
    /// The most driving in one day before the itinerary breaks for the night.
    public var dailyDrivingLimit: TimeInterval
    /// When each day after the first sets off, in minutes after midnight where the night was spent.
    public var dailyStartMinutes: Int
    public var fuelConsumption: FuelConsumption?
    /// Price per litre, or per gallon when the consumption is in mpg (see `FuelConsumption`).
    public var fuelPrice: Double?
    /// The kinds of road the trip's routes stay off where the road router can.
    public var avoid: RoadAvoidance
    /// How far the vehicle goes between fills or charges; nil when the person has not said.
    public var range: VehicleRange?
    /// A sample shown to a person with no trips file yet: never saved (the store leaves it out)
    /// until an edit makes it theirs. Not part of the file format.
    public var isExample = false

    public init(
        id: UUID = UUID(), name: String, waypoints: [Waypoint] = [],
        startDate: Date? = nil,
        dailyDrivingLimit: TimeInterval = Trip.defaultDailyDrivingLimit,
        dailyStartMinutes: Int = Trip.defaultDailyStartMinutes,
        fuelConsumption: FuelConsumption? = nil,
        fuelPrice: Double? = nil,
        avoid: RoadAvoidance = [],
        range: VehicleRange? = nil
    ) {
        self.range = range
        self.id = id
        self.name = name
        self.waypoints = waypoints
        self.startDate = startDate
        self.dailyDrivingLimit = dailyDrivingLimit
        self.dailyStartMinutes = dailyStartMinutes
        self.fuelConsumption = fuelConsumption
        self.fuelPrice = fuelPrice
        self.avoid = avoid
    }

    public var coordinates: [Coordinate] { waypoints.map(\.coordinate) }
}

extension Trip: Codable {
    // Files written before the itinerary fields existed lack them: they read as the defaults.
    private enum CodingKeys: String, CodingKey {
        case id, name, waypoints, startDate, dailyDrivingLimit, dailyStartMinutes, fuelConsumption, fuelPrice, avoid, range
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        waypoints = try c.decode([Waypoint].self, forKey: .waypoints)
        startDate = try ISO8601Text.decodeIfPresent(c, forKey: .startDate)
        dailyDrivingLimit =
            try c.decodeIfPresent(TimeInterval.self, forKey: .dailyDrivingLimit)
            ?? Trip.defaultDailyDrivingLimit
        guard dailyDrivingLimit.isFinite, dailyDrivingLimit > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .dailyDrivingLimit, in: c,
                debugDescription: "dailyDrivingLimit must be a positive number of seconds")
        }
        dailyStartMinutes =
            try c.decodeIfPresent(Int.self, forKey: .dailyStartMinutes)
            ?? Trip.defaultDailyStartMinutes
        guard (0..<24 * 60).contains(dailyStartMinutes) else {
            throw DecodingError.dataCorruptedError(
                forKey: .dailyStartMinutes, in: c,
                debugDescription: "dailyStartMinutes must be between 0 and 1439 (minutes after midnight)")
        }
        fuelConsumption = try c.decodeIfPresent(FuelConsumption.self, forKey: .fuelConsumption)
        if let fuel = fuelConsumption, !fuel.isValid {
            throw DecodingError.dataCorruptedError(
                forKey: .fuelConsumption, in: c,
                debugDescription: "fuelConsumption value must be 0.5–100 L/100km or 2–500 mpg")
        }
        fuelPrice = try c.decodeIfPresent(Double.self, forKey: .fuelPrice)
        if let price = fuelPrice, !(price.isFinite && price >= 0) {
            throw DecodingError.dataCorruptedError(
                forKey: .fuelPrice, in: c,
                debugDescription: "fuelPrice must be zero or a positive number")
        }
        let words = try c.decodeIfPresent(String.self, forKey: .avoid) ?? ""
        guard let avoid = RoadAvoidance(words: words) else {
            throw DecodingError.dataCorruptedError(
                forKey: .avoid, in: c,
                debugDescription: "avoid must list motorways, tolls or ferries, separated by commas")
        }
        self.avoid = avoid
        range = try c.decodeIfPresent(VehicleRange.self, forKey: .range)
        if let range, !range.isValid {
            throw DecodingError.dataCorruptedError(
                forKey: .range, in: c, debugDescription: "range must be 20,000–3,000,000 metres")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(waypoints, forKey: .waypoints)
        try c.encodeIfPresent(startDate.map { ISO8601Text.string($0) }, forKey: .startDate)
        try c.encode(dailyDrivingLimit, forKey: .dailyDrivingLimit)
        try c.encode(dailyStartMinutes, forKey: .dailyStartMinutes)
        try c.encodeIfPresent(fuelConsumption, forKey: .fuelConsumption)
        try c.encodeIfPresent(fuelPrice, forKey: .fuelPrice)
        if !avoid.isEmpty { try c.encode(avoid.listText, forKey: .avoid) }
        try c.encodeIfPresent(range, forKey: .range)
    }
}

/// Everything in the data file.
public struct TripDocument: Hashable, Sendable, Codable {
    /// The newest format this build reads and writes.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var trips: [Trip]

    public init(formatVersion: Int = TripDocument.currentFormatVersion, trips: [Trip]) {
        self.formatVersion = formatVersion
        self.trips = trips
    }
}
