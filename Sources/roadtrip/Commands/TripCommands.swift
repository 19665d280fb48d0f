import ArgumentParser
import Foundation
import RoadtripCore
import Routing
import TermUI

/// `roadtrip config`: the settings in force and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show the settings in force and where each came from.",
        discussion: "Flags win over environment variables, which win over the config file, which wins over the defaults."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let file = Config.file
        Output.line("config file: \(file.path)\(file.exists ? "" : " (none)")")
        // Not a setting: which program --osrm-data runs, and why that one (only where the install put it).
        let routed = OSRMBinaries.find("osrm-routed")
        Output.line(
            "osrm-routed for --osrm-data: "
                + (routed.map { "\($0.url.path) (\($0.source))" }
                    ?? "none found (roadtrip roads import installs it, or set ROADTRIP_OSRM_BIN)"))
        // Not a setting either: the regions legs are routed through when no router is named.
        let regions = RoadRegionsFolder(dataFile: global.dataURL).entries().map(\.region.name)
        Output.line(
            "imported roads: "
                + (regions.isEmpty
                    ? "none (roadtrip roads import FILE.osm.pbf adds a region)"
                    : regions.joined(separator: ", ") + " (used when no router is named)"))
        let width = global.settings.map(\.key.count).max() ?? 0
        for setting in global.settings {
            Output.line(
                setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + setting.value + "  (" + setting.source
                    + ")")
        }
    }
}

/// `roadtrip new NAME`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Create an empty trip.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The trip's name.") var name: String

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let name = try TripName.validated(self.name)
            let trip = GlobalOptions.newTrip(named: name)
            try context.edit { $0.append(trip) }
            Output.line("Created “\(name)” (\(trip.id.uuidString)).")
        }
    }
}

/// `roadtrip rename TRIP NAME`.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a trip.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Argument(help: "The new name.") var name: String

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let name = try TripName.validated(self.name)
            try context.edit(trip: trip.id) { $0.name = name }
            Output.line("Renamed “\(trip.name)” to “\(name)”.")
        }
    }
}

/// `roadtrip duplicate TRIP [--name NAME]`: a copy to plan a variant on.
struct DuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a trip, every stop and setting, to plan a variant.",
        discussion: "The copy gets new ids and is placed right after the original."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: "The copy's name (default: the original's name with “(copy)”).") var name: String?
    @Flag(help: "Print the copy's id and name as JSON.") var json = false

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let name =
                try self.name.map(TripName.validated) ?? Trip.copyName(of: trip.name, taken: context.repository.trips.map(\.name))
            let copy = trip.duplicated(named: name)
            try context.edit("duplicating “\(trip.name)”") { $0.insert(copy, after: trip.id) }
            if json {
                try Output.json(["id": copy.id.uuidString, "name": copy.name])
            } else {
                Output.line(
                    "Duplicated “\(trip.name)” as “\(name)” (\(copy.id.uuidString)) with \(copy.waypoints.count) stop\(copy.waypoints.count == 1 ? "" : "s")."
                )
            }
        }
    }
}

/// `roadtrip delete TRIP [--yes]`.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a trip.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Flag(help: "Delete without asking.") var yes = false

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw UserError("Not deleting “\(trip.name)” without confirmation: add --yes.")
                }
                let count = trip.waypoints.count
                let stops = count == 0 ? "" : " and its \(count) stop\(count == 1 ? "" : "s")"
                FileHandle.standardError.write(Data(TerminalText.sanitize("Delete “\(trip.name)”\(stops)? [y/N] ").utf8))
                guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
                    Output.line("Kept “\(trip.name)”.")
                    return
                }
            }
            try context.edit { $0.removeAll { $0.id == trip.id } }
            Output.line("Deleted “\(trip.name)”.")
        }
    }
}

/// Trip and stop names as typed on the command line.
enum TripName {
    /// The name trimmed; an empty name or one holding control characters (an escape
    /// sequence pasted by mistake) is refused rather than silently changed.
    static func validated(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw UserError("A name cannot be empty.") }
        guard TerminalText.sanitize(name) == name else {
            throw UserError("A name cannot hold control characters: “\(TerminalText.sanitize(String(name.prefix(80))))”.")
        }
        if let problem = TextLimits.nameProblem(name) { throw UserError("Not saved: \(problem).") }
        return name
    }
}
