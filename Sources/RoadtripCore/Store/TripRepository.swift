import Foundation

/// The trips in memory, saved through a `TripStore` after every edit.
///
/// Interactors of every screen share one repository, so an edit made on one screen is
/// what the next screen sees. A failed save keeps the edit in memory (nothing typed is
/// lost) and reports the reason; the next successful save writes it.
@MainActor
public final class TripRepository {
    public private(set) var trips: [Trip]
    private let store: TripStore
    /// The reason the last save failed, or nil after a good save.
    public private(set) var lastSaveError: String?

    public init(store: TripStore, trips: [Trip]) {
        self.store = store
        self.trips = trips
    }

    public func trip(id: Trip.ID) -> Trip? { trips.first { $0.id == id } }

    /// Applies `edit` and saves. Returns nil when saved, else the one-line reason.
    @discardableResult
    public func perform(_ edit: (inout [Trip]) -> Void) -> String? {
        edit(&trips)
        return save()
    }

    /// Applies `edit` to one trip and saves.
    @discardableResult
    public func update(tripID: Trip.ID, _ edit: (inout Trip) -> Void) -> String? {
        guard let i = trips.firstIndex(where: { $0.id == tripID }) else { return "That trip no longer exists." }
        edit(&trips[i])
        return save()
    }

    /// Writes the current trips. Returns nil when saved, else the one-line reason.
    @discardableResult
    public func save() -> String? {
        do {
            try store.save(TripDocument(trips: trips))
            lastSaveError = nil
        } catch {
            lastSaveError = "Not saved: \(error)"
        }
        return lastSaveError
    }
}
