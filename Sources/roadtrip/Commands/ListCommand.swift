import ArgumentParser
import Foundation
import RoadtripCore
import Routing
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
        /// Whether any leg is the offline estimate rather than a road leg from OSRM.
        var distanceEstimated: Bool
    }

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            // The trip list's own figure: road legs already known (OSRM's cache), the estimate for the rest.
            let routes: RouteProvider
            do { routes = try RouteProviders.make(osrmURL: global.osrm, valhallaURL: global.valhalla) } catch {
                throw UserError("\(error)")
            }
            let calculator = TotalsCalculator(routes: routes, estimate: EstimateRouteProvider())
            let summaries = context.repository.trips.map { trip in
                (trip, calculator.total(of: trip.coordinates, avoiding: trip.avoid))
            }
            if json {
                try Output.json(
                    summaries.map {
                        Item(
                            id: $0.0.id.uuidString, name: $0.0.name, stops: $0.0.stopCount,
                            distanceMeters: $0.1.meters, distanceEstimated: $0.1.isEstimate)
                    })
                return
            }
            if summaries.isEmpty {
                Output.line(
                    "No trips in \(context.url.path). roadtrip new NAME starts one; roadtrip samples adds the sample trips.")
                return
            }
            // Measured as printed: a control shown as ^[ takes two columns.
            let width = min(40, max(4, summaries.map { TextWidth.of(TerminalText.sanitize($0.0.name)) }.max() ?? 4))
            Output.line(
                TextWidth.pad("NAME", to: width) + "  " + TextWidth.padLeft("STOPS", to: 5) + "  "
                    + TextWidth.padLeft("DISTANCE", to: 12) + "  ID")
            for (trip, total) in summaries {
                let distance = ComputedTotal.text(meters: total.meters, isEstimate: total.isEstimate, unit: context.unit)
                Output.line(
                    TextWidth.pad(TerminalText.sanitize(trip.name), to: width) + "  "
                        + TextWidth.padLeft("\(trip.stopCount)", to: 5) + "  "
                        + TextWidth.padLeft(trip.waypoints.count < 2 ? "—" : distance, to: 12)
                        + "  " + trip.id.uuidString)
            }
        }
    }
}
