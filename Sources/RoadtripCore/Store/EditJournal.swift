/// Which trips were edited in place since a given revision, for screens that keep something per trip.
///
/// The trip list keeps a summary per trip; after an edit it asks which positions changed instead
/// of comparing thousands of trips. Adding, removing or replacing trips wholesale moves positions,
/// so it resets the journal and readers start over from the whole list.
struct EditJournal {
    /// Counts every edit, undo and redo included.
    private(set) var revision = 0
    /// The position each revision after `start` edited in place, oldest first.
    private var positions: [Int] = []
    private var start = 0
    /// How many positions are kept; a reader further behind than this starts over.
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    mutating func record(_ edit: TripEdit) {
        revision += 1
        guard let position = edit.positionEditedInPlace else {
            positions.removeAll(keepingCapacity: true)
            start = revision
            return
        }
        if positions.count == limit {
            positions.removeFirst(limit / 2)
            start += limit / 2
        }
        positions.append(position)
    }

    /// The positions edited in place after `revision` (oldest first, repeats kept), or nil when
    /// that revision is unknown or positions moved since.
    func positionsEdited(since revision: Int) -> ArraySlice<Int>? {
        guard revision >= start, revision <= self.revision else { return nil }
        return positions[(revision - start)...]
    }
}
