/// How much fuel a vehicle burns, in the unit its driver knows it by.
///
/// In the data file: `{"unit": "L/100km", "value": 6.5}`; units are `L/100km`, `mpg-us`
/// (miles per US gallon, 3.785 L) and `mpg-imp` (miles per imperial gallon, 4.546 L).
/// A trip's `fuelPrice` is per unit of the same volume: per litre for L/100 km, per US gallon
/// for `mpg-us`, per imperial gallon for `mpg-imp`.
public struct FuelConsumption: Hashable, Sendable, Codable {
    public enum Unit: String, Hashable, Sendable, Codable, CaseIterable {
        case litresPer100km = "L/100km"
        case milesPerUSGallon = "mpg-us"
        case milesPerImperialGallon = "mpg-imp"

        /// "L", "US gal" or "imp gal": the volume the price is quoted per.
        public var volumeSymbol: String {
            switch self {
            case .litresPer100km: "L"
            case .milesPerUSGallon: "US gal"
            case .milesPerImperialGallon: "imp gal"
            }
        }
    }

    public var unit: Unit
    public var value: Double

    public init(_ value: Double, _ unit: Unit) {
        self.unit = unit
        self.value = value
    }

    public static func litresPer100km(_ value: Double) -> FuelConsumption { .init(value, .litresPer100km) }
    public static func milesPerUSGallon(_ value: Double) -> FuelConsumption { .init(value, .milesPerUSGallon) }
    static func milesPerImperialGallon(_ value: Double) -> FuelConsumption { .init(value, .milesPerImperialGallon) }

    /// Whether a car can burn fuel at this rate: 0.5–100 L/100 km, or 2–500 mpg (US or imperial).
    /// A figure like 1e-308 would make every volume infinite.
    public var isValid: Bool {
        guard value.isFinite else { return false }
        switch unit {
        case .litresPer100km: return (0.5...100).contains(value)
        case .milesPerUSGallon, .milesPerImperialGallon: return (2...500).contains(value)
        }
    }

    /// Fuel burnt over `meters`, in the volume unit of `unit` (litres or gallons); nil when invalid.
    public func volume(forMeters meters: Double) -> Double? {
        guard isValid, meters.isFinite, meters >= 0 else { return nil }
        switch unit {
        case .litresPer100km:
            return meters / 100_000 * value
        case .milesPerUSGallon, .milesPerImperialGallon:
            return meters / 1609.344 / value
        }
    }
}
