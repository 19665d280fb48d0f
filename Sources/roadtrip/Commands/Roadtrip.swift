import ArgumentParser
import Foundation
import RoadtripCore

/// The `roadtrip` command: alone it opens the full-screen planner.
@main
struct Roadtrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roadtrip",
        abstract: "Plan road trips in the terminal.",
        discussion: """
            Run without a subcommand to open the full-screen planner. Trips live in one JSON file: \
            --data PATH, else $ROADTRIP_DATA, else $XDG_DATA_HOME/roadtrip/trips.json \
            (~/.local/share/roadtrip/trips.json).
            """,
        version: RoadtripVersion.current,
        subcommands: [
            ListCommand.self, ShowCommand.self, NewCommand.self, RenameCommand.self, DeleteCommand.self,
            AddStopCommand.self, MoveStopCommand.self, RemoveStopCommand.self,
            ExportCommand.self, ImportCommand.self, RouteCommand.self, PlacesCommand.self,
            ItineraryCommand.self, OptimizeCommand.self,
        ],
        defaultSubcommand: nil
    )

    @OptionGroup var global: GlobalOptions

    mutating func run() throws {
        let options = global
        let status = MainActor.assumeIsolated { FullScreenApp(options: options).run() }
        if status != 0 { throw ExitCode(status) }
    }
}

/// The version `--version` prints.
enum RoadtripVersion {
    static let current = "0.1.0"
}
