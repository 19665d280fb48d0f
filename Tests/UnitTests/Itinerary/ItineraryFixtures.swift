import Foundation
import RoadtripCore

/// Trips and legs for the itinerary tests: stops on a line, legs with exact drive times.
enum ItineraryFixtures {
    static func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

    /// An instant given as local wall-clock time in `zone`.
    static func local(_ text: String, _ zone: String) -> Date {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: zone)!
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.date(from: text)!
    }

    /// Wall-clock "yyyy-MM-dd HH:mm" of `date` in `zone`.
    static func wall(_ date: Date?, _ zone: String) -> String? {
        guard let date else { return nil }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: zone)!
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.string(from: date)
    }

    /// Stops named S0, S1, … one degree of longitude apart, all in `zone`.
    static func stops(_ count: Int, zone: String = "Europe/Berlin") -> [Waypoint] {
        (0..<count).map {
            Waypoint(
                name: "S\($0)", coordinate: Coordinate(latitude: 50, longitude: 5 + Double($0)),
                timeZone: zone)
        }
    }

    /// Legs between consecutive stops with the given drive hours, 100 km per hour.
    static func legs(_ stops: [Waypoint], hours: [Double]) -> [Leg] {
        zip(zip(stops, stops.dropFirst()), hours).map { pair, h in
            Leg(
                from: pair.0.coordinate, to: pair.1.coordinate, distanceMeters: h * 100_000,
                durationSeconds: h * 3600, source: .osrm)
        }
    }
}
