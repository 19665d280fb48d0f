import Foundation
import RoadtripCore

/// The config file as this process read it, once.
enum Config {
    static let current: Result<ConfigFile, ConfigError> = Result { () throws(ConfigError) in
        try ConfigFile.load(environment: ProcessInfo.processInfo.environment)
    }

    /// The file's settings; a broken file is refused before a command runs (`GlobalOptions.validate`).
    static var file: ConfigFile {
        (try? current.get()) ?? ConfigFile(path: ConfigFile.path(environment: ProcessInfo.processInfo.environment))
    }
}

/// One effective setting and where it came from: what `roadtrip config` prints.
struct Setting: Equatable {
    var key: String
    var value: String
    /// "--units", "ROADTRIP_DATA", "config file" or "default".
    var source: String
}

extension GlobalOptions {
    /// Every setting in force, flags over the environment over the config file over the defaults.
    var settings: [Setting] {
        let env = ProcessInfo.processInfo.environment
        let file = Config.file
        func pick(
            _ key: String, flag: (name: String, value: String?)? = nil, env name: String? = nil,
            file value: String?, default fallback: String
        ) -> Setting {
            if let flag, let v = flag.value { return Setting(key: key, value: v, source: flag.name) }
            if let name, let v = env[name], !v.isEmpty { return Setting(key: key, value: v, source: name) }
            if let value { return Setting(key: key, value: value, source: "config file") }
            return Setting(key: key, value: fallback, source: "default")
        }
        let limit = file.dailyLimit.map(Formatting.duration)
        func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
        let start = file.startMinutes.map(clock)
        return [
            pick(
                "units", flag: ("--units", unitsOption?.rawValue), file: file.units?.rawValue,
                default: DistanceUnit.kilometers.rawValue),
            Setting(
                key: "data", value: dataURL.path,
                source: pick(
                    "data", flag: ("--data", dataOption), env: "ROADTRIP_DATA",
                    file: file.data, default: ""
                ).source),
            pick(
                "osrm", flag: router?.engine == .osrm && router?.url != nil ? ("--router", router?.url) : ("--osrm", osrmOption),
                env: "ROADTRIP_OSRM_URL", file: file.osrm,
                default: "none (offline estimate)"),
            pick("osrm_data", flag: ("--osrm-data", osrmDataOption), file: file.osrmData, default: "none"),
            pick(
                "osrm_timeout", flag: ("--osrm-timeout", osrmTimeoutOption), env: "ROADTRIP_OSRM_TIMEOUT", file: file.osrmTimeout,
                default: "5"),
            pick("router", flag: ("--router", router?.engine.rawValue), file: file.router, default: RoutingEngine.osrm.rawValue),
            pick(
                "valhalla", flag: ("--router", router?.engine == .valhalla ? router?.url : nil), file: file.valhalla,
                default: "none"),
            pick(
                "geocoder", flag: ("--geocoder", geocoderOption), env: "ROADTRIP_GEOCODER", file: file.geocoder,
                default: "none (offline only)"),
            pick("daily_limit", file: limit, default: Formatting.duration(Trip.defaultDailyDrivingLimit)),
            pick("start_time", file: start, default: clock(Trip.defaultDailyStartMinutes)),
            pick("avoid", file: file.avoid.map { $0.isEmpty ? "none" : $0.listText }, default: "none"),
            Setting(
                key: "colour", value: colourWanted ? "true" : "false",
                source: env["NO_COLOR"] != nil ? "NO_COLOR" : file.colour != nil ? "config file" : "default"),
            Setting(
                key: "mouse", value: file.mouse == false ? "false" : "true", source: file.mouse != nil ? "config file" : "default"
            )
        ]
    }

    /// Whether the planner turns mouse reporting on: unless the config file says `mouse = false`.
    var mouseWanted: Bool { Config.file.mouse != false }

    /// Whether screens may use colour: not when NO_COLOR is set or the config file says `colour = false`.
    var colourWanted: Bool { ProcessInfo.processInfo.environment["NO_COLOR"] == nil && Config.file.colour != false }

    /// A new trip with the config file's daily limit and start time.
    static func newTrip(named name: String) -> Trip {
        let file = Config.file
        return Trip(
            name: name, dailyDrivingLimit: file.dailyLimit ?? Trip.defaultDailyDrivingLimit,
            dailyStartMinutes: file.startMinutes ?? Trip.defaultDailyStartMinutes, avoid: file.avoid ?? [])
    }
}
