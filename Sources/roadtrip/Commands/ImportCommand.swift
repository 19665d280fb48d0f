import ArgumentParser
import Exchange
import Foundation
import RoadtripCore

/// `roadtrip import FILE [--format …] [--name NAME]`: one file becomes one new trip.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add a trip from a GPX, GeoJSON, KML, KMZ, JSON or CSV file.",
        discussion: """
            GPX waypoints, routes and tracks, GeoJSON Points and LineStrings, KML and KMZ Placemarks \
            (Google My Maps, Google Earth; descriptions become notes; lines and recorded tracks when there are no points), a trip exported with --format json \
            (every field, with new ids) and order,name,latitude,longitude CSV become one new trip. \
            A long track becomes a few stops (its named points, else its start, end and simplified shape) \
            and the output says what was kept. A file that cannot be read whole is refused with one line \
            naming the problem, and nothing is added: an import is all or nothing.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The file to read; - reads standard input.", valueName: "file"))
    var file: String
    @Option(help: "gpx, geojson, kml, kmz, json or csv (default: from the file's extension and content).")
    var format: ExchangeFormat?
    @Option(help: "The new trip's name (default: the name in the file, else the file's name).")
    var name: String?

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let name = try self.name.map(TripName.validated)
            let result = try Self.read(file, format: format, name: name)
            let trip = result.trip
            try context.edit("import “\(trip.name)”") { $0.append(trip) }
            Output.line(
                "Imported “\(trip.name)” (\(trip.id.uuidString)) from \(result.format.rawValue) "
                    + "with \(trip.waypoints.count) stop\(trip.waypoints.count == 1 ? "" : "s").")
            Output.line(result.explanation)
        }
    }

    /// The trip in `file`, or standard input for "-"; any problem is a one-line user error.
    static func read(_ file: String, format: ExchangeFormat?, name: String?) throws -> ImportResult {
        let importer = TripImporter()
        do throws(ExchangeError) {
            guard file == "-" else { return try importer.importFile(at: file, format: format, name: name) }
            do throws(ExchangeError) {
                // "-" as the file name: found by content, named "Imported trip" unless told otherwise.
                return try importer.importData(
                    try standardInput(upTo: importer.maxBytes + 1), fileName: "-",
                    format: format, name: name)
            } catch {
                var named = error
                named.file = "standard input"
                throw named
            }
        } catch {
            throw UserError(error.description)
        }
    }

    /// Standard input, but never more than `limit` bytes (the importer refuses that many).
    private static func standardInput(upTo limit: Int) throws(ExchangeError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < limit {
            let n = chunk.withUnsafeMutableBytes {
                Foundation.read(STDIN_FILENO, $0.baseAddress, min($0.count, limit - data.count))
            }
            if n < 0, errno == EINTR { continue }
            if n < 0 {
                throw ExchangeError(.unreadable, file: "-", reason: "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[..<n])
        }
        return data
    }
}
