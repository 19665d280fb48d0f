/// A UTC calendar date and time of day in the proleptic Gregorian calendar, for reading and
/// writing ISO 8601 dates in the data file without a formatter per value.
///
/// Only years 1600…9999 are handled; callers leave other dates to `ISO8601Text`, whose calendar
/// switches to the Julian one before October 1582.
/// The day arithmetic is Howard Hinnant's `days_from_civil` / `civil_from_days`.
struct CivilTime: Equatable {
    static let years = 1600...9999

    var year, month, day: Int
    var hour, minute, second: Int

    /// The broken-down time of whole seconds since 1970-01-01T00:00:00Z, or nil outside years 1600…9999.
    init?(unixSeconds: Double) {
        guard let whole = Int(exactly: unixSeconds) else { return nil }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        guard Self.years.contains(year) else { return nil }
    }

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Whether every field is in range (no 30 February, no hour 24, no leap second).
    var isValid: Bool {
        guard Self.years.contains(year), (1...12).contains(month), day >= 1,
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    var unixSeconds: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}
