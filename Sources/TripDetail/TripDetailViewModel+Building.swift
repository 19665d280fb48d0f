import RoadtripCore
import TermUI
import TripMap

extension TripDetailViewModel {
    /// The screen as it is drawn: a row per stop with the leg that reaches it, the total, what the
    /// route avoids, and the selected leg's warnings when nothing else is being said.
    init(
        trip: Trip, legs: LegsState, selection: Int?, unit: DistanceUnit, mode: Mode, message: StatusMessage?,
        map: MapModel
    ) {
        let warnings = LegWarning.warnings(
            for: legs.legs.count == trip.waypoints.count - 1 ? legs.legs.compactMap { $0 } : [],
            countries: trip.borderCountries, dailyDrivingLimit: trip.dailyDrivingLimit)
        let rows = trip.waypoints.enumerated().map { i, stop in
            let leg = i == 0 ? nil : legs.legs.indices.contains(i - 1) ? legs.legs[i - 1] : nil
            let flagged = i > 0 && warnings.indices.contains(i - 1) && !warnings[i - 1].isEmpty
            return Row(
                number: "\(i + 1)",
                name: stop.via ? "↝ " + stop.name : stop.name,
                coordinate: Formatting.coordinate(stop.coordinate),
                legDistance: i == 0
                    ? "start"
                    : leg.map { (flagged ? "! " : "") + RouteSummary.distance($0, unit: unit) } ?? "Calculating…",
                legDuration: leg.flatMap(RouteSummary.driveTime) ?? "")
        }
        var message = message
        if message == nil, let row = selection, row > 0, warnings.indices.contains(row - 1), !warnings[row - 1].isEmpty {
            message = StatusMessage(
                "Leg \(row): " + TerminalText.sanitize(warnings[row - 1].map(\.text).joined(separator: "; ")), isError: true)
        }
        self.init(
            title: "Trips › " + TextLimits.shown(trip.name), detail: Self.detail(trip, avoided: legs.avoided),
            name: TextLimits.shown(trip.name), rows: rows, selection: selection,
            total: Self.total(trip, legs: legs, unit: unit), source: legs.source,
            emptyText: "No stops yet. Press a to add the first one.", mode: mode, message: message, map: map)
    }

    /// "12 stops · avoiding tolls": never claims an avoidance the router did not apply.
    private static func detail(_ trip: Trip, avoided: RoadAvoidance?) -> String {
        var stops = trip.stopCount == 1 ? "1 stop" : "\(trip.stopCount) stops"
        if !trip.avoid.isEmpty {
            switch avoided {
            case .some(trip.avoid): stops += " · avoiding \(trip.avoid.sentenceText)"
            case let applied?: stops += " · avoiding \(applied.sentenceText) (asked: \(trip.avoid.sentenceText))"
            case nil: stops += " · asked to avoid \(trip.avoid.sentenceText)"
            }
        }
        return stops
    }

    /// "≈ 630 km · ≈ 7 h 52 min", "Calculating…" until every leg is known, "—" below two stops:
    /// the figures `show` and `route` print, from the same `RouteSummary`.
    private static func total(_ trip: Trip, legs: LegsState, unit: DistanceUnit) -> String {
        guard trip.waypoints.count >= 2 else { return "—" }
        let known = legs.legs.compactMap { $0 }
        guard known.count == trip.waypoints.count - 1, legs.legs.count == known.count else { return "Calculating…" }
        let summary = RouteSummary(names: trip.waypoints.map(\.name), legs: known)
        return summary.totalDistance(unit: unit) + (summary.totalDriveTime.map { " · " + $0 } ?? "")
            + summary.totals.crossingsNote
    }
}
