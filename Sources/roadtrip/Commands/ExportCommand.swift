import ArgumentParser
import Exchange
import Foundation
import RoadtripCore

/// `roadtrip export TRIP --format gpx|geojson|kml|kmz|json|csv [-o FILE]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a trip as GPX, GeoJSON, KML, KMZ, JSON or CSV.",
        discussion: """
            gpx: GPX 1.1, the stops as a route (<rte>) and as waypoints (<wpt>). \
            geojson: RFC 7946, a Point per stop (name and order in its properties) and a LineString of the route. \
            kml: KML 2.2 for Google Earth and Google My Maps, a Placemark per stop (stay, night and note \
            in its description) and the route, the road where it is known, as a LineString. \
            kmz: the same KML zipped as doc.kml. \
            json: the trip in the data file's own format. \
            csv: order,name,latitude,longitude with a header row (RFC 4180). \
            Without -o the file goes to standard output; with -o it is written atomically \
            and --format may be left out when the file's extension names it.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: "gpx, geojson, kml, kmz, json or csv (default: from -o's extension).") var format: ExchangeFormat?
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file"))
    var output: String?

    /// The format asked for, else the one the output file's name implies.
    private var resolvedFormat: ExchangeFormat? {
        format ?? output.flatMap { $0 == "-" ? nil : ExchangeFormat(path: $0) }
    }

    func validate() throws {
        if resolvedFormat == nil {
            throw ValidationError("Name the format with --format gpx|geojson|kml|kmz|json|csv.")
        }
        if output?.isEmpty == true { throw ValidationError("-o needs a file name.") }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            guard let format = resolvedFormat else { return }
            let path = output ?? "-"
            let legs = try CommandServices.legs(for: trip.coordinates, options: global, avoid: trip.avoid)
            do throws(ExchangeError) {
                let data = try TripExporter.export(trip, legs: legs, format: format)
                if path == "-" { return Output.bytes(data) }
                try ExportFile.write(data, to: path, owned: context.ownedFiles)
            } catch {
                throw UserError(error.description)
            }
            let count = trip.waypoints.count
            Output.line("Exported “\(trip.name)” (\(count) stop\(count == 1 ? "" : "s")) as \(format.rawValue) to \(path).")
        }
    }
}

extension ExchangeFormat: ExpressibleByArgument {}
