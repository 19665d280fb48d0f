import ArgumentParser
import Foundation
import Gazetteer
import RoadtripCore
import Routing
import TermUI

/// `roadtrip route STOP STOP…`: legs between places without saving a trip.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Route between stops without saving a trip.",
        usage: "roadtrip route [<options>] <stop> <stop> ...",
        discussion: """
            Each STOP is a place name (the best match of the offline place search) or "LAT,LON". \
            Distances and drive times come from --osrm (or $ROADTRIP_OSRM_URL), --router valhalla URL, or else an offline estimate.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON: {legs:[{from,to,distanceMeters,durationSeconds,source}],totalDistanceMeters,totalDurationSeconds}.")
    var json = false
    // "-33.86,151.21" is a stop, not an unknown option.
    @Flag(help: "Take the best match of each place name even when it is weak or ambiguous.") var first = false
    @Flag(help: "List the road router's alternative routes of each leg: distance, time, main roads.")
    var alternatives = false
    @OptionGroup var avoidOption: AvoidOption
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Two or more places or \"LAT,LON\".", valueName: "stop"))
    var stops: [String] = []

    func validate() throws {
        if stops.count < 2 { throw ValidationError("Give at least two stops.") }
        if let bad = stops.first(where: { $0.hasPrefix("-") && PositionParser.read($0) == .notAPosition }) {
            throw ValidationError("Unknown option '\(bad)'")
        }
    }

    func run() throws {
        try runCommand {
            var gazetteer: (any PlaceSearching)?
            let resolved = try StopResolver.resolveInContext(
                stops, first: first, unit: global.units,
                places: {
                    if let gazetteer { return gazetteer }
                    gazetteer = try CommandServices.searcher(global)
                    return gazetteer!
                })
            let services = try Services.make(global)
            defer { services.stop() }
            let routes = services.routes, unit = global.units, json = self.json
            let avoid = avoidOption.withoutTrip, alternatives = self.alternatives
            let printout = try CommandServices.wait {
                await RoutePrintout.run(
                    names: resolved.map(\.name), stops: resolved.map(\.coordinate),
                    provider: routes, json: json, unit: unit,
                    width: { TextWidth.of($0) }, sanitize: { TerminalText.sanitize($0) },
                    avoid: avoid, countries: resolved.map(\.country),
                    dailyDrivingLimit: Config.file.dailyLimit ?? Trip.defaultDailyDrivingLimit, alternatives: alternatives)
            }
            // Names are sanitised as they are laid out; the whole text once more, since a warning
            // may quote the routing server.
            FileHandle.standardOutput.write(Data(TerminalText.sanitize(printout.output, keepNewlines: true, keepTabs: true).utf8))
            if let warning = printout.warning {
                FileHandle.standardError.write(Data((TerminalText.sanitize(warning) + "\n").utf8))
            }
        }
    }
}
