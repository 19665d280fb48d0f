import Foundation
import RoadtripCore

/// Writes a trip's stops as CSV: `order,name,latitude,longitude`, a header row, CRLF line
/// ends and quoting as RFC 4180 gives them.
public enum CSVWriter {
    public static let header = ["order", "name", "latitude", "longitude"]

    public static func write(trip: Trip) -> String {
        var rows = [header.joined(separator: ",")]
        for (offset, stop) in trip.waypoints.enumerated() {
            rows.append([String(offset + 1), field(stop.name),
                         DecimalText.coordinate(stop.coordinate.latitude),
                         DecimalText.coordinate(stop.coordinate.longitude)].joined(separator: ","))
        }
        return rows.map { $0 + "\r\n" }.joined()
    }

    /// A field quoted when it holds a comma, quote, CR or LF (or starts or ends with a
    /// space, which some readers would trim), with inner quotes doubled.
    static func field(_ text: String) -> String {
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
            || text.first == " " || text.last == " "
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
