import Foundation

/// Reads coordinates as people type and paste them.
///
/// Accepts decimal degrees with an optional degree sign and hemisphere letter
/// ("48.8584", "-33.86", "48.8584° N", "2.2945E"), and pairs separated by a comma
/// and/or spaces ("48.8584, 2.2945", "48.8584 2.2945", "-33.86,151.21").
public enum CoordinateParser {
    public enum Axis: Sendable {
        case latitude, longitude

        var limit: Double { self == .latitude ? 90 : 180 }
        var name: String { self == .latitude ? "Latitude" : "Longitude" }
    }

    /// One value, or a one-line reason it is not usable.
    public static func parse(_ text: String, axis: Axis) -> Result<Double, CoordinateError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(CoordinateError("\(axis.name) is empty: type a number.")) }
        guard let value = number(trimmed, axis: axis) else {
            return .failure(CoordinateError("“\(clip(trimmed))” is not a number of degrees."))
        }
        guard abs(value) <= axis.limit else {
            return .failure(CoordinateError("\(axis.name) must be between −\(Int(axis.limit)) and \(Int(axis.limit))."))
        }
        return .success(value)
    }

    /// A latitude–longitude pair, or nil when `text` is not exactly two valid numbers.
    public static func parsePair(_ text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" || $0 == "\t" })
        guard parts.count == 2,
              case let .success(lat) = parse(String(parts[0]), axis: .latitude),
              case let .success(lon) = parse(String(parts[1]), axis: .longitude)
        else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    private static func number(_ text: String, axis: Axis) -> Double? {
        var body = Substring(text)
        var sign = 1.0
        if let last = body.last?.uppercased() {
            let hemispheres: [String: Double] = axis == .latitude ? ["N": 1, "S": -1] : ["E": 1, "W": -1]
            if let s = hemispheres[last] { sign = s; body = body.dropLast() }
        }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        if body.hasSuffix("°") { body = body.dropLast() }
        // Only plain decimals: Double("nan"), "inf" and hex floats are not coordinates.
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
              let value = Double(body), value.isFinite
        else { return nil }
        if sign < 0 && value < 0 { return nil }
        return value * sign
    }

    private static func clip(_ text: String) -> String {
        text.count > 24 ? String(text.prefix(23)) + "…" : text
    }
}

/// Why a coordinate was refused, in one line.
public struct CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
