import Foundation

/// A trip's planning settings as text fields: what the settings form and `roadtrip edit-trip` edit.
public struct TripSettingsText: Equatable, Sendable {
    public enum Field: Int, CaseIterable, Sendable {
        case start, dailyLimit, dayStart, fuel, price, avoid, range

        public var label: String {
            switch self {
            case .start: "Leave on"
            case .dailyLimit: "Daily limit"
            case .dayStart: "Day starts"
            case .fuel: "Fuel use"
            case .price: "Fuel price"
            case .avoid: "Avoid"
            case .range: "Range"
            }
        }

        public var placeholder: String {
            switch self {
            case .start: "YYYY-MM-DD HH:MM at the first stop"
            case .dailyLimit: "driving per day, e.g. 8h"
            case .dayStart: "HH:MM, e.g. 08:00"
            case .fuel: "e.g. 6.5 L/100km or 32 mpg (optional)"
            case .price: "per litre or gallon (optional)"
            case .avoid: "motorways, tolls, ferries (optional)"
            case .range: "full tank, e.g. 600 km or 400 km electric (optional)"
            }
        }
    }

    public var values: [Field: String]

    /// The fields as they show `trip`; dates in `zone` (the first stop's).
    public init(trip: Trip, zone: TimeZone) {
        values = [
            .start: LocalTimeParser.text(trip.startDate, in: zone),
            .dailyLimit: Formatting.duration(trip.dailyDrivingLimit),
            .dayStart: String(format: "%02d:%02d", trip.dailyStartMinutes / 60, trip.dailyStartMinutes % 60),
            .fuel: trip.fuelConsumption.map { Self.fuelText($0) } ?? "",
            .price: trip.fuelPrice.map { String(format: "%g", $0) } ?? "",
            .avoid: trip.avoid.words.joined(separator: ", "),
            .range: trip.range.map { $0.text(unit: .kilometers) } ?? ""
        ]
    }

    public init(values: [Field: String]) {
        self.values = values
    }

    /// Writes the fields into `trip`, or returns a one-line reason per field that is wrong (and changes nothing).
    public func apply(to trip: inout Trip, zone: TimeZone) -> [Field: String] {
        var errors: [Field: String] = [:]
        var updated = trip
        switch LocalTimeParser.parse(values[.start] ?? "", in: zone) {
        case let .success(date): updated.startDate = date
        case let .failure(e): errors[.start] = e.description
        }
        switch DurationParser.parse(values[.dailyLimit] ?? "") {
        case let .success(seconds) where Plausibility.dailyLimitProblem(seconds) == nil: updated.dailyDrivingLimit = seconds
        case .success: errors[.dailyLimit] = "The daily limit must be between 30 min and 24 h."
        case let .failure(e): errors[.dailyLimit] = e.description
        }
        if let minutes = DurationParser.clockMinutes(values[.dayStart] ?? "") {
            updated.dailyStartMinutes = minutes
        } else {
            errors[.dayStart] = "“\(values[.dayStart] ?? "")” is not a time of day (HH:MM)."
        }
        switch Self.fuel(values[.fuel] ?? "") {
        case let .success(fuel): updated.fuelConsumption = fuel
        case let .failure(e): errors[.fuel] = e.description
        }
        let price = (values[.price] ?? "").trimmingCharacters(in: .whitespaces)
        if price.isEmpty {
            updated.fuelPrice = nil
        } else if let value = Double(price), Plausibility.fuelPriceProblem(value) == nil {
            updated.fuelPrice = value
        } else {
            errors[.price] = "“\(price)” is not a price."
        }
        if let avoid = RoadAvoidance(words: values[.avoid] ?? "") {
            updated.avoid = avoid
        } else {
            let word = (values[.avoid] ?? "").split(separator: ",").first { RoadAvoidance(words: String($0)) == nil }
            errors[.avoid] = "“\(word.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")” is not motorways, tolls or ferries."
        }
        switch VehicleRange.parse(values[.range] ?? "") {
        case let .success(range): updated.range = range
        case let .failure(e): errors[.range] = e.description
        }
        if errors.isEmpty { trip = updated }
        return errors
    }

    /// "leaves 2026-05-10 08:00 · 8 h a day from 08:00 · avoids tolls · 6.5 L/100km at 1.85": every setting in one line.
    public static func summary(_ trip: Trip, zone: TimeZone) -> String {
        let text = TripSettingsText(trip: trip, zone: zone).values
        var parts = [
            trip.startDate == nil ? "no start date" : "leaves \(text[.start] ?? "") \(zone.identifier)",
            "\(text[.dailyLimit] ?? "") a day from \(text[.dayStart] ?? "")"
        ]
        if !trip.avoid.isEmpty { parts.append("avoids \(text[.avoid] ?? "")") }
        if let fuel = text[.fuel], !fuel.isEmpty {
            parts.append(fuel + (trip.fuelPrice == nil ? "" : " at \(text[.price] ?? "")"))
        }
        if let range = text[.range], !range.isEmpty { parts.append("range " + range) }
        return parts.joined(separator: " · ")
    }

    /// "6.5 L/100km", "32 mpg" (US), "40 mpg-imp"; empty for none.
    public static func fuel(_ text: String) -> Result<FuelConsumption?, CoordinateError> {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.isEmpty { return .success(nil) }
        let bad = CoordinateError("“\(text)” is not a fuel use (try 6.5 L/100km or 32 mpg).")
        let number = t.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number), value.isFinite, value > 0 else { return .failure(bad) }
        let unit = t.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        let fuel: FuelConsumption
        switch unit {
        case "", "l/100km", "l/100 km", "l": fuel = .litresPer100km(value)
        case "mpg", "mpg-us", "mpg us": fuel = .milesPerUSGallon(value)
        case "mpg-imp", "mpg imp", "mpg (imp)": fuel = .milesPerImperialGallon(value)
        default: return .failure(bad)
        }
        guard fuel.isValid else {
            return .failure(CoordinateError("“\(text)” is not a fuel use a car has (0.5–100 L/100km, 2–500 mpg)."))
        }
        return .success(fuel)
    }

    static func fuelText(_ fuel: FuelConsumption) -> String {
        let unit = fuel.unit == .milesPerUSGallon ? "mpg" : fuel.unit.rawValue
        return String(format: "%g ", fuel.value) + unit
    }
}
