import Foundation
import RoadtripCore

/// A trip turned into days on the road: when each stop is reached and left, where the nights fall.
///
/// The `--json` output is this value encoded with sorted keys. Its shape, stable across releases
/// (fields may be added, never renamed or removed):
///
/// ```
/// { "trip": String, "startAssumed": Bool, "dailyDrivingLimit": seconds, "dailyStart": "HH:mm",
///   "stops": [ { "index", "id", "name", "note", "timeZone": IANA id,
///                "timeZoneSource": "stop" | "lookup" | "fallback",
///                "arrival"?, "departure"?, "fixedArrival"?: local ISO 8601 with offset,
///                "stay", "wait", "late": seconds,
///                "night"?: "planned" | "drivingLimit" } ],
///   "legs": [ { "from", "to": stop index, "day": number, "distanceMeters", "driveSeconds",
///               "estimated": Bool } ],
///   "days": [ { "number", "date": "YYYY-MM-DD" (local, at the first stop), "firstStop", "lastStop",
///               "drivingSeconds", "distanceMeters", "end": "overnight" | "drivingLimit" | "tripEnd" } ],
///   "warnings": [ { "kind": "lateArrival" | "dayOverLimit" | "legOverLimit",
///                   "stop"?, "leg"?, "day"?, "seconds", "message" } ],
///   "totals": { "days", "drivingSeconds", "distanceMeters", "fuelVolume"?, "fuelUnit"?, "fuelCost"? },
///   "notes": [String] }
/// ```
/// Times are local to the stop they belong to, written with that zone's offset
/// ("2026-03-29T04:00:00+02:00"), so each names both the instant and the wall-clock time.
public struct Itinerary: Hashable, Sendable, Codable {
    public var trip: String
    /// Whether the trip had no start date and the plan assumed one (see `notes`).
    var startAssumed: Bool
    public var dailyDrivingLimit: TimeInterval
    /// The daily start time, "08:00".
    var dailyStart: String
    public var stops: [ItineraryStop]
    public var legs: [ItineraryLeg]
    public var days: [ItineraryDay]
    var warnings: [ItineraryWarning]
    public var totals: ItineraryTotals
    /// Plain-language caveats: assumed start, estimated drive times, unknown time zones.
    public var notes: [String]

    /// The `--json` text: pretty-printed, keys sorted.
    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// One stop with its times, in its own time zone.
public struct ItineraryStop: Hashable, Sendable {
    /// Where the stop's time zone came from.
    public enum ZoneSource: String, Hashable, Sendable, Codable {
        /// The stop's own `timeZone` (set by the gazetteer).
        case stop
        /// The lookup the caller handed in (the nearest gazetteer place).
        case lookup
        /// Nothing knew: UTC.
        case fallback
    }

    /// Why the night is spent here.
    public enum Night: String, Hashable, Sendable, Codable {
        /// The stop is marked overnight.
        case planned
        /// The next leg would take the day over the driving limit: a suggested overnight.
        case drivingLimit
    }

