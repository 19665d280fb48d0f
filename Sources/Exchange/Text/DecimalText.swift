import Foundation

/// Writes coordinates as plain decimals that read back to the same `Double`.
enum DecimalText {
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
