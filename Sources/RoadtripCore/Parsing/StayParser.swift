import Foundation

/// Reads what a person types as a stay: hours ("1h30", "90 min"), nights ("2 nights", "2n"), or both
/// ("3h, 1 night", "1n 2h").
///
/// Hours and nights are kept apart: hours are time spent at the stop on the day of arrival, nights
/// move the departure to a later morning. "2d" stays 48 hours, as everywhere durations are typed.
public enum StayParser {
    /// A stay: the hours (seconds) and, when the text named any, the nights.
    public struct Stay: Equatable, Sendable {
        public var seconds: TimeInterval
        /// Nil when the text named no nights (the stop keeps its own).
        public var nights: Int?
    }

    public static func parse(_ text: String) -> Result<Stay, CoordinateError> {
        var rest = text.lowercased()
        var nights: Int?
        let pattern = /(\d+)\s*(nights|night|nts|nt|n)(?![a-z])/
        for match in rest.matches(of: pattern).reversed() {
            guard let count = Int(match.output.1), Plausibility.nights.contains(count + (nights ?? 0)) else {
                return .failure(CoordinateError("“\(text)”: a stay of more than 366 nights is not a road trip."))
            }
            nights = (nights ?? 0) + count
            rest.replaceSubrange(match.range, with: " ")
        }
        // What joins hours and nights is not part of either.
        let joined = rest.replacing(",", with: " ").replacing("+", with: " ").replacing(/\band\b/, with: " ")
        switch DurationParser.parse(joined) {
        case let .success(seconds): return .success(Stay(seconds: seconds, nights: nights))
        case let .failure(error) where DurationParser.isTooLong(error): return .failure(error)
        case .failure:
            return .failure(CoordinateError("“\(text)” is not a stay (try 1h30, 90 min, 2 nights or 3h 1n)."))
        }
    }

    /// "1 h 30 min", "2 nights", "3 h, 1 night": the text `parse` reads back; empty for none.
    public static func text(seconds: TimeInterval, nights: Int) -> String {
        [DurationParser.text(seconds), nights > 0 ? Formatting.nights(nights) : ""].filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}
