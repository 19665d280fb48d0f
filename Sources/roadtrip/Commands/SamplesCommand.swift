import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip samples`: the sample trips, added to the person's own on purpose.
struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples", abstract: "Add the sample trips to your trips.",
        discussion: """
            The planner shows them as examples while you have no trips file, and keeps only those you \
            edit; this adds every one not among your trips yet (by its id), as your own.
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let samples: [Trip]
            switch SampleTrips.load() {
            case let .success(trips): samples = trips
            case let .failure(reason): throw UserError("no sample trips: \(reason)")
            }
            var added: [String] = []
            try context.edit("adding the sample trips") { trips in
                for sample in samples where !trips.contains(where: { $0.id == sample.id }) {
                    trips.append(sample)
                    added.append(sample.name)
                }
            }
            if added.isEmpty {
                Output.line("The \(samples.count) sample trips are all among your trips already.")
            } else {
                Output.line("Added \(added.count) sample trip\(added.count == 1 ? "" : "s") to \(context.url.path):")
                for name in added { Output.line("  " + name) }
            }
        }
    }
}
