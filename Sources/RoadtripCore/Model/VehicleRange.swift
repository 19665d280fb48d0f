import Foundation

/// How far the vehicle goes on a full tank or a full charge, and which it needs: what "along the
/// route" measures gaps between fuel (or charging) places against.
///
/// In the data file: `{"meters": 450000, "refill": "fuel"}`; `refill` is `fuel` or `charging`.
public struct VehicleRange: Hashable, Sendable, Codable {
    public enum Refill: String, Hashable, Sendable, Codable, CaseIterable {
        case fuel, charging
    }

    public var meters: Double
    public var refill: Refill

    public init(meters: Double, refill: Refill = .fuel) {
        self.meters = meters
        self.refill = refill
    }

    /// 20 km to 3,000 km: a car that goes less is no road-trip car, more no car at all.
    public static let plausible = 20_000.0...3_000_000.0

    public var isValid: Bool { meters.isFinite && Self.plausible.contains(meters) }

    /// "450 km", "280 mi electric" (miles when `unit` is miles).
    public func text(unit: DistanceUnit) -> String {
        let value = meters / unit.metersPerUnit
        return String(format: "%g ", (value * 10).rounded() / 10) + unit.rawValue + (refill == .charging ? " electric" : "")
    }

    /// "450 km", "280 mi", "300 km electric", "400km ev", "250 miles charging"; empty is no range.
    /// A bare number is kilometres.
    public static func parse(_ text: String) -> Result<VehicleRange?, CoordinateError> {
        var t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.isEmpty { return .success(nil) }
        var refill = Refill.fuel
        for word in ["electric", "charging", "ev", "fuel"] where t.hasSuffix(word) {
            refill = word == "fuel" ? .fuel : .charging
            t = String(t.dropLast(word.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let number = t.prefix { $0.isNumber || $0 == "." }
        let unitText = t.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        let bad = CoordinateError("“\(PlainText.line(text))” is not a range (try 450 km, 280 mi or 300 km electric).")
        guard let value = Double(number), value.isFinite else { return .failure(bad) }
        let perUnit: Double
        switch unitText {
        case "", "km", "kilometres", "kilometers": perUnit = 1000
        case "mi", "mile", "miles": perUnit = DistanceUnit.miles.metersPerUnit
        default: return .failure(bad)
        }
        let range = VehicleRange(meters: value * perUnit, refill: refill)
        guard range.isValid else {
            return .failure(CoordinateError("“\(PlainText.line(text))” is not a range a car has (20–3,000 km)."))
        }
        return .success(range)
    }
}
