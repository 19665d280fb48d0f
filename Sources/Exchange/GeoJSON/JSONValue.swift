import Foundation
import RoadtripCore

/// Any JSON value, decoded with its types intact (a `true` is never mistaken for 1).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Numbers first: GeoJSON is mostly coordinates.
        if c.decodeNil() {
            self = .null
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members[key] } else { return nil }
    }

    var string: String? { if case let .string(s) = self { s } else { nil } }
    var number: Double? { if case let .number(n) = self { n } else { nil } }
    var array: [JSONValue]? { if case let .array(a) = self { a } else { nil } }

    /// Parses a whole document; a syntax error names the line where the parser stopped.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        let data = Data(bytes)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw syntaxError(in: data)
        }
    }

    /// Foundation's decoder says only "not valid JSON"; `JSONSerialization` names the byte
    /// offset ("around character 16"), which becomes a line number here.
    static func syntaxError(in data: Data) -> ParseFailure {
        var detail = "not valid JSON"
        var line: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
            if let range = text.range(of: "character ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let offset = Int(digits) {
                    line = data.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                }
            }
            let cleaned = text.replacingOccurrences(
                of: #" around (line \d+, column \d+|character \d+)\.?"#, with: "",
                options: .regularExpression)
            if !cleaned.isEmpty { detail += " (\(cleaned.trimmingCharacters(in: CharacterSet(charactersIn: ". "))))" }
        }
        return ParseFailure(.malformed, line: line, detail)
    }
}
