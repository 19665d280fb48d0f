import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

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
            ListCommand.self, ShowCommand.self, NewCommand.self, RenameCommand.self, DuplicateCommand.self, DeleteCommand.self,
            SamplesCommand.self,
            EditTripCommand.self,
            AddStopCommand.self, EditStopCommand.self, MoveStopCommand.self, RemoveStopCommand.self,
            ExportCommand.self, ImportCommand.self, RouteCommand.self, PlacesCommand.self,
            ItineraryCommand.self, AlongCommand.self, RoadsCommand.self, LinkCommand.self, DirectionsCommand.self,
            OptimizeCommand.self, ConfigCommand.self,
            SaveLoopCommand.self
        ],
        defaultSubcommand: nil
    )

    @OptionGroup var global: GlobalOptions

    /// Parses and runs like ArgumentParser's own `main`, but its messages (which quote the
    /// command line back, escape sequences and all) reach the terminal only sanitised.
    static func main() {
        TextWidth.measureInUTF8()
        do {
            var command = try parseAsRoot(RouterArguments.joined(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Usage text spans lines; an argument quoted back in it must not (`$'x\nroadtrip: deleted'`).
            var raw = fullMessage(for: error)
            for argument in CommandLine.arguments.dropFirst() where TerminalText.sanitize(argument) != argument {
                raw = raw.replacingOccurrences(of: argument, with: TerminalText.sanitize(argument))
            }
            let message = TerminalText.sanitize(raw, keepNewlines: true, keepTabs: true)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }

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
