import Foundation
import RoadtripCore

/// A trip turned into the days of a calendar: when each stop is reached and left, where every
/// night falls, what each day drives.
///
/// Day N is the Nth calendar day of the trip, counted in local dates from the day it leaves; a
/// day with no driving (a second night somewhere) is a day all the same. The `--json` output is
/// this value encoded with sorted keys. Its shape, stable across releases (fields may be added,
/// never renamed or removed):
///
/// ```
/// { "trip": String, "startAssumed": Bool, "plannedBackwards": Bool, "dailyDrivingLimit": seconds,
///   "dailyStart": "HH:mm",
///   "stops": [ { "index", "id", "name", "note", "latitude", "longitude", "timeZone": IANA id,
///                "timeZoneSource": "stop" | "lookup" | "fallback",
///                "arrival"?, "departure"?, "fixedArrival"?: local ISO 8601 with offset,
///                "stay", "wait", "late": seconds, "nights": Int,
///                "night"?: "planned" | "drivingLimit" | "evening" } ],
///   "legs": [ { "from", "to": stop index, "day": number, "distanceMeters", "driveSeconds",
///               "estimated": Bool, "noRoad"?, "ferry"?, "parts"?: Int } ],
///   "days": [ { "number", "date": "YYYY-MM-DD", "firstStop", "lastStop", "drivingSeconds",
///               "distanceMeters", "end": "overnight" | "drivingLimit" | "rest" | "onTheRoad" | "tripEnd",
///               "nightAt"?: stop index, "suggestedNight"?: index into suggestedNights,
///               "events": [ { "kind": "depart" | "drive" | "arrive" | "night", "time", "end"?,
///                             "stop"?, "leg"?, "part"?, "parts"?, "seconds"?, "meters"?,
///                             "suggested"?, "night"?, "nights"? } ] } ],
///   "suggestedNights": [ { "name", "region", "country", "kind", "latitude", "longitude",
///                          "leg", "day", "alongMeters", "beforeStop": stop id,
///                          "metersFromSplit" } ],
///   "warnings": [ { "kind", "stop"?, "leg"?, "day"?, "seconds", "message", "choices"? } ],
///   "totals": { "days", "nights", "drivingSeconds", "distanceMeters", "first", "last": "YYYY-MM-DD",
///               "fuelVolume"?, "fuelUnit"?, "fuelCost"? },
///   "notes": [String] }
/// ```
/// Times are local to where they happen, written with that zone's offset
/// ("2026-03-29T04:00:00+02:00"), so each names both the instant and the wall-clock time.
public struct Itinerary: Hashable, Sendable, Codable {
    public var trip: String
    /// Whether the trip had no start date and the plan assumed one (see `notes`).
    var startAssumed: Bool
    /// Whether the start was worked out backwards from the first fixed arrival.
    var plannedBackwards: Bool
    public var dailyDrivingLimit: TimeInterval
    /// The daily start time, "08:00".
    var dailyStart: String
    public var stops: [ItineraryStop]
    public var legs: [ItineraryLeg]
    public var days: [ItineraryDay]
    /// Where a drive too long for the day stops for the night, in the order they come.
    public var suggestedNights: [SuggestedNight]
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
        /// The stop has nights set.
        case planned
        /// The next leg would take the day over the driving limit with little of it left: the night is here.
        case drivingLimit
        /// A fixed arrival kept in the evening: the night is here, not on the road after it.
        case evening
    }

    public var index: Int
    public var id: UUID
    public var name: String
    public var note: String
    var coordinate: Coordinate
    public var timeZone: TimeZone
    var timeZoneSource: ZoneSource
    /// Nil for the first stop.
    public var arrival: Date?
    /// Nil for the last stop.
    var departure: Date?
    public var fixedArrival: Date?
    public var stay: TimeInterval
    /// Nights spent here: the stop's own, or 1 when the driving limit ends the day here.
    var nights: Int
    /// Time spent waiting for a fixed arrival reached early.
    public var wait: TimeInterval
    /// How late the arrival is for its fixed time; 0 when on time.
    public var late: TimeInterval
    public var night: Night?
}

