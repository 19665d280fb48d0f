import ArgumentParser
import Foundation
import Itinerary
import QRCode
import RoadtripCore
import TermUI

/// `roadtrip link TRIP [--to google|apple|osm] [--from STOP | --day N] [--qr] [--json]`.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Print links that open the trip in a phone's navigation app, or QR codes of them.",
        discussion: """
            Google Maps links hold up to 9 waypoints each; a longer trip is several links, each starting \
            where the one before ends. Apple Maps and OpenStreetMap take one start and one destination a \
            link, so they get a link per leg. Stops go as coordinates, so the app cannot mistake one for a \
            namesake. --qr draws each link as a QR code to scan from the screen with a phone's camera.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: "google (the default), apple or osm.") var to: NavigationApp = .google
    @Option(help: ArgumentHelp("Only from this stop on (its number or name).", valueName: "stop")) var from: String?
    @Option(help: ArgumentHelp("Only the stops of this day of the itinerary.", valueName: "n")) var day: Int?
    @Flag(help: "Draw each link as a QR code too.") var qr = false
    @Flag(help: "Print a JSON array of {title, url, fromStop, toStop} (stops counted from 1).") var json = false

    func validate() throws {
        if from != nil, day != nil { throw ValidationError("--from and --day both choose the stops: give one of them.") }
        if let day, day < 1 { throw ValidationError("--day counts from 1, not \(day).") }
        if qr, json { throw ValidationError("--qr draws codes and --json prints data: give one of them.") }
    }

    struct Row: Encodable {
        var title: String
        var url: String
        /// Nil (null) for a link from or to a suggested night, which is no stop.
        var fromStop: Int?
        var toStop: Int?

        enum Keys: String, CodingKey { case title, url, fromStop, toStop }

        // Written as null, not left out, so every row has the same keys.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(title, forKey: .title)
            try container.encode(url, forKey: .url)
            try container.encode(fromStop, forKey: .fromStop)
            try container.encode(toStop, forKey: .toStop)
        }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { _, trip in
            guard !trip.waypoints.isEmpty else { throw UserError("“\(trip.name)” has no stops to link to.") }
            var stops = LinkStop.stops(of: trip.waypoints)
            if let from {
                stops = LinkStop.stops(of: trip.waypoints, from: try EditStopCommand.index(of: from, in: trip))
            } else if let day {
                let legs = try CommandServices.legs(for: trip.coordinates, options: global, avoid: trip.avoid)
                let plan = ItineraryPlanner.plan(
                    trip: trip, legs: legs, timeZones: CommandServices.timeZones(options: global),
                    nightPlaces: CommandServices.nightPlaces(options: global))
                guard let found = plan.linkStops(day: day, trip: trip) else {
                    throw UserError("“\(trip.name)” has \(plan.days.count) day\(plan.days.count == 1 ? "" : "s"), not \(day).")
                }
                stops = found
            }
            let links = NavigationLinks.links(for: stops, app: to, avoid: trip.avoid)
            if json {
                try Output.json(
                    links.map {
                        Row(title: $0.title, url: $0.url, fromStop: $0.fromNumber, toStop: $0.toNumber)
                    })
                return
            }
            let tty = isatty(STDOUT_FILENO) == 1
            for (number, link) in links.enumerated() {
                if number > 0 { Output.line() }
                Output.line(
                    links.count > 1 ? "\(number + 1)/\(links.count) \(to.title) · \(link.title)" : "\(to.title) · \(link.title)")
                Output.line(link.url)
                guard qr else { continue }
                guard let code = QRCode(link.url) else {
                    printError("The link is too long for a QR code.")
                    continue
                }
                // On a terminal, light modules are painted white on black, which a camera reads whatever the theme.
                for line in code.halfBlockLines(quiet: 2) {
                    Output.raw(tty ? "\u{1B}[97;40m" + line + "\u{1B}[0m\n" : line + "\n")
                }
            }
        }
    }
}

extension NavigationApp: ExpressibleByArgument {}
