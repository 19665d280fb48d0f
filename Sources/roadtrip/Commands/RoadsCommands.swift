import ArgumentParser
import Foundation
import Gazetteer
import PlaceImport
import RoadtripCore
import Routing

/// `roadtrip roads …`: regions prepared for real road routing, used with no flag.
struct RoadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roads", abstract: "Real road distances offline: prepare the regions you drive (OSRM), used with no flag.",
        subcommands: [RoadsImportCommand.self, RoadsListCommand.self, RoadsForgetCommand.self]
    )
}

/// `roadtrip roads import FILE.osm.pbf… [--name REGION] [--no-places]`.
struct RoadsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Prepare OpenStreetMap extracts for road routing (and import their places).",
        discussion: """
            Several extracts (neighbouring states, say) are merged into one region with osmium-tool, then \
            prepared with OSRM's car profile. OSRM's programs are found where ROADTRIP_OSRM_BIN, \
            ROADTRIP_OSRM_HOME or PATH say, else downloaded once from PyPI (the osrm-bindings wheel) into \
            $XDG_DATA_HOME/roadtrip/osrm. The region is kept in the data folder as roads/REGION; from then \
            on every command and the planner route legs inside it on its roads, starting osrm-routed when a \
            leg needs it. Ctrl-C or Esc cancels and leaves nothing half-made. Extracts: download.geofabrik.de.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("OpenStreetMap extracts (.osm.pbf), merged into one region.", valueName: "file"))
    var files: [String]
    @Option(
        help: "The region's name (default: from the files' names, \"nevada-utah\" for nevada-latest.osm.pbf utah-latest.osm.pbf)."
    )
    var name: String?
    @Flag(help: "Prepare the roads only; leave the place search as it is.")
    var noPlaces = false

    func run() throws {
        try runCommand {
            let inputs = try files.map(Self.checkedExtract)
            let region = ImportedPlacesFolder.regionName(
                name ?? files.map { ImportedPlacesFolder.regionName($0) }.joined(separator: "-"))
            guard !region.isEmpty else { throw UserError("Name the region with --name (letters and digits).") }
            let folder = RoadRegionsFolder(dataFile: global.dataURL)
            folder.sweep()
            var extracts: [RoadRegion.Extract] = []
            var nodes: [Int] = []
            for (file, input) in zip(files, inputs) {
                let coverage: ExtractBounds.Coverage?
                do { coverage = try ExtractBounds.read(input.path) } catch { throw UserError("Not imported: \(error)") }
                guard let coverage else { throw UserError("Not imported: \(PlainText.line(file)) holds no nodes, so no roads.") }
                nodes.append(coverage.nodes)
                extracts.append(
                    RoadRegion.Extract(
                        file: PlainText.line(input.lastPathComponent), bytes: Self.size(input),
                        bounds: GeoBounds(
                            south: coverage.south, west: coverage.west, north: coverage.north, east: coverage.east),
                        cells: coverage.cells))
            }
            let plan = RoadImport.plan(inputBytes: extracts.map(\.bytes))
            let osmium = inputs.count > 1 ? RoadsImportCommand.osmium() : nil
            if inputs.count > 1, osmium == nil {
                throw UserError(
                    "Merging \(inputs.count) extracts needs osmium-tool (sudo apt-get install osmium-tool): OSRM's "
                        + "osrm-extract reads one file. Or import them one by one, as separate regions.")
            }
            if let free = Self.freeBytes(near: folder.url), free < plan.diskBytes {
                throw UserError(
                    "Not imported: it needs about \(RoadImport.Plan.bytes(plan.diskBytes)) of disk and "
                        + "\(folder.url.path) has \(RoadImport.Plan.bytes(free)) free.")
            }
            let toolkit = try Self.toolkit()
            guard let version = toolkit.version() else {
                throw UserError("osrm-routed in \(toolkit.bin.path) does not run here (ldd shows what it lacks).")
            }
            let sources = extracts.map(\.file).joined(separator: ", ")
            printError(
                "Importing the roads of “\(region)” from \(sources) (\(RoadImport.Plan.bytes(plan.inputBytes))): "
                    + "\(plan.text), estimated. Ctrl-C or Esc cancels.")
            let importer = RoadImport()
            let started = ContinuousClock.now
            let entry: RoadRegionsFolder.Entry
            do {
                entry = try CancelKeys.watching(cancel: importer.cancel) {
                    try importer.run(
                        inputs: inputs,
                        region: RoadRegion(
                            name: region, extracts: extracts, imported: ISO8601Text.string(Date()), osrmVersion: version,
                            profile: toolkit.profile.deletingPathExtension().lastPathComponent),
                        toolkit: toolkit, osmium: osmium, folder: folder,
                        smallComponentSize: RoadImport.smallComponentSize(nodes: nodes), say: { printError($0) })
                }
            } catch let failure as RoadImport.Failure {
                if failure.cancelled {
                    printError("Cancelled: nothing was imported, and any earlier “\(region)” is unchanged.")
                    throw ExitCode(130)
                }
                throw UserError("Not imported: \(failure.description).")
            }
            let took = started.duration(to: .now)
            Output.line(
                "Roads of “\(region)” ready in \(Self.seconds(took)): \(extracts.map(\.bounds.text).joined(separator: "; ")), "
                    + "\(RoadImport.Plan.bytes(folder.bytes(of: entry))) on disk. Legs inside it now follow its roads.")
            if !noPlaces { try importPlaces(inputs) }
        }
    }

    /// Each extract's places, as `places import` would add them (one place region per file).
    @MainActor private func importPlaces(_ inputs: [URL]) throws {
        let folder = ImportedPlacesFolder(dataFile: global.dataURL)
        let places = try? CommandServices.places()
        for input in inputs {
            let region = ImportedPlacesFolder.regionName(input.lastPathComponent)
            do {
                let summary = try PlaceImporter.run(
                    path: input.path, region: region, folder: folder, nearest: { places?.nearest(to: $0) })
                Output.line("Places of “\(summary.region)” imported too: \(summary.line).")
            } catch {
                printError("The roads are ready, but the places of \(input.lastPathComponent) were not imported: \(error)")
            }
        }
    }

    /// The extract at `file`, refused in one line when it is missing, a folder or not a .pbf.
    static func checkedExtract(_ file: String) throws -> URL {
        let url = URL(fileURLWithPath: DataLocation.expandTilde(file, home: NSHomeDirectory())).standardizedFileURL
        let shown = PlainText.line(file)
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) else {
            throw UserError("No file \(shown): download an extract (.osm.pbf) from download.geofabrik.de first.")
        }
        guard !folder.boolValue else { throw UserError("\(shown) is a folder: give an extract's .osm.pbf file.") }
        guard url.lastPathComponent.lowercased().hasSuffix(".pbf") else {
            throw UserError("\(shown) is not an OpenStreetMap extract: give a .osm.pbf file (download.geofabrik.de).")
        }
        return url
    }

    static func size(_ url: URL) -> Int64 {
        Int64((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??.int64Value ?? 0)
    }

    static func freeBytes(near url: URL) -> Int64? {
        var path = url
        while !FileManager.default.fileExists(atPath: path.path), path.path != "/" { path = path.deletingLastPathComponent() }
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: path.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 10 ? String(format: "%.1f s", seconds) : "\(Int(seconds.rounded())) s"
    }

    /// osmium-tool on PATH (/usr/bin:/bin when PATH is unset), found as OSRM's programs are.
    static func osmium() -> URL? {
        var environment = ProcessInfo.processInfo.environment
        if environment["PATH"] == nil { environment["PATH"] = "/usr/bin:/bin" }
        return OSRMBinaries.searchPath("osmium", environment: environment)
    }

    /// OSRM's programs where they already are, else roadtrip's own copy, installed now.
    static func toolkit() throws -> OSRMToolkit {
        if let found = OSRMToolkit.locate() { return found }
        if let configured = ProcessInfo.processInfo.environment["ROADTRIP_OSRM_BIN"], !configured.isEmpty {
            throw UserError(
                "ROADTRIP_OSRM_BIN=\(PlainText.line(configured)) holds no whole OSRM install (osrm-extract, osrm-partition, "
                    + "osrm-customize, osrm-routed and share/profiles/car.lua): point it at one, or unset it.")
        }
        guard let home = OSRMToolkit.managedHome() else {
            throw UserError("No home folder to install OSRM in: set HOME or XDG_DATA_HOME.")
        }
        do {
            return try OSRMToolkit.install(into: home, say: { printError($0) })
        } catch {
            throw UserError("OSRM is not installed: \(error)")
        }
    }
}

/// `roadtrip roads list [--json]`.
struct RoadsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the road regions, with their bounds, size and date.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print a JSON array of {name, extracts: [{file, bytes, bounds}], bytes, imported, osrmVersion, profile}.")
    var json = false

    struct Row: Encodable {
        var name: String
        var extracts: [RoadRegion.Extract]
        var bytes: Int64
        var imported: String
        var osrmVersion: String
        var profile: String
    }

    func run() throws {
        try runCommand {
            let folder = RoadRegionsFolder(dataFile: global.dataURL)
            let entries = folder.entries()
            if json {
                try Output.json(
                    entries.map {
                        Row(
                            name: $0.region.name, extracts: $0.region.extracts, bytes: folder.bytes(of: $0),
                            imported: $0.region.imported, osrmVersion: $0.region.osrmVersion, profile: $0.region.profile)
                    })
                return
            }
            guard !entries.isEmpty else {
                Output.line("No road region is imported; legs are estimated. `roadtrip roads import FILE.osm.pbf` adds one.")
                return
            }
            for entry in entries {
                let region = entry.region
                let date = String(region.imported.prefix(10))
                Output.line(
                    "\(region.name)  \(RoadImport.Plan.bytes(folder.bytes(of: entry)))  imported \(date)  "
                        + "from \(region.extracts.map(\.file).joined(separator: ", "))  (\(region.profile), \(region.osrmVersion))"
                )
                for extract in region.extracts { Output.line("    \(extract.file): \(extract.bounds.text)") }
            }
        }
    }
}

/// `roadtrip roads forget REGION`.
struct RoadsForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget", abstract: "Remove a road region: legs inside it are estimated again.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The region, as `roads list` names it.") var region: String

    func run() throws {
        try runCommand {
            let folder = RoadRegionsFolder(dataFile: global.dataURL)
            let known = folder.entries().map(\.region.name)
            let shown = PlainText.line(region)
            guard known.contains(region) else {
                throw UserError(
                    known.isEmpty
                        ? "No road region is imported." : "No road region “\(shown)”; imported: \(known.joined(separator: ", "))."
                )
            }
            let extracts = folder.entries().first { $0.region.name == region }?.region.extracts ?? []
            do { _ = try folder.forget(region) } catch {
                throw UserError("Cannot remove \(folder.folder(region).path): \(error.localizedDescription)")
            }
            Output.line("Forgot the roads of “\(shown)”: legs there are estimated again.")
            let places = Set(ImportedPlacesFolder(dataFile: global.dataURL).regions())
            let kept = extracts.map { ImportedPlacesFolder.regionName($0.file) }.filter(places.contains)
            if !kept.isEmpty {
                Output.line(
                    "Its places are still searched; `roadtrip places forget \(kept.joined(separator: "`, `roadtrip places forget "))` removes them."
                )
            }
        }
    }
}
