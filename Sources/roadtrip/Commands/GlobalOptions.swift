import ArgumentParser
import Foundation
import RoadtripCore

/// Options every command takes; each falls back to its environment variable, then the config file.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The trips file.", valueName: "path"))
    var dataOption: String?

    @Option(name: .customLong("units"), help: "Distance unit: km or mi (else the config file's, else km).")
    var unitsOption: DistanceUnit?

    @Option(
        name: .customLong("osrm"),
        help: ArgumentHelp(
            "An OSRM server for road distances and drive times (else $ROADTRIP_OSRM_URL, else the config file's, else an offline estimate).",
            valueName: "url"))
    var osrmOption: String?

    @Option(
        name: .customLong("router"),
        help: ArgumentHelp(
            "The routing engine and its server: osrm URL (as --osrm) or valhalla URL (else the config file's router, else osrm).",
            valueName: "engine url"))
    var routerOption: String?

    @Option(
        name: .customLong("osrm-data"),
        help: ArgumentHelp(
            "A prepared OSRM dataset (REGION.osrm): roadtrip serves it itself on a free loopback port.",
            valueName: "path"))
    var osrmDataOption: String?

    @Option(
        name: .customLong("osrm-timeout"),
        help: ArgumentHelp(
            "Seconds one OSRM request may take before its legs are estimated (else $ROADTRIP_OSRM_TIMEOUT, else the config file's, else 5).",
            valueName: "seconds"))
    var osrmTimeoutOption: String?

    @Option(
        name: .customLong("geocoder"),
        help: ArgumentHelp(
            "A Nominatim-compatible server, asked when no offline place is named as typed (else $ROADTRIP_GEOCODER, else the config file's; off by default).",
            valueName: "url"))
    var geocoderOption: String?

    /// A config file that cannot be used stops every command, saying its path, line and problem.
    func validate() throws {
        if case let .failure(error) = Config.current {
            printError("config file " + error.description)
            throw ExitCode(1)
        }
        if let routerOption {
            let choice = try RouterChoice(parsing: routerOption)
            if choice.engine == .valhalla, choice.url == nil, Config.file.valhalla == nil {
                throw ValidationError("--router valhalla needs its server: --router valhalla http://HOST:PORT")
            }
        }
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
    private static func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }

    var units: DistanceUnit { unitsOption ?? Config.file.units ?? .kilometers }

    /// The OSRM URL given as a flag (`--osrm`, `--router osrm URL`) or in the config file; nil
    /// leaves `ROADTRIP_OSRM_URL` to the provider.
    var osrm: String? {
        if let router, router.engine == .osrm, let url = router.url { return url }
        return osrmOption ?? (Self.has("ROADTRIP_OSRM_URL") ? nil : Config.file.osrm)
    }

    /// What `--router` asked for (checked in `validate`).
    var router: RouterChoice? { routerOption.flatMap { try? RouterChoice(parsing: $0) } }

    /// The Valhalla server when Valhalla is the engine: `--router valhalla [URL]`, else the config
    /// file's `router = "valhalla"` unless an OSRM flag or `ROADTRIP_OSRM_URL` asks for OSRM.
    var valhalla: String? {
        if let router { return router.engine == .valhalla ? router.url ?? Config.file.valhalla : nil }
        if osrmOption != nil || osrmDataOption != nil || Self.has("ROADTRIP_OSRM_URL") { return nil }
        return Config.file.router == RoutingEngine.valhalla.rawValue ? Config.file.valhalla : nil
    }

    var osrmData: String? {
        (osrmDataOption ?? Config.file.osrmData).map { DataLocation.expandTilde($0, home: NSHomeDirectory()) }
    }

    /// The online geocoder's URL, or nil: off unless a flag, the environment or the config file names one.
    var geocoder: String? {
        (geocoderOption ?? Self.environment["ROADTRIP_GEOCODER"] ?? Config.file.geocoder).flatMap { $0.isEmpty ? nil : $0 }
    }

    var osrmTimeout: String? { osrmTimeoutOption ?? (Self.has("ROADTRIP_OSRM_TIMEOUT") ? nil : Config.file.osrmTimeout) }

    /// Where the trips file is: `--data`, `$ROADTRIP_DATA`, the config file's `data`, the XDG default.
    var dataURL: URL {
        let configured = Self.has("ROADTRIP_DATA") ? nil : Config.file.data
        return DataLocation.resolve(argument: dataOption ?? configured, environment: Self.environment)
    }
}

extension DistanceUnit: ExpressibleByArgument {}
