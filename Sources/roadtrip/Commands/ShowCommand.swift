import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

/// `roadtrip show TRIP`: a trip's stops and legs.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a trip's stops and legs.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The trip: its id, its name, or the start of its name.") var trip: String
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
        }
        var id: String
        var name: String
        var stops: [Stop]
        var route: LegsReport
    }

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let trip = try context.trip(self.trip)
            let avoid = avoidOption.avoid(for: trip)
            let route = try CommandServices.route(for: trip.coordinates, options: global, avoid: avoid)
            let legs = route.legs
            let report = LegsReport(
                names: trip.waypoints.map(\.name), legs: legs,
                warnings: LegWarning.warnings(
                    for: legs, countries: trip.borderCountries, dailyDrivingLimit: trip.dailyDrivingLimit,
                    checkingTheLine: true),
                avoid: avoid.isEmpty ? nil : AvoidReport(requested: avoid, applied: route.avoided))
            if json {
                try Output.json(
                    Document(
                        id: trip.id.uuidString, name: trip.name,
                        stops: trip.waypoints.map {
                            .init(
                                id: $0.id.uuidString, name: $0.name,
                                latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                                via: $0.via ? true : nil)
                        },
                        route: report))
                return
            }
            Output.line(trip.name)
            Output.line()
            for (i, stop) in trip.waypoints.enumerated() {
                Output.line(
                    TextWidth.padLeft("\(i + 1)", to: 4) + "  "
                        + TextWidth.pad((stop.via ? "↝ " : "") + TerminalText.sanitize(stop.name), to: 32)
                        + "  " + Formatting.coordinate(stop.coordinate))
            }
            if trip.waypoints.isEmpty { Output.line("No stops yet.") }
            if legs.isEmpty { return }
            Output.line()
            for line in report.lines(unit: context.unit) { Output.line(line) }
        }
    }
}
