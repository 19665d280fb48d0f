import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

/// `roadtrip list`: every trip with its stops and distance.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the trips.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON instead of a table.") var json = false

    /// One trip in `list --json`.
    struct Item: Encodable {
        var id: String
        var name: String
        var stops: Int
        var distanceMeters: Double
    }

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let summaries = context.repository.trips.map { trip in
                (trip, LegSummary(trip.coordinates).distanceMeters)
            }
            if json {
                try Output.json(summaries.map { Item(id: $0.0.id.uuidString, name: $0.0.name,
                                                     stops: $0.0.waypoints.count, distanceMeters: $0.1) })
                return
            }
            if summaries.isEmpty { Output.line("No trips in \(context.url.path)."); return }
            // Measured as printed: a control shown as ^[ takes two columns.
            let width = min(40, max(4, summaries.map { TextWidth.of(TerminalText.sanitize($0.0.name)) }.max() ?? 4))
            Output.line(TextWidth.pad("NAME", to: width) + "  " + TextWidth.padLeft("STOPS", to: 5) + "  "
                        + TextWidth.padLeft("DISTANCE", to: 12) + "  ID")
            for (trip, meters) in summaries {
                Output.line(TextWidth.pad(TerminalText.sanitize(trip.name), to: width) + "  "
                            + TextWidth.padLeft("\(trip.waypoints.count)", to: 5) + "  "
                            + TextWidth.padLeft(trip.waypoints.count < 2 ? "—" : Formatting.distance(meters, unit: context.unit), to: 12)
                            + "  " + trip.id.uuidString)
            }
        }
    }
}

/// Geodesic totals for the command line when no routing is asked for.
struct LegSummary {
    let legs: [Leg]
    init(_ stops: [Coordinate]) { legs = GeodesicRouteProvider().instantLegs(for: stops) }
    var distanceMeters: Double { legs.reduce(0) { $0 + $1.distanceMeters } }
}
