import ArgumentParser
import Foundation
import Gazetteer
import PlaceImport
import RoadtripCore
import TermUI

/// `roadtrip places …`: the offline place search, and the regions imported into it.
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Find places offline (GeoNames' 235,000 towns and villages, and regions you import).",
        subcommands: [
            PlacesSearchCommand.self, PlacesImportCommand.self, PlacesForgetCommand.self, PlacesImportedCommand.self,
            PlacesPackCommand.self
        ],
        defaultSubcommand: PlacesSearchCommand.self
    )
}

/// `roadtrip places QUERY`: the search, as the editor's name field does it.
struct PlacesSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find places by name (the default: `roadtrip places Hallstatt`).",
        usage: "roadtrip places [<options>] <query> ...",
        discussion: """
            Case, accents and punctuation do not matter; "Portland, ME" narrows by region or country; \
            one typo is forgiven from 5 letters; "48.85, 2.29" is taken as a position. The curated destinations \
            (parks, landmarks, passes, sights) and regions imported with `places import` are searched too; \
            with --geocoder, so is a Nominatim server when no offline place is named as typed. No match is \
            said on standard error, with status 1.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "How many places to list.") var limit = 10
    @Flag(
        help:
            "Print a JSON array of {name, region, country, countryCode, kind, latitude, longitude, population, elevation?, source?, matched?, nearStop?, metersFromTrip?, near?}."
    )
    var json = false
    @Option(
        help: ArgumentHelp(
            "Rank places near a trip (its name or id) or a position \"LAT,LON\": a namesake near it comes first.",
            valueName: "trip|position"))
    var near: String?
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("What to look for.", valueName: "query"))
    var words: [String] = []

    func run() throws {
        let global = self.global
        // A bad geocoder URL is refused before anything is searched.
        let online = try CommandServices.geocoderURL(global).map { url in
            { (gazetteer: Gazetteer) -> any OnlinePlaceSearching in
                CommandServices.geocoder(url: url, options: global, nearest: gazetteer)
            }
        }
        var context: PlaceContext?
        try runCommand { context = try near.map(placeContext) }
        let out = placesCommandOutput(
            query: words.joined(separator: " "), limit: limit, json: json,
            imported: ImportedPlacesFolder(dataFile: global.dataURL), online: online, near: context,
            unit: global.units, sanitize: { TerminalText.sanitize($0) }, columns: { TextWidth.of($0) })
        FileHandle.standardOutput.write(Data(TerminalText.sanitize(out.stdout, keepNewlines: true, keepTabs: true).utf8))
        FileHandle.standardError.write(Data(TerminalText.sanitize(out.stderr, keepNewlines: true, keepTabs: true).utf8))
        if out.exitCode != 0 { throw ExitCode(out.exitCode) }
    }
}

extension PlacesSearchCommand {
    /// `--near`: a position as typed, else a trip's stops.
    @MainActor private func placeContext(_ text: String) throws -> PlaceContext {
        switch PositionParser.read(text) {
        case let .position(c, _): return PlaceContext(position: c)
        case let .invalid(message): throw UserError("--near: " + message)
        case .notAPosition: break
        }
        let trip = try CommandContext(global).trip(text)
        guard let context = PlaceContext(stops: trip.waypoints.map(\.coordinate), insertingAt: nil) else {
            throw UserError("--near: “\(trip.name)” has no stops yet to be near.")
        }
        return context
    }
}

/// `roadtrip places import FILE.osm.pbf [--name REGION]`.
struct PlacesImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the places of an OpenStreetMap extract (.osm.pbf) to the search.",
        discussion: """
            Named settlements and points of interest (parks, peaks, passes, waterfalls, lakes, viewpoints, \
            sights, castles, museums, camp sites, fuel and charging) become searchable in the planner and \
            the command line, kept in the data folder as places/REGION.json. Importing the same region \
            again replaces it; `places forget REGION` removes it.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("An OpenStreetMap extract, e.g. one downloaded per country or state.", valueName: "file"))
    var file: String
    @Option(help: "The region's name (default: from the file's name, \"monaco\" for monaco-latest.osm.pbf).")
    var name: String?

    func run() throws {
        try runCommand {
            let folder = ImportedPlacesFolder(dataFile: global.dataURL)
            let region = ImportedPlacesFolder.regionName(name ?? file)
            guard !region.isEmpty else { throw UserError("Name the region with --name (letters and digits).") }
            let places = try? CommandServices.places()
            let summary: PlaceImporter.Summary
            do {
                summary = try PlaceImporter.run(path: file, region: region, folder: folder, nearest: { places?.nearest(to: $0) })
            } catch {
                throw UserError("Not imported: \(error)")
            }
            Output.line("Imported “\(summary.region)” from \(file): \(summary.line).")
            Output.line("Saved in \(summary.file.path); `roadtrip places forget \(summary.region)` removes it.")
        }
    }
}

/// `roadtrip places forget REGION`.
struct PlacesForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "forget", abstract: "Remove an imported region from the search.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The region, as `places imported` lists it.") var region: String

    func run() throws {
        try runCommand {
            let folder = ImportedPlacesFolder(dataFile: global.dataURL)
            let known = folder.regions()
            guard known.contains(region) else {
                throw UserError(
                    known.isEmpty
                        ? "No region is imported." : "No region “\(region)”; imported: \(known.joined(separator: ", ")).")
            }
            do {
                try FileManager.default.removeItem(at: folder.file(region))
                try? FileManager.default.removeItem(at: folder.packFile(region))
            } catch {
                throw UserError("Cannot remove \(folder.file(region).path): \(error.localizedDescription)")
            }
            Output.line("Forgot “\(region)”: its places are no longer searched.")
        }
    }
}

/// `roadtrip places imported`.
struct PlacesImportedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imported", abstract: "List the regions imported into the search.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try runCommand {
            let loaded = ImportedPlacesFolder(dataFile: global.dataURL).load()
            if loaded.regions.isEmpty && loaded.problems.isEmpty {
                Output.line("No region is imported; `roadtrip places import FILE.osm.pbf` adds one.")
            }
            for region in loaded.regions {
                Output.line(
                    "\(region.region)  \(Formatting.grouped(region.places.count)) places  from \(region.source)  \(region.imported)"
                )
            }
            for problem in loaded.problems { printError(problem) }
        }
    }
}

/// `roadtrip places pack DIR`: writes DIR/destinations.pack from DIR/destinations.tsv, as
/// Scripts/data/pack_destinations.sh does after the table is edited. For maintainers, so not listed.
struct PlacesPackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack", abstract: "Pack destinations.tsv for searching (Scripts/data/pack_destinations.sh).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The folder holding destinations.tsv.") var directory: String

    func run() throws {
        try runCommand {
            let folder = URL(fileURLWithPath: directory)
            let table = folder.appendingPathComponent(Destinations.fileName)
            guard let bytes = FileManager.default.contents(atPath: table.path) else {
                throw UserError("\(table.path) cannot be read: give the folder that holds destinations.tsv.")
            }
            let packed: [UInt8]
            do { packed = try Destinations.pack(tableBytes: bytes, directory: folder) } catch { throw UserError("\(error)") }
            let target = folder.appendingPathComponent(Destinations.packName)
            do { try AtomicFileWriter(target: target, keepsBackup: false).write(packed) } catch {
                throw UserError("\(target.path) cannot be written: \(error)")
            }
            Output.line("Packed \(table.path) into \(target.path) (\(packed.count) bytes).")
        }
    }
}