extension ItineraryStop: Codable {
    private enum CodingKeys: String, CodingKey {
        case index, id, name, note, latitude, longitude, timeZone, timeZoneSource, arrival, departure, fixedArrival, stay, nights,
            wait, late,
            night
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        id = try c.decode(UUID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        note = try c.decode(String.self, forKey: .note)
        coordinate = Coordinate(
            latitude: try c.decodeIfPresent(Double.self, forKey: .latitude) ?? 0,
            longitude: try c.decodeIfPresent(Double.self, forKey: .longitude) ?? 0)
        timeZone = try ItineraryTime.zone(c.decode(String.self, forKey: .timeZone), in: c, forKey: .timeZone)
        timeZoneSource = try c.decode(ZoneSource.self, forKey: .timeZoneSource)
        arrival = try c.decodeIfPresent(String.self, forKey: .arrival).flatMap(ISO8601Text.date)
        departure = try c.decodeIfPresent(String.self, forKey: .departure).flatMap(ISO8601Text.date)
        fixedArrival = try c.decodeIfPresent(String.self, forKey: .fixedArrival).flatMap(ISO8601Text.date)
        stay = try c.decode(TimeInterval.self, forKey: .stay)
        nights = try c.decodeIfPresent(Int.self, forKey: .nights) ?? 0
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
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(timeZone.identifier, forKey: .timeZone)
        try c.encode(timeZoneSource, forKey: .timeZoneSource)
        try c.encodeIfPresent(arrival.map(local), forKey: .arrival)
        try c.encodeIfPresent(departure.map(local), forKey: .departure)
        try c.encodeIfPresent(fixedArrival.map(local), forKey: .fixedArrival)
        try c.encode(stay, forKey: .stay)
        try c.encode(nights, forKey: .nights)
        try c.encode(wait, forKey: .wait)
        try c.encode(late, forKey: .late)
        try c.encodeIfPresent(night, forKey: .night)
    }
}

/// The drive from one stop to the next.
public struct ItineraryLeg: Hashable, Sendable, Codable {
    public var from: Int
    public var to: Int
    /// The day (1-based) the leg sets off on.
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
    /// How many days' drives the leg is split into, when more than one.
    var parts: Int?
}

/// One calendar day of the trip: what it drives and where its night is.
public struct ItineraryDay: Hashable, Sendable, Codable {
    public enum End: String, Hashable, Sendable, Codable {
        /// At a stop with nights.
        case overnight
        /// Where the daily driving limit runs out: a suggested night, or a stop just before a long leg.
        case drivingLimit
        /// A day with no driving: the night before goes on.
        case rest
        /// The day's driving goes on past midnight into the next day.
        case onTheRoad
        /// At the last stop.
        case tripEnd
    }

    public var number: Int
    /// The local date, "2026-03-28": the trip's first date plus `number - 1`.
    public var date: String
    /// The stop the day sets off from (or spends at, on a day with no driving).
    var firstStop: Int
    /// The last stop reached by the day's end.
    var lastStop: Int
    var drivingSeconds: Double
    public var distanceMeters: Double
    public var end: End
    /// The stop where the day's night is spent, when it is at a stop.
    var nightAt: Int?
    /// The suggested night (an index into `suggestedNights`) where the day's driving stops mid-leg.
    var suggestedNight: Int?
    /// What happens, in order.
    var events: [ItineraryEvent]
}

/// One thing that happens on a day: setting off, a drive, an arrival, the night.
struct ItineraryEvent: Hashable, Sendable {
    enum Kind: String, Hashable, Sendable, Codable {
        case depart, drive, arrive, night
    }

