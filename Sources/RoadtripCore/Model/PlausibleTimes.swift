import Foundation

/// The dates, durations and prices a trip may hold, one home for every entry (data file, imports,
/// the command line, the editor, the settings form, the config file): a typo such as the year
/// 20260 or a stay of 1e19 s is refused where it comes in, never planned for (an itinerary over
/// eighteen thousand years takes minutes to write and megabytes of calendar).
extension Plausibility {
    /// The years a trip's dates may fall in.
    static let years = 1900...2200
    /// The longest stay at one stop: a year (and a day).
    static let maxStaySeconds: TimeInterval = 366 * 86_400
    /// Nights at one stop: none to a year.
    public static let nights = 0...366
    /// Driving in one day: 30 min to 24 h.
    static let dailyLimitSeconds: ClosedRange<TimeInterval> = 1_800...86_400
    /// The dearest fuel believed, per litre or gallon, in any currency.
    static let maxFuelPrice = 1_000_000.0

    /// 1900-01-01T00:00:00Z ..< 2201-01-01T00:00:00Z: the years above, compared as instants.
    private static let instants = Date(timeIntervalSince1970: -2_208_988_800)..<Date(timeIntervalSince1970: 7_289_654_400)

    /// Why `date` cannot be a date of a trip, or nil.
    public static func dateProblem(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return "a date that is not a number" }
        if instants.contains(date) { return nil }
        return "\(ISO8601Text.string(date)) is outside the years \(years.lowerBound)–\(years.upperBound)"
    }

    /// Why `seconds` cannot be a stay at one stop, or nil.
    public static func stayProblem(_ seconds: TimeInterval) -> String? {
        guard seconds.isFinite, seconds >= 0 else { return "a stay of \(seconds) s is not a duration" }
        guard seconds <= maxStaySeconds else {
            return "a stay of \(Formatting.scientific(seconds)) s is longer than 366 days"
        }
        return nil
    }

    /// Why `seconds` cannot be a day's driving limit, or nil.
    public static func dailyLimitProblem(_ seconds: TimeInterval) -> String? {
        dailyLimitSeconds.contains(seconds) ? nil : "the daily limit must be between 30 min and 24 h"
    }

    /// Why `price` cannot be a fuel price, or nil.
    static func fuelPriceProblem(_ price: Double) -> String? {
        price.isFinite && price >= 0 && price <= maxFuelPrice
            ? nil : "a fuel price must be between 0 and 1,000,000 per litre or gallon"
    }

    /// The first time or price in `trip` that cannot be true: where it is (`["startDate"]`,
    /// `["waypoints", "3", "stay"]`) and why; nil when there is none.
    public static func timeProblem(in trip: Trip) -> (path: [String], reason: String)? {
        if let start = trip.startDate, let problem = dateProblem(start) { return (["startDate"], problem) }
        if let problem = dailyLimitProblem(trip.dailyDrivingLimit) { return (["dailyDrivingLimit"], problem) }
        if let price = trip.fuelPrice, let problem = fuelPriceProblem(price) { return (["fuelPrice"], problem) }
        for (index, stop) in trip.waypoints.enumerated() {
            if let problem = stayProblem(stop.stay) { return (["waypoints", String(index), "stay"], problem) }
            if !nights.contains(stop.nights) {
                return (["waypoints", String(index), "nights"], "\(stop.nights) nights is not 0 to 366")
            }
            if let arrival = stop.fixedArrival, let problem = dateProblem(arrival) {
                return (["waypoints", String(index), "fixedArrival"], problem)
            }
        }
        return nil
    }
}
