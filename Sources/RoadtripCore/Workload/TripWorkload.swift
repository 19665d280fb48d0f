import Foundation

/// Trips made up from a seed, the same on every run and machine, for benchmarks and tests.
///
/// The trips look like real ones (real places, coordinates to five decimals, whole-second dates)
/// and use every field of the model somewhere, so a benchmark on them exercises what a real
/// data file holds and a test on them covers every kind of value the store writes.
public enum TripWorkload {
    /// The sizes the benchmarks measure.
    public static let sample = (trips: 10, stops: 10)
    public static let large = (trips: 10_000, stops: 20)
    public static let longTrip = (trips: 1, stops: 1_000)

    /// `count` trips of `stops` stops each, determined by `seed` alone.
    public static func trips(count: Int, stops: Int, seed: UInt64) -> [Trip] {
        var random = WorkloadRandom(seed: seed)
        return (0..<count).map { index in trip(number: index + 1, stops: stops, random: &random) }
    }

    /// A document of `count` trips of `stops` stops, ready for a store.
    public static func document(count: Int, stops: Int, seed: UInt64) -> TripDocument {
        TripDocument(trips: trips(count: count, stops: stops, seed: seed))
    }

    private static let places: [(name: String, latitude: Double, longitude: Double, zone: String)] = [
        ("Paris", 48.85661, 2.35222, "Europe/Paris"), ("Lyon", 45.76404, 4.83566, "Europe/Paris"),
        ("Nice", 43.7102, 7.26195, "Europe/Paris"), ("München", 48.13743, 11.57549, "Europe/Berlin"),
        ("東京", 35.68123, 139.76712, "Asia/Tokyo"), ("京都", 34.98576, 135.75883, "Asia/Tokyo"),
        ("São Paulo", -23.5505, -46.63331, "America/Sao_Paulo"), ("Reykjavík", 64.14658, -21.94220, "Atlantic/Reykjavik"),
        ("Denver", 39.73915, -104.9847, "America/Denver"), ("Suva", -18.12481, 178.45013, "Pacific/Fiji"),
        ("Cape Town", -33.92487, 18.42406, "Africa/Johannesburg"), ("Zürich", 47.37689, 8.54169, "Europe/Zurich")
    ]

    private static let notes = [
        "", "", "", "Ferry at 09:30", "Book the \"blue\" room\nsecond floor",
        "Café stop ☕", "Tab\tseparated", "Back-slash \\ and slash /"
    ]

    private static func trip(number: Int, stops: Int, random: inout WorkloadRandom) -> Trip {
        let base = places[Int(random.next() % UInt64(places.count))]
        var waypoints: [Waypoint] = []
        waypoints.reserveCapacity(stops)
        // Departures between 2025 and 2027, on the hour, as a person would set them.
        let start = Date(timeIntervalSince1970: 1_735_689_600 + Double(random.next() % 26_280) * 3600)
        for s in 0..<stops {
            let place = places[Int(random.next() % UInt64(places.count))]
            let latitude = rounded(base.latitude + random.unit(-2, 2), clampedTo: 90)
            let longitude = wrapped(base.longitude + random.unit(-3, 3))
            let kind = random.next() % 10
            waypoints.append(
                Waypoint(
                    id: random.uuid(), name: "\(place.name) \(s + 1)",
                    coordinate: Coordinate(latitude: latitude, longitude: longitude),
                    stay: kind < 3 ? Double(random.next() % 48) * 900 : 0,
                    overnight: kind == 3 || kind == 4,
                    note: notes[Int(random.next() % UInt64(notes.count))],
                    fixedArrival: kind == 5 ? start.addingTimeInterval(Double(s) * 7200) : nil,
                    timeZone: kind < 6 ? place.zone : nil))
        }
        let hasFuel = random.next() % 3 == 0
        let unit = FuelConsumption.Unit.allCases[Int(random.next() % 3)]
        return Trip(
            id: random.uuid(), name: "Trip \(number): \(base.name) loop",
            waypoints: waypoints,
            startDate: random.next() % 2 == 0 ? start : nil,
            dailyDrivingLimit: Double(4 + random.next() % 8) * 3600,
            dailyStartMinutes: Int(360 + random.next() % 8 * 30),
            fuelConsumption: hasFuel ? FuelConsumption(rounded(random.unit(4, 40), clampedTo: 100), unit) : nil,
            fuelPrice: hasFuel ? Double(100 + random.next() % 150) / 100 : nil)
    }

    /// To five decimals (about a metre), as places are written by hand or by the gazetteer.
    private static func rounded(_ value: Double, clampedTo limit: Double) -> Double {
        (min(limit, max(-limit, value)) * 100_000).rounded() / 100_000
    }

    private static func wrapped(_ longitude: Double) -> Double {
        var value = longitude
        if value > 180 { value -= 360 }
        if value < -180 { value += 360 }
        return rounded(value, clampedTo: 180)
    }
}

/// The workloads' generator: the same seed gives the same trips everywhere.
public typealias WorkloadRandom = SplitMix64

extension SplitMix64 {

    /// A uniform value in `low..<high`.
    public mutating func unit(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// A version-4 UUID from the sequence.
    public mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for k in 0..<8 {
            bytes[k] = UInt8(truncatingIfNeeded: a >> (8 * k))
            bytes[8 + k] = UInt8(truncatingIfNeeded: b >> (8 * k))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