    public var index: Int
    public var id: UUID
    public var name: String
    public var note: String
    public var timeZone: TimeZone
    var timeZoneSource: ZoneSource
    /// Nil for the first stop.
    public var arrival: Date?
    /// Nil for the last stop.
    var departure: Date?
    public var fixedArrival: Date?
    public var stay: TimeInterval
    /// Time spent waiting for a fixed arrival reached early.
    public var wait: TimeInterval
    /// How late the arrival is for its fixed time; 0 when on time.
    public var late: TimeInterval
    public var night: Night?
}

extension ItineraryStop: Codable {
    private enum CodingKeys: String, CodingKey {
        case index, id, name, note, timeZone, timeZoneSource, arrival, departure, fixedArrival, stay, wait, late, night
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        note = try c.decode(String.self, forKey: .note)
        let zoneID = try c.decode(String.self, forKey: .timeZone)
        guard let zone = TimeZone(identifier: zoneID) else {
            throw DecodingError.dataCorruptedError(forKey: .timeZone, in: c, debugDescription: "unknown time zone \(zoneID)")
        }
        timeZone = zone
        timeZoneSource = try c.decode(ZoneSource.self, forKey: .timeZoneSource)
        arrival = try c.decodeIfPresent(String.self, forKey: .arrival).flatMap(ISO8601Text.date)
        departure = try c.decodeIfPresent(String.self, forKey: .departure).flatMap(ISO8601Text.date)
        fixedArrival = try c.decodeIfPresent(String.self, forKey: .fixedArrival).flatMap(ISO8601Text.date)
        stay = try c.decode(TimeInterval.self, forKey: .stay)
        wait = try c.decode(TimeInterval.self, forKey: .wait)
        late = try c.decode(TimeInterval.self, forKey: .late)
        night = try c.decodeIfPresent(Night.self, forKey: .night)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let local = { (date: Date) in ISO8601Text.string(date, in: timeZone) }
        try c.encode(index, forKey: .index)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(note, forKey: .note)
        try c.encode(timeZone.identifier, forKey: .timeZone)
        try c.encode(timeZoneSource, forKey: .timeZoneSource)
        try c.encodeIfPresent(arrival.map(local), forKey: .arrival)
        try c.encodeIfPresent(departure.map(local), forKey: .departure)
        try c.encodeIfPresent(fixedArrival.map(local), forKey: .fixedArrival)
        try c.encode(stay, forKey: .stay)
        try c.encode(wait, forKey: .wait)
        try c.encode(late, forKey: .late)
        try c.encodeIfPresent(night, forKey: .night)
    }
}

/// The drive from one stop to the next.
public struct ItineraryLeg: Hashable, Sendable, Codable {
    public var from: Int
    public var to: Int
    /// The day (1-based) the leg is driven on.
    public var day: Int
    public var distanceMeters: Double
    public var driveSeconds: Double
    /// Whether the drive time is the straight-line estimate rather than a router's figure.
    public var estimated: Bool
    /// True when no road joins the stops (a sea between them): not driven, no time, no distance
    /// driven; absent otherwise.
    public var noRoad: Bool?
    /// The car ferry the drive needs ("Messina Strait ferry (Villa San Giovanni - Messina)"); absent otherwise.
    public var ferry: String?
}

/// One day on the road: from the stop it sets off from to the stop where it ends.
public struct ItineraryDay: Hashable, Sendable, Codable {
    public enum End: String, Hashable, Sendable, Codable {
        /// At a stop marked overnight.
        case overnight
        /// Where the next leg would exceed the daily driving limit.
        case drivingLimit
        /// At the last stop.
        case tripEnd
    }

    public var number: Int
    /// The local date of the day's departure, "2026-03-28".
    public var date: String
    var firstStop: Int
    var lastStop: Int
    var drivingSeconds: Double
    public var distanceMeters: Double
    public var end: End
}

/// Something in the plan that does not work as the person set it up.
struct ItineraryWarning: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A fixed arrival time that cannot be met; `seconds` is how late.
        case lateArrival
        /// A day with more driving than the limit; `seconds` is the excess.
        case dayOverLimit
        /// A leg that alone takes longer than the limit; `seconds` is the excess.
        case legOverLimit
        /// A leg no road joins (a sea between its stops): not driven, so not in any day's driving.
        case noRoad
        /// A drive that needs a car ferry; `seconds` is 0 (the crossing's time is not known here).
        case ferryNeeded
        /// A drive whose straight line crosses open sea: its estimate is short.
        case seaOnTheLine
    }

    public var kind: Kind
    public var stop: Int?
    public var leg: Int?
    public var day: Int?
    public var seconds: Double
    /// One sentence for people; holds stop names, so sanitise before it reaches a terminal.
    public var message: String
}

/// The whole trip in figures.
public struct ItineraryTotals: Hashable, Sendable, Codable {
    public var days: Int
    var drivingSeconds: Double
    public var distanceMeters: Double
    /// Litres or gallons, in the unit of the trip's fuel consumption; nil without one.
    var fuelVolume: Double?
    /// "L", "US gal" or "imp gal": the unit of `fuelVolume` and the one the price is per.
    var fuelUnit: String?
    /// `fuelVolume` × the trip's fuel price; nil without both.
    var fuelCost: Double?
}
