import Foundation
import RoadtripCore

/// Writes a trip's stops as CSV: `order,name,latitude,longitude`, a header row, CRLF line
/// ends and quoting as RFC 4180 gives them.
enum CSVWriter {
    public static let header = ["order", "name", "latitude", "longitude"]

    public static func write(trip: Trip) -> String {
        var rows = [header.joined(separator: ",")]
        for (offset, stop) in trip.waypoints.enumerated() {
            rows.append(
                [
                    String(offset + 1), field(stop.name),
                    DecimalText.coordinate(stop.coordinate.latitude),
                    DecimalText.coordinate(stop.coordinate.longitude)
                ].joined(separator: ","))
        }
        return rows.map { $0 + "\r\n" }.joined()
    }

    /// A field quoted when it holds a comma, quote, CR or LF (or starts or ends with a
    /// space, which some readers would trim), with inner quotes doubled. A text that a
    /// spreadsheet would run as a formula (it starts with = + - @, a tab or a CR) gets a leading
    /// apostrophe, as spreadsheet users expect (OWASP's CSV injection advice); the reader takes it off.
    static func field(_ text: String) -> String {
        // CSV has no escapes: what would act in a viewer is dropped; tabs and line breaks stay, quoted.
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                scalars.append(scalar)
            } else if PlainText.isBreak(scalar) {
                scalars.append(" ")
            } else if !PlainText.isHidden(scalar) {
                scalars.append(scalar)
            }
        }
        let visible = String(scalars)
        let text = startsLikeAFormula(visible) ? "'" + visible : visible
        let needsQuotes =
            text.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
            || text.first == " " || text.last == " " || text.first == "'"
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// Whether a spreadsheet would take `text` for a formula.
    static func startsLikeAFormula(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return ["=", "+", "-", "@", "\t", "\r"].contains(first)
    }
}
