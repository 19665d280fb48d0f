import Foundation

extension Trip {
    /// A copy to plan a variant on: every field kept, new ids for the trip and each stop.
    ///
    /// New ids keep the copy and the original apart in the data file, in merges between two
    /// running roadtrips and in exports imported back.
    public func duplicated(named name: String) -> Trip {
        var copy = self
        copy.id = UUID()
        copy.name = name
        copy.isExample = false
        for i in copy.waypoints.indices { copy.waypoints[i].id = UUID() }
        return copy
    }

    /// "Alps (copy)", or "Alps (copy 2)" and so on when that name is taken; within the name limit.
    public static func copyName(of name: String, taken: some Sequence<String>) -> String {
        let taken = Set(taken)
        var n = 1
        while true {
            let suffix = n == 1 ? " (copy)" : " (copy \(n))"
            let candidate = String(name.prefix(TextLimits.name - suffix.count)) + suffix
            if !taken.contains(candidate) { return candidate }
            n += 1
        }
    }
}

extension Array where Element == Trip {
    /// Puts `copy` right after the trip `original` (at the end when that trip is gone), where a
    /// variant is looked for: next to what it varies.
    public mutating func insert(_ copy: Trip, after original: Trip.ID) {
        let position = firstIndex(where: { $0.id == original }).map { $0 + 1 } ?? endIndex
        insert(copy, at: position)
    }
}
