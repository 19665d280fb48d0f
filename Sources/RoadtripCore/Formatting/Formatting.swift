import Foundation

/// Human-readable distances and durations.
public enum Formatting {
    /// "850 m", "12.3 km", "1,204 km" (or miles): one decimal below 100 units, none above.
    public static func distance(_ meters: Double, unit: DistanceUnit) -> String {
        guard meters.isFinite else { return "?" }
        if unit == .kilometers && meters < 1000 && meters > -1000 {
            return "\(Int(meters.rounded())) m"
        }
        let value = meters / unit.metersPerUnit
        if value < 100 {
            return String(format: "%.1f %@", value, unit.rawValue)
        }
        // Figures this large are refused where they come in; shown, they must still never trap.
        guard let whole = Plausibility.wholeNumber(value.rounded()) else { return scientific(value) + " " + unit.rawValue }
        return "\(grouped(whole)) \(unit.rawValue)"
    }

    /// "1e+300": a number too large to write out, for messages.
    public static func scientific(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// "45 min", "3 h 25 min", "2 d 4 h": rounded to the minute.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, let minutes = Plausibility.wholeNumber((seconds / 60).rounded()) else { return "?" }
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60, rest = minutes % 60
        if hours < 48 { return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min" }
        let days = hours / 24, restHours = hours % 24
        return restHours == 0 ? "\(days) d" : "\(days) d \(restHours) h"
    }

    /// "1 night", "3 nights".
    public static func nights(_ n: Int) -> String { n == 1 ? "1 night" : "\(n) nights" }

    /// "48.85840, 2.29450": five decimals is about a metre.
    public static func coordinate(_ c: Coordinate) -> String {
        String(format: "%.5f, %.5f", c.latitude, c.longitude)
    }

    /// "1,234,567".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }
}
