import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

/// `roadtrip show TRIP`: a trip's stops and legs.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a trip's stops and legs.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var avoidOption: AvoidOption

    /// `show --json`: the trip, its stops and the legs report's fields.
    struct Document: Encodable {
        struct Stop: Encodable {
            var id: String
            var name: String
            var latitude: Double
            var longitude: Double
            /// Present (true) only for a shaping point.
            var via: Bool?
            /// Seconds.
            var stay: Double
            var nights: Int
            var note: String
            /// Local ISO 8601 with the zone's offset.
            var fixedArrival: String?
            var overLimit: Bool
            var region: String?
            var country: String?
            /// The stop's zone: its own, else the nearest place's.
            var timeZone: String
        }
        /// The trip's settings.
        struct Settings: Encodable {
            /// Local ISO 8601 at the first stop, with its offset.
            var startDate: String?
            /// Seconds.
            var dailyDrivingLimit: Double
            /// "HH:MM".
            var dailyStart: String
            var avoid: [String]
            var fuelConsumption: FuelConsumption?
            var fuelPrice: Double?
            var range: VehicleRange?
        }
        var id: String
        var name: String
        var settings: Settings
        var stops: [Stop]
        var route: RouteSummary
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let avoid = avoidOption.avoid(for: trip)
            let route = try CommandServices.route(for: trip.coordinates, options: global, avoid: avoid)
            let legs = route.legs
            let report = RouteSummary(
                names: trip.waypoints.map(\.name), legs: legs,
                warnings: LegWarning.warnings(
                    for: legs, countries: trip.borderCountries, dailyDrivingLimit: trip.dailyDrivingLimit,
                    checkingTheLine: true),
                avoid: avoid.isEmpty ? nil : (avoid, route.avoided))
            let lookup = CommandServices.timeZones(options: global)
            let zones = trip.waypoints.map { lookup.zone(for: $0).0 }
            let firstZone = zones.first ?? TimeZone(identifier: "UTC")!
            if json {
                let settings = Document.Settings(
                    startDate: trip.startDate.map { ISO8601Text.string($0, in: firstZone) },
                    dailyDrivingLimit: trip.dailyDrivingLimit,
                    dailyStart: String(format: "%02d:%02d", trip.dailyStartMinutes / 60, trip.dailyStartMinutes % 60),
                    avoid: trip.avoid.words, fuelConsumption: trip.fuelConsumption, fuelPrice: trip.fuelPrice,
                    range: trip.range)
                try Output.json(
                    Document(
                        id: trip.id.uuidString, name: trip.name, settings: settings,
                        stops: zip(trip.waypoints, zones).map { stop, zone in
                            .init(
                                id: stop.id.uuidString, name: stop.name,
                                latitude: stop.coordinate.latitude, longitude: stop.coordinate.longitude,
                                via: stop.via ? true : nil, stay: stop.stay, nights: stop.nights, note: stop.note,
                                fixedArrival: stop.fixedArrival.map { ISO8601Text.string($0, in: zone) },
                                overLimit: stop.overLimit, region: stop.region, country: stop.country,
                                timeZone: zone.identifier)
                        },
                        route: report))
                return
            }
            Output.line(TerminalText.sanitize(trip.name))
            Output.line(TripSettingsText.summary(trip, zone: firstZone))
            Output.line()
            for (i, stop) in trip.waypoints.enumerated() {
                Output.line(
                    TextWidth.padLeft("\(i + 1)", to: 4) + "  "
                        + TextWidth.pad((stop.via ? "↝ " : "") + TerminalText.sanitize(stop.name), to: 32)
                        + "  " + Formatting.coordinate(stop.coordinate))
                let place = [stop.region, stop.country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                let details =
                    [place, zones[i].identifier].filter { !$0.isEmpty } + EditStopCommand.details(stop, zone: zones[i])
                Output.line("      " + TerminalText.sanitize(details.joined(separator: " · ")))
            }
            if trip.waypoints.isEmpty { Output.line("No stops yet.") }
            if legs.isEmpty { return }
            Output.line()
            let lines = report.lines(unit: context.unit, width: { TextWidth.of($0) }, sanitize: { TerminalText.sanitize($0) })
            for line in lines { Output.line(line) }
        }
    }
}
