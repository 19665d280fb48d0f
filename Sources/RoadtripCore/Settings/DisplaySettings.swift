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
    /// True at launch when the trip's screen was open as the planner ended: the list opens it again
    /// when it first shows, once.
    public var reopensLastTrip = false

    public init(unit: DistanceUnit = .kilometers, remembered: RememberedChoices = RememberedChoices()) {
        self.unit = unit
        lastTrip = remembered.trip
        lastStop = remembered.stop
        reopensLastTrip = remembered.trip != nil && remembered.tripWasOpen == true
    }

    /// What to keep for the next launch.
    public var remembered: RememberedChoices {
        RememberedChoices(unit: unit, trip: lastTrip, tripWasOpen: lastTrip == nil ? nil : tripIsOpen, stop: lastStop)
    }
}
