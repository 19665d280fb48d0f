import ArgumentParser
import Foundation
import RoadtripCore

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The trips file.", valueName: "path"))
    var data: String?

    @Option(help: "Distance unit: km or mi.")
    var units: DistanceUnit = .kilometers

    @Option(help: ArgumentHelp("An OSRM server for road distances and drive times (else $ROADTRIP_OSRM_URL, else an offline estimate).",
                               valueName: "url"))
    var osrm: String?

    @Option(name: .customLong("osrm-data"),
            help: ArgumentHelp("A prepared OSRM dataset (REGION.osrm): roadtrip serves it itself on a free loopback port.",
                               valueName: "path"))
    var osrmData: String?

    @Option(name: .customLong("osrm-timeout"),
            help: ArgumentHelp("Seconds one OSRM request may take before its legs are estimated (else $ROADTRIP_OSRM_TIMEOUT, else 5).",
                               valueName: "seconds"))
    var osrmTimeout: String?

    /// Where the trips file is, by the documented order of precedence.
    var dataURL: URL {
        DataLocation.resolve(argument: data, environment: ProcessInfo.processInfo.environment)
    }
}

extension DistanceUnit: ExpressibleByArgument {}
