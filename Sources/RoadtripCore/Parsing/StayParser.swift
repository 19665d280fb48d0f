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
        // Each "N nights" (or n, nt, nts, night) is taken out; what is left is hours.
        let characters = Array(text.lowercased())
        var rest = ""
        var nights: Int?
        var i = 0
        while i < characters.count {
            let startsANumber =
                characters[i].isASCII && characters[i].isNumber
                && (i == 0 || !(characters[i - 1].isNumber || characters[i - 1] == "." || characters[i - 1] == ":"))
            if startsANumber {
                var end = i
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                var word = end
                while word < characters.count, characters[word] == " " { word += 1 }
                var wordEnd = word
                while wordEnd < characters.count, characters[wordEnd].isLetter { wordEnd += 1 }
                if Self.nightWords.contains(String(characters[word..<wordEnd])) {
                    guard let count = Int(String(characters[i..<end])), Plausibility.nights.contains(count + (nights ?? 0))
                    else {
                        return .failure(CoordinateError("“\(text)”: a stay of more than 366 nights is not a road trip."))
                    }
                    nights = (nights ?? 0) + count
                    rest += " "
                    i = wordEnd
                    continue
                }
            }
            rest.append(characters[i])
            i += 1
        }
        // What joins hours and nights is not part of either.
        let joined = rest.replacing(",", with: " ").replacing("+", with: " ").split(separator: " ")
            .filter { $0 != "and" }.joined(separator: " ")
        switch DurationParser.parse(joined) {
        case let .success(seconds): return .success(Stay(seconds: seconds, nights: nights))
        case let .failure(error) where DurationParser.isTooLong(error): return .failure(error)
        case .failure:
            return .failure(CoordinateError("“\(text)” is not a stay (try 1h30, 90 min, 2 nights or 3h 1n)."))
        }
    }

    private static let nightWords: Set<String> = ["n", "nt", "nts", "night", "nights"]

    /// "1 h 30 min", "2 nights", "3 h, 1 night": the text `parse` reads back; empty for none.
    public static func text(seconds: TimeInterval, nights: Int) -> String {
        [DurationParser.text(seconds), nights > 0 ? Formatting.nights(nights) : ""].filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}
