import Foundation
import RoadtripCore

/// Finds the time zone of a stop whose own `timeZone` is unset (a coordinate typed by hand).
///
/// The app hands in the gazetteer's nearest place; tests hand in a fixed zone.
public struct TimeZoneLookup: Sendable {
    private let resolve: @Sendable (Coordinate) -> TimeZone?

    public init(_ resolve: @escaping @Sendable (Coordinate) -> TimeZone?) {
        self.resolve = resolve
    }

    /// Knows no zones: stops without their own fall back to UTC.
    public static let none = TimeZoneLookup { _ in nil }

    /// The zone for `waypoint` and where it came from.
    public func zone(for waypoint: Waypoint) -> (TimeZone, ItineraryStop.ZoneSource) {
        if let id = waypoint.timeZone, let zone = TimeZone(identifier: id) { return (zone, .stop) }
        if let zone = resolve(waypoint.coordinate) { return (zone, .lookup) }
        return (TimeZone(identifier: "UTC")!, .fallback)
    }
}
