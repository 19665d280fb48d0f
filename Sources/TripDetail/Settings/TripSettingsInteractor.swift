import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// Reads and saves one trip's planning settings; dates are typed in the first stop's time zone.
@MainActor
final class TripSettingsInteractor: TripSettingsInteractorProtocol {
    private let tripID: Trip.ID
    private let repository: TripRepository
    private let timeZones: TimeZoneLookup

    init(tripID: Trip.ID, repository: TripRepository, timeZones: TimeZoneLookup) {
        self.tripID = tripID
        self.repository = repository
        self.timeZones = timeZones
    }

    private var trip: Trip? { repository.trip(id: tripID) }

    var tripName: String { TextLimits.shown(trip?.name ?? "") }

    /// The zone dates of the trip are typed in: the first stop's.
    private var startZone: TimeZone {
        guard let first = trip?.waypoints.first else { return TimeZone(identifier: "UTC")! }
        return timeZones.zone(for: first).0
    }

    func settingsText() -> TripSettingsText {
        guard let trip else { return TripSettingsText(values: [:]) }
        return TripSettingsText(trip: trip, zone: startZone)
    }

    func saveSettings(_ text: TripSettingsText) -> [TripSettingsText.Field: String]? {
        guard var edited = trip else { return nil }
        let errors = text.apply(to: &edited, zone: startZone)
        guard errors.isEmpty else { return errors }
        repository.update(tripID: tripID, "changing the settings of “\(edited.name)”") { $0 = edited }
        return nil
    }
}
