/// Merges another program's change to the data file with ours, trip by trip.
///
/// `base` is the file as this roadtrip last read or wrote it, `ours` what it is about to write,
/// `theirs` what is on disk now. A trip only one side changed (or added, or deleted) takes that
/// side's version; a trip both changed differently is a conflict, and ours is kept for it; a trip
/// one side deleted and the other changed is kept, changed (a conflict too: nothing is lost).
public enum TripMerge {
    public struct Outcome: Equatable, Sendable {
        public var trips: [Trip]
        /// Trips both sides changed differently, by name: ours was kept.
        public var conflicts: [String]
        /// How many trips came from the other program's version.
        public var takenFromTheirs: Int
    }

    public static func merge(base: [Trip], ours: [Trip], theirs: [Trip]) -> Outcome {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oursIDs = Set(ours.map(\.id))
        var merged: [Trip] = []
        var conflicts: [String] = []
        var taken = 0
        for trip in ours {
            let old = baseByID[trip.id], other = theirsByID[trip.id]
            switch (old, other) {
            case (nil, _):
                merged.append(trip)  // ours is new (an id theirs also has would be astonishing: keep ours)
            case let (old?, nil):
                // They deleted it: gone, unless we changed it meanwhile.
                if trip != old {
                    merged.append(trip)
                    conflicts.append(trip.name)
                } else {
                    taken += 1
                }
            case let (old?, other?):
                if trip == other || other == old {
                    merged.append(trip)
                } else if trip == old {
                    merged.append(other)
                    taken += 1
                } else {
                    merged.append(trip)
                    conflicts.append(trip.name)
                }
            }
        }
        // Trips they added; trips we deleted and they did not change stay deleted.
        for other in theirs where !oursIDs.contains(other.id) {
            if let old = baseByID[other.id] {
                if other != old {
                    merged.append(other)
                    conflicts.append(other.name)
                }
            } else {
                merged.append(other)
                taken += 1
            }
        }
        return Outcome(trips: merged, conflicts: conflicts, takenFromTheirs: taken)
    }
}
