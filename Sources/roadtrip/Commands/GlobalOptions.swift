import ArgumentParser
import Foundation
import RoadtripCore

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The trips file.", valueName: "path"))
    var data: String?

    @Option(help: "Distance unit: km or mi.")
    var units: DistanceUnit = .kilometers

    /// Where the trips file is, by the documented order of precedence.
    var dataURL: URL {
        DataLocation.resolve(argument: data, environment: ProcessInfo.processInfo.environment)
    }
}

extension DistanceUnit: ExpressibleByArgument {}
