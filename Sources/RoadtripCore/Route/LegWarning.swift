import Foundation

/// What a leg's figures alone do not say, in words for the trip screen, `show`, `route` and their
/// JSON alike: no road was found, it is more than a day's driving, it crosses a border.
public enum LegWarning: Sendable, Hashable {
    /// The road router found no road; the leg is an estimate. The text starts "no road route:".
    case noRoadRoute(String)
    /// The leg alone takes longer than the trip's daily driving limit.
    case longerThanDailyLimit(limit: TimeInterval)
    /// The stops' countries differ (ISO codes as the stops carry them).
    case crossesBorder(from: String, to: String)
    /// No road joins the ends (a sea between them), or only a car ferry does.
    case water(WaterCrossing)

    /// "no road route: …", "longer than a day's driving (8 h)", "crosses a border: FR → MC".
    public var text: String {
        switch self {
        case .noRoadRoute(let words): words
        case .longerThanDailyLimit(let limit): "longer than a day's driving (\(Formatting.duration(limit)))"
        case let .crossesBorder(from, to): "crosses a border: \(from) → \(to)"
        case let .water(crossing): crossing.text
        }
    }

    /// A short word for JSON ("noRoadRoute", "longerThanDailyLimit", "crossesBorder").
    public var kind: String {
        switch self {
        case .noRoadRoute: "noRoadRoute"
        case .longerThanDailyLimit: "longerThanDailyLimit"
        case .crossesBorder: "crossesBorder"
        case .water(.sea): "noRoad"
        case .water(.ferry): "ferryNeeded"
        case .water(.offshore): "seaOnTheLine"
        }
    }

    /// The warnings of each leg. `countries` has one entry per stop (nil where unknown: no border
    /// is claimed there); a leg without a drive time is never called too long.
    ///
    /// `checkingTheLine` also looks for open sea on an estimated leg's straight line
    /// (`Landmasses.offshore`): a few milliseconds a leg where there is sea, so commands ask for it
    /// and the trip screen, which draws on every key, does not.
    public static func warnings(
        for legs: [Leg], countries: [String?], dailyDrivingLimit: TimeInterval, checkingTheLine: Bool = false
    ) -> [[LegWarning]] {
        legs.enumerated().map { index, leg in
            var out: [LegWarning] = []
            if let words = leg.noRoadRoute { out.append(.noRoadRoute(words)) }
            let offshore =
                checkingTheLine && leg.source == .estimate ? Landmasses.shared.offshore(from: leg.from, to: leg.to) : nil
            if let crossing = leg.crossing ?? offshore { out.append(.water(crossing)) }
            if let seconds = leg.durationSeconds, dailyDrivingLimit > 0, seconds > dailyDrivingLimit {
                out.append(.longerThanDailyLimit(limit: dailyDrivingLimit))
            }
            // Compared whatever their case (a hand-typed "italy" is Italy), said as the data names them.
            if index + 1 < countries.count, let from = countries[index], let to = countries[index + 1],
                !from.isEmpty, !to.isEmpty, from.caseInsensitiveCompare(to) != .orderedSame
            {
                out.append(.crossesBorder(from: from, to: to))
            }
            return out
        }
    }
}
