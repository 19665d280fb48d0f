import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip save-loop`: saves generation after generation of one trip, for the crash harness.
///
/// Hidden from --help: it exists so Scripts/tests/crash_harness.py can SIGKILL the process while a save
/// is under way far more often than process start-up would allow. Generation `g` is the trip
/// "gen g" with `stopCount(g)` stops named "gen g stop i", so a file that mixed two saves is
/// caught by reading it alone. It goes through the same repository, store and lock as every edit.
struct SaveLoopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save-loop", abstract: "Test aid: save generations of a trip until killed.",
        shouldDisplay: false
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Stop after this many saves (default: never).") var count: Int?

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let existing = context.repository.trips.first
            var generation = existing.flatMap { Int($0.name.dropFirst("gen ".count)) } ?? 0
            let id = existing?.id ?? UUID()
            var saved = 0
            while count.map({ saved < $0 }) ?? true {
                generation += 1
                let trip = Self.trip(generation: generation, id: id)
                try context.edit("save \(generation)") { $0 = [trip] }
                saved += 1
                // The harness reads this line to know which generation is safely on disk.
                Output.line("saved \(generation)")
                fflush(nil)  // all streams: stdout itself is not concurrency-safe to name
            }
        }
    }

    static func stopCount(_ generation: Int) -> Int { 20 + generation % 180 }

    static func trip(generation: Int, id: UUID) -> Trip {
        let stops = (0..<stopCount(generation)).map { i in
            Waypoint(
                name: "gen \(generation) stop \(i)",
                coordinate: Coordinate(latitude: Double(i % 170) - 85, longitude: Double(generation % 360) - 180))
        }
        return Trip(id: id, name: "gen \(generation)", waypoints: stops)
    }
}
