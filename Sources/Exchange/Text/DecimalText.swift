import Foundation

/// Writes coordinates as plain decimals that read back to the same `Double`, and reads them.
enum DecimalText {
    /// A plain decimal (sign, digits, point, exponent), or nil: Swift's `Double(_:)` would also
    /// take "nan", "inf" and hex floats, which no coordinate is.
    static func number(_ text: String) -> Double? {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45
            }
        guard plain, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The shortest decimal that round-trips, never in exponent form (GPX's `xsd:decimal`
    /// has none): `48.8584`, `-0.000012`, `0`.
    static func coordinate(_ value: Double) -> String {
        if value == 0 { return "0" }
        let shortest = value.description
        guard shortest.contains("e") else {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        // Only tiny magnitudes reach here (|value| < 1e-4 for coordinates); 12 places keep
        // them to 1e-12 degrees, far below a millimetre.
        var fixed = String(format: "%.12f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }
}
