import Foundation
import RoadtripCore
import TermUI

/// Where the stop being edited is, and how that was decided.
enum EditorLocation: Equatable {
    /// A new stop with no place chosen and no position typed.
    case none
    /// The stop's own place, as it was saved.
    case kept(Waypoint)
    /// A place taken from the matches.
    case chosen(PlaceSuggestion)
    /// Coordinates typed into the Position field.
    case typed

    var draftPlace: DraftPlace {
        switch self {
        case .none, .typed: .typed
        case .kept: .kept
        case let .chosen(place): .chosen(region: place.region, country: place.country, timeZone: place.timeZone)
        }
    }

    /// The zone arrival times are typed in, where the place says it.
    var timeZone: String? {
        switch self {
        case let .kept(stop): stop.timeZone
        case let .chosen(place): place.timeZone
        case .none, .typed: nil
        }
    }

    /// The line under the fields that says where the stop is; a warning when the name moved away
    /// from the place and the position did not follow.
    func summary(name: String, positionText: String, confirmed: Bool) -> StatusMessage {
        switch self {
        case .none:
            return StatusMessage("No place yet: type a name and choose a match, or type a position.")
        case let .kept(stop) where name == stop.name || name.isEmpty:
            return StatusMessage("At " + Self.describe(stop))
        case let .kept(stop):
            let next = confirmed ? "Enter keeps it" : "Ctrl-N searches"
            return StatusMessage("Position unchanged: \(Self.describe(stop)) (\(next))", isError: true)
        case let .chosen(place):
            let zone = place.timeZone.map { " · " + $0 } ?? ""
            let at = Self.placeName(place.name, place.region, place.country) + " " + Self.short(place.coordinate) + zone
            return StatusMessage(name == place.name || name.isEmpty ? "Place: " + at : "Custom name at " + at)
        case .typed:
            if case let .success(c) = Self.parse(positionText) {
                return StatusMessage("Position typed by hand: " + Self.short(c))
            }
            return StatusMessage("Position typed by hand")
        }
    }

    /// "Chicago, Illinois, United States 41.88, −87.63".
    static func describe(_ stop: Waypoint) -> String {
        placeName(stop.name, stop.region ?? "", stop.country ?? "") + " " + short(stop.coordinate)
    }

    private static func placeName(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Two decimals (about a kilometre) with a real minus sign: enough to tell two towns apart.
    static func short(_ c: Coordinate) -> String {
        func degrees(_ v: Double) -> String { String(format: "%.2f", v).replacingOccurrences(of: "-", with: "−") }
        return degrees(c.latitude) + ", " + degrees(c.longitude)
    }

    /// The Position field's text for a coordinate: as many decimals as it has, up to six (10 cm).
    static func text(_ c: Coordinate) -> String {
        func degrees(_ value: Double) -> String {
            var s = String(format: "%.6f", value)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        }
        return degrees(c.latitude) + ", " + degrees(c.longitude)
    }

    /// Why typed text is not a position.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// A typed or pasted position in any notation `PositionParser` reads, or what is wrong with it.
    static func parse(_ text: String) -> Result<Coordinate, Problem> {
        switch PositionParser.read(text) {
        case let .position(c, _): return .success(c)
        case let .invalid(message): return .failure(Problem(message: message))
        case .notAPosition:
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                return .failure(Problem(message: "A stop needs a position: latitude, longitude."))
            }
            return .failure(Problem(message: "Type latitude, longitude (48.8584, 2.2945, 48°51′N 2°17′E) or paste a map link."))
        }
    }
}
