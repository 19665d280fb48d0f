import Foundation

/// Reads durations as people type them: "90", "90 min", "1h", "1 h 30", "1h30m", "1:30", "2 d".
///
/// A bare number is minutes. The result is seconds.
public enum DurationParser {
    /// A time of day as typed, "08:00" or "7:30", as minutes after midnight; nil when it is not one.
    /// The trip settings, `edit-trip --day-start` and the config's `start_time` all read it here.
    public static func clockMinutes(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        return h * 60 + m
    }

    public static func parse(_ text: String) -> Result<TimeInterval, CoordinateError> {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.isEmpty { return .success(0) }
        let bad = CoordinateError("“\(text)” is not a duration (try 1h30 or 90 min).")
        let clock = t.split(separator: ":")
        if clock.count == 2 {
            guard let h = Int(clock[0]), let m = Int(clock[1]), h >= 0, (0..<60).contains(m) else {
                return .failure(bad)
            }
            // Hours as a Double: 9999999999999:00 is over a year, not an overflow.
            let total = Double(h) * 3600 + Double(m) * 60
            guard total <= Plausibility.maxStaySeconds else { return .failure(tooLong) }
            return .success(total)
        }
        // Runs of digits and runs of letters; spaces only separate.
        var runs: [String] = []
        var lastWasNumber: Bool?
        for ch in t {
            if ch == " " {
                lastWasNumber = nil
                continue
            }
            let isNumber = ch.isNumber || ch == "."
            if lastWasNumber == isNumber { runs[runs.count - 1].append(ch) } else { runs.append(String(ch)) }
            lastWasNumber = isNumber
        }
        var total = 0.0
        var i = 0
        while i < runs.count {
            guard let value = Double(runs[i]), value.isFinite else { return .failure(bad) }
            var unit = 60.0
            if i + 1 < runs.count, Double(runs[i + 1]) == nil {
                guard let named = units[runs[i + 1]] else { return .failure(bad) }
                unit = named
                i += 2
            } else {
                i += 1
            }
            total += value * unit
        }
        guard total <= Plausibility.maxStaySeconds else { return .failure(tooLong) }
        return .success(total)
    }

    private static let tooLong = CoordinateError("A stay of more than a year is not a road trip.")

    /// Whether `error` says the duration is too long (rather than not a duration at all).
    static func isTooLong(_ error: CoordinateError) -> Bool { error == tooLong }

    private static let units: [String: Double] = [
        "d": 86400, "day": 86400, "days": 86400,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60
    ]

    /// "1 h 30 min" style text that `parse` reads back; empty for zero.
    public static func text(_ seconds: TimeInterval) -> String {
        seconds <= 0 ? "" : Formatting.duration(seconds)
    }
}

/// Reads a local date and time, "2026-06-01 18:00" (or with a "T"), in a given time zone.
public enum LocalTimeParser {
    public static func parse(_ text: String, in zone: TimeZone) -> Result<Date?, CoordinateError> {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return .success(nil) }
        let parts = t.replacingOccurrences(of: "T", with: " ").split(separator: " ")
        guard parts.count == 2 else { return .failure(CoordinateError("“\(t)” is not a date and time (YYYY-MM-DD HH:MM).")) }
        // Every part must be a number: "-5-07-01" is not year 5.
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) ?? -1 }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? -1 }
        guard day.count == 3, time.count == 2, (1...12).contains(day[1]), (1...31).contains(day[2]),
            (0...23).contains(time[0]), (0...59).contains(time[1])
        else {
            return .failure(CoordinateError("“\(t)” is not a date and time (YYYY-MM-DD HH:MM)."))
        }
        guard Plausibility.years.contains(day[0]) else {
            return .failure(
                CoordinateError(
                    "“\(t)”: the year \(day[0]) is outside \(Plausibility.years.lowerBound)–\(Plausibility.years.upperBound) (a typo?)."
                ))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1])
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day[2]
        else {
            return .failure(CoordinateError("“\(t)” is not a day of the calendar."))
        }
        return .success(date)
    }

    /// The text `parse` reads back.
    public static func text(_ date: Date?, in zone: TimeZone) -> String {
        guard let date else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