    var kind: Kind
    var time: Date
    /// The zone `time` is shown in: where it happens (a drive: where it sets off).
    var zone: TimeZone
    /// When a drive ends (in `endZone`) or a night does.
    var end: Date?
    var endZone: TimeZone?
    /// The stop departed, arrived at or slept at.
    var stop: Int?
    /// The leg driven.
    var leg: Int?
    /// Which part of a split leg, from 1, and how many parts it has.
    var part: Int?
    var parts: Int?
    var seconds: Double?
    var meters: Double?
    /// A departure from or night at a suggested night (an index into `suggestedNights`).
    var suggested: Int?
    /// Which night of how many at the stop ("night 2 of 3").
    var night: Int?
    var nights: Int?
}

extension ItineraryEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, time, timeZone, end, endTimeZone, stop, leg, part, parts, seconds, meters, suggested, night, nights
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        zone = try ItineraryTime.zone(c.decode(String.self, forKey: .timeZone), in: c, forKey: .timeZone)
        guard let time = ISO8601Text.date(try c.decode(String.self, forKey: .time)) else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: c, debugDescription: "not a time")
        }
        self.time = time
        end = try c.decodeIfPresent(String.self, forKey: .end).flatMap(ISO8601Text.date)
        // Written only when it differs from the start's zone.
        endZone =
            try c.decodeIfPresent(String.self, forKey: .endTimeZone).flatMap(TimeZone.init(identifier:))
            ?? (end == nil ? nil : zone)
        stop = try c.decodeIfPresent(Int.self, forKey: .stop)
        leg = try c.decodeIfPresent(Int.self, forKey: .leg)
        part = try c.decodeIfPresent(Int.self, forKey: .part)
        parts = try c.decodeIfPresent(Int.self, forKey: .parts)
        seconds = try c.decodeIfPresent(Double.self, forKey: .seconds)
        meters = try c.decodeIfPresent(Double.self, forKey: .meters)
        suggested = try c.decodeIfPresent(Int.self, forKey: .suggested)
        night = try c.decodeIfPresent(Int.self, forKey: .night)
        nights = try c.decodeIfPresent(Int.self, forKey: .nights)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(ISO8601Text.string(time, in: zone), forKey: .time)
        try c.encode(zone.identifier, forKey: .timeZone)
        let endZone = endZone ?? zone
        try c.encodeIfPresent(end.map { ISO8601Text.string($0, in: endZone) }, forKey: .end)
        if end != nil, endZone != zone { try c.encode(endZone.identifier, forKey: .endTimeZone) }
        try c.encodeIfPresent(stop, forKey: .stop)
        try c.encodeIfPresent(leg, forKey: .leg)
        try c.encodeIfPresent(part, forKey: .part)
        try c.encodeIfPresent(parts, forKey: .parts)
        try c.encodeIfPresent(seconds, forKey: .seconds)
        try c.encodeIfPresent(meters, forKey: .meters)
        try c.encodeIfPresent(suggested, forKey: .suggested)
        try c.encodeIfPresent(night, forKey: .night)
        try c.encodeIfPresent(nights, forKey: .nights)
    }
}

/// Where a drive too long for what is left of the day stops for the night: not a stop of the
/// trip, a suggestion the person can add as one.
public struct SuggestedNight: Hashable, Sendable, Codable {
    /// "Tucumcari", or "412 km into the drive to Moab" when no place is known near it.
    public var name: String
    public var region: String
    public var country: String
    /// "town", "city", "village", "lodging", "camp site", or "" when it is only the point.
    var kind: String
    public var latitude: Double
    public var longitude: Double
    /// The leg (an index into `legs`) it lies on.
    var leg: Int
    /// The day whose night it is.
    var day: Int
    /// How far along the leg the day's driving runs out.
    var alongMeters: Double
    /// The stop it would be added before, to add it as a stop.
    public var beforeStop: UUID
    /// How far the place is from the point where the driving runs out.
    var metersFromSplit: Double
    /// Its time zone, when known.
    public var timeZone: String?

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

/// Something in the plan that does not work as the person set it up.
struct ItineraryWarning: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A fixed arrival time that cannot be met; `seconds` is how late.
        case lateArrival
        /// A day driven over the limit because the person chose to, to keep a fixed arrival.
        case dayOverLimit
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
    /// What the person can do about it, each a sentence with the command that does it.
    public var choices: [String]?
}

/// The whole trip in figures.
public struct ItineraryTotals: Hashable, Sendable, Codable {
    /// Calendar days from the first to the last, both counted.
    public var days: Int
    /// Nights away: days − 1.
    var nights: Int
    var drivingSeconds: Double
    public var distanceMeters: Double
    /// The first and last dates, "YYYY-MM-DD".
    var first: String
    var last: String
    /// Litres or gallons, in the unit of the trip's fuel consumption; nil without one.
    var fuelVolume: Double?
    /// "L", "US gal" or "imp gal": the unit of `fuelVolume` and the one the price is per.
    var fuelUnit: String?
    /// `fuelVolume` × the trip's fuel price; nil without both.
    var fuelCost: Double?
}

/// Reading zones back from the JSON.
enum ItineraryTime {
    static func zone<Key: CodingKey>(_ id: String, in c: KeyedDecodingContainer<Key>, forKey key: Key) throws -> TimeZone {
        guard let zone = TimeZone(identifier: id) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown time zone \(id)")
        }
        return zone
    }
}
