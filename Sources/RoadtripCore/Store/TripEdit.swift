/// One change to the list of trips, carrying the values needed to make it on any copy of the list.
///
/// Applying an edit returns its inverse, so undo and redo are the same step in opposite
/// directions, and the background saver replays on its own copy exactly the edits made in
/// memory. An edit to one trip carries that trip only: with thousands of trips, nothing
/// proportional to the list is copied or compared. Only `replaceAll` holds a whole list.
enum TripEdit: Sendable {
    /// The trip at `index` becomes `trip` (same position, any of its fields changed).
    case replace(index: Int, trip: Trip)
    /// `trip` is inserted at `index`.
    case insert(index: Int, trip: Trip)
    /// The trip at `index` is removed.
    case remove(index: Int)
    /// The whole list becomes `trips` (an edit the repository cannot describe more closely).
    case replaceAll(trips: [Trip])

    /// Makes the edit on `trips` and returns the edit that takes them back.
    @discardableResult
    func apply(to trips: inout [Trip]) -> TripEdit {
        switch self {
        case .replace(let index, var trip):
            // A swap, not a copy: the old value moves into the inverse without touching the rest.
            swap(&trips[index], &trip)
            return .replace(index: index, trip: trip)
        case let .insert(index, trip):
            trips.insert(trip, at: index)
            return .remove(index: index)
        case let .remove(index):
            return .insert(index: index, trip: trips.remove(at: index))
        case .replaceAll(var other):
            swap(&trips, &other)
            return .replaceAll(trips: other)
        }
    }

    /// The position of the one trip changed in place, or nil when trips came, went or were all replaced.
    var positionEditedInPlace: Int? {
        if case let .replace(index, _) = self { return index }
        return nil
    }
}
