import Foundation
import RoadtripCore

/// When a typed name means one place clearly enough to take it without asking.
public enum PlaceChoice {
    /// How much better the best place must stand than another of the same name: what three times
    /// its size is worth, or the same in nearness to the trip.
    static let clearMargin = Gazetteer.MatchPenalty.sizeWeight * log10(3)

    /// How near the trip a place found by another of its names must be to win over one bearing
    /// the name itself: a day's drive. Jerusalem is not what "Zion" means on a trip in Italy.
    static let aliasReach = 500_000.0

    /// Whether `other`, also named by `typed`, stands close enough to `best` that the name alone
    /// does not say which is meant.
    ///
    /// An alternate name never wins alone over a place bearing the name itself: "Zion" is
    /// Jerusalem's other name and Zion, Illinois' own, so only nearness to the trip can choose
    /// Jerusalem (or Zion National Park, after Las Vegas).
    public static func isRival(_ other: Place, of best: Place, typed: String) -> Bool {
        if other.score - best.score < clearMargin { return true }
        let name = TypedName.folded(String(typed.split(separator: ",").first ?? Substring(typed)))
        let bestBearsIt = TypedName.folded(best.name) == name
        let otherBearsIt = TypedName.folded(other.name) == name
        guard otherBearsIt, !bestBearsIt else { return false }
        guard let near = best.nearness, let far = other.nearness, near.meters <= aliasReach else { return true }
        return PlaceContext.penalty(meters: far.meters) - PlaceContext.penalty(meters: near.meters) < clearMargin
    }
}
