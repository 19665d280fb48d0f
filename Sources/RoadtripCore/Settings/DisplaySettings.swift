import Foundation

/// Display choices shared by every screen, so a change on one shows on all.
@MainActor
public final class DisplaySettings {
    public var unit: DistanceUnit
    /// Where the person is, kept between launches (`RememberedChoices`): the trip last opened, the
    /// stop selected on it, and whether its screen is open now.
    public var lastTrip: UUID?
    public var lastStop: UUID?
    public var tripIsOpen = false
    /// Whether the trip screen shows its map beside (or under) the stops, where there is room.
    public var mapShown = true
    /// The map's zoom, in steps from the fitted view.
    public var mapZoomSteps = 0
    /// True at launch when the trip's screen was open as the planner ended: the list opens it again
    /// when it first shows, once.
    public var reopensLastTrip = false

    public init(unit: DistanceUnit = .kilometers, remembered: RememberedChoices = RememberedChoices()) {
        self.unit = unit
        lastTrip = remembered.trip
        lastStop = remembered.stop
        reopensLastTrip = remembered.trip != nil && remembered.tripWasOpen == true
        mapShown = remembered.map ?? true
        mapZoomSteps = remembered.mapZoom ?? 0
    }

    /// What to keep for the next launch.
    public var remembered: RememberedChoices {
        RememberedChoices(
            unit: unit, trip: lastTrip, tripWasOpen: lastTrip == nil ? nil : tripIsOpen, stop: lastStop, map: mapShown,
            mapZoom: mapZoomSteps)
    }
}
