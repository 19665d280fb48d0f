import Foundation
import RoadtripCore

/// A trip read from a file, ready to add to the user's trips, and how it was made.
public struct ImportResult: Sendable, Hashable {
    /// A complete new trip with new ids; names are cleaned of control characters.
    public var trip: Trip
    /// One or two sentences for the user: what in the file became the stops, and what was left out.
    /// ("Track "Alps" of 4,812 points reduced to 12 stops (start, end and 10 shape points).")
    public var explanation: String
    /// The format the file was read as.
    public var format: ExchangeFormat

}

/// A stop picked from a file, before it becomes a `Waypoint`.
struct ImportedStop {
    var coordinate: Coordinate
    var name: String?
    /// A description in the file (KML), kept as the stop's note.
    var note: String?
    /// Details another roadtrip wrote (KML ExtendedData); checked before they are kept.
    var stay: TimeInterval = 0
    var nights = 0
    var fixedArrival: Date?
    var timeZone: String?
}

/// "1 point", "4,812 points".
func counted(_ n: Int, _ noun: String) -> String {
    "\(Formatting.grouped(n)) \(noun)\(n == 1 ? "" : "s")"
}
