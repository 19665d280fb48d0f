import Foundation

/// Wall-clock arithmetic in one time zone, correct across daylight-saving changes.
struct LocalClock {
    let zone: TimeZone
    private let calendar: Calendar

    init(_ zone: TimeZone) {
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The first instant at or after `instant` whose local time is `minutes` after midnight.
    ///
    /// When that time does not exist on a day (clocks jump past it), the day's instant is the
    /// one just after the jump, as Foundation resolves skipped wall times.
    func next(minutesAfterMidnight minutes: Int, atOrAfter instant: Date) -> Date {
        var day = calendar.startOfDay(for: instant)
        for _ in 0..<3 {
            if let candidate = time(minutes, on: day), candidate >= instant { return candidate }
            guard let following = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = calendar.startOfDay(for: following)
        }
        return instant
    }

    /// When the night at a stop begins, for a person ready from `instant`: the evening (18:00) of
    /// that day, or `instant` itself when it is later, or in the small hours before the day's start.
    func evening(from instant: Date, dayStartMinutes: Int) -> Date {
        let c = calendar.dateComponents([.hour, .minute], from: instant)
        let minutes = (c.hour ?? 0) * 60 + (c.minute ?? 0)
        if minutes < dayStartMinutes || minutes >= Self.eveningMinutes { return instant }
        return time(Self.eveningMinutes, on: calendar.startOfDay(for: instant)) ?? instant
    }

    /// 18:00: when a night at a stop is shown to begin, the afternoon before it being time there.
    static let eveningMinutes = 18 * 60

    /// Local midnight of the day holding `instant`.
    func startOfDay(_ instant: Date) -> Date { calendar.startOfDay(for: instant) }

    /// "2026-03-28": the local calendar date of `instant`.
    func dayString(_ instant: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    private func time(_ minutes: Int, on day: Date) -> Date? {
        var c = calendar.dateComponents([.year, .month, .day], from: day)
        c.hour = minutes / 60
        c.minute = minutes % 60
        c.second = 0
        return calendar.date(from: c)
    }
}
