import Exchange
import Foundation
import RoadtripCore
import TOMLKit

/// `~/.config/roadtrip/config.toml`: the settings a person would otherwise pass as flags each time.
///
/// Read with LebJe/TOMLKit (toml++ underneath: the whole TOML 1.0 grammar, and the line of any syntax
/// error). Every key is optional; flags and the environment override it (see `Settings`).
struct ConfigFile: Sendable {
    /// The keys, with what each takes: docs/configuration.md's table is this list.
    static let keys: [(key: String, takes: String)] = [
        ("units", "\"km\" or \"mi\""),
        ("data", "the trips file, e.g. \"~/Trips/trips.json\""),
        ("osrm", "an OSRM server URL, e.g. \"http://127.0.0.1:5000\""),
        ("osrm_data", "a prepared OSRM dataset, e.g. \"~/osrm/france-latest.osrm\""),
        ("osrm_timeout", "seconds, e.g. 8"),
        ("router", "\"osrm\" or \"valhalla\" (valhalla: route with the server of `valhalla`)"),
        ("valhalla", "a Valhalla server URL, e.g. \"http://127.0.0.1:8002\""),
        (
            "geocoder",
            "a Nominatim-compatible server asked when no offline place is named so, e.g. \"https://nominatim.openstreetmap.org\""
        ),
        ("daily_limit", "the daily driving limit of new trips, e.g. \"7h30\""),
        ("start_time", "when new trips' days start, e.g. \"07:30\""),
        ("avoid", "roads new trips and `route` stay off, e.g. \"tolls,ferries\" (motorways, tolls, ferries)"),
        ("colour", "true or false (false: no colours, as NO_COLOR); `color` is the same setting"),
        ("mouse", "true or false (false: the planner leaves the mouse to the terminal, for selecting text)")
    ]

    /// Other spellings of a setting, read as the setting itself.
    static let spellings = ["color": "colour"]

    var path: String
    var exists = false
    var units: DistanceUnit?
    var data: String?
    var osrm: String?
    var osrmData: String?
    var osrmTimeout: String?
    /// The routing engine: "osrm" or "valhalla".
    var router: String?
    var valhalla: String?
    var geocoder: String?
    var dailyLimit: TimeInterval?
    var startMinutes: Int?
    var avoid: RoadAvoidance?
    var colour: Bool?
    var mouse: Bool?

    /// `$ROADTRIP_CONFIG`, else `$XDG_CONFIG_HOME/roadtrip/config.toml`, else `~/.config/roadtrip/config.toml`.
    static func path(environment: [String: String]) -> String {
        if let explicit = environment["ROADTRIP_CONFIG"], !explicit.isEmpty { return explicit }
        let folder = XDGFolder.config.roadtripFolder(environment: environment) ?? NSHomeDirectory() + "/.config/roadtrip"
        return folder + "/config.toml"
    }

    /// Whether a settings file is at `path`: false when nothing is there; an error when something
    /// that cannot be read is (a folder, a link to nowhere or a loop of links), which would
    /// otherwise read as "no settings" and silently drop every one.
    private static func presence(of path: String) throws(ConfigError) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFDIR else {
                throw ConfigError(
                    path: path, line: nil,
                    problem: "is a folder, not a file: remove it, or set ROADTRIP_CONFIG to your config.toml")
            }
            return true
        }
        let code = errno
        var link = stat()
        switch code {
        case ENOENT where lstat(path, &link) == 0:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw ConfigError(
                path: path, line: nil,
                problem: "is a link to \(PlainText.line(target)), which does not exist: point it at your config.toml or remove it"
            )
        case ENOENT, ENOTDIR:
            return false
        case ELOOP:
            throw ConfigError(path: path, line: nil, problem: "is a loop of symbolic links: point it at a file or remove it")
        default:
            throw ConfigError(
                path: path, line: nil,
                problem: "cannot be read (\(systemMessage(code))): fix its permissions, or set ROADTRIP_CONFIG to another file")
        }
    }

    /// The file's settings; no file is no settings; a file that cannot be used is an error naming its line.
    static func load(environment: [String: String]) throws(ConfigError) -> ConfigFile {
        let path = path(environment: environment)
        var config = ConfigFile(path: path)
        guard try presence(of: path) else { return config }
        config.exists = true
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count <= 1_000_000 else {
                throw ConfigError(path: path, line: nil, problem: "over 1 MB: not a settings file")
            }
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw ConfigError(path: path, line: nil, problem: "not UTF-8 text")
            }
            // The TOML reader stops at a NUL: everything after it would be ignored without a word.
            if let nul = data.firstIndex(of: 0) {
                throw ConfigError(
                    path: path, line: data[..<nul].filter { $0 == 0x0A }.count + 1,
                    problem:
                        "holds a NUL byte, so everything after it would be ignored: remove it (a settings file is plain text)")
            }
            text = decoded
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(
                path: path, line: nil,
                problem: "cannot be read (\(systemMessage(errno))): fix its permissions, or set ROADTRIP_CONFIG to another file")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, problem: error.description)
        } catch {
            throw ConfigError(path: path, line: nil, problem: "\(error)")
        }
        func fail(_ key: String, _ problem: String) -> ConfigError {
            ConfigError(path: path, line: line(of: key, in: text), problem: problem)
        }
        func string(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let s = value.string, !s.isEmpty else {
                throw fail(key, "\(key) must be \(takes(key)), not \(String(describing: value))")
            }
            return s
        }
        for (other, key) in spellings where table[other] != nil && table[key] != nil {
            throw fail(other, "\(other) and \(key) are the same setting: keep one")
        }
        for key in table.keys where !keys.contains(where: { $0.key == key }) && spellings[key] == nil {
            let close = keys.map(\.key).first { $0.hasPrefix(String(key.prefix(3))) }
            throw fail(
                key,
                "unknown setting “\(key)”" + (close.map { " (did you mean “\($0)”?)" } ?? "")
                    + "; the settings are " + keys.map(\.key).joined(separator: ", "))
        }
        if let units = try string("units") {
            guard let unit = DistanceUnit(argument: units) else {
                throw fail("units", "units must be \"km\" or \"mi\", not \"\(units)\"")
            }
            config.units = unit
        }
        config.data = try string("data")
        // A server's address is checked here, where its line is known, not at the first route.
        func server(_ key: String) throws(ConfigError) -> String? {
            guard let text = try string(key) else { return nil }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else {
                throw fail(
                    key,
                    "\(key) must be an http:// or https:// URL with a host, e.g. \"http://127.0.0.1:5000\", "
                        + "not \"\(PlainText.line(text, limit: 60))\"")
            }
            return text
        }
        config.osrm = try server("osrm")
        config.osrmData = try string("osrm_data")
        config.geocoder = try server("geocoder")
        config.valhalla = try server("valhalla")
        if let router = try string("router") {
            guard RoutingEngine(rawValue: router) != nil else {
                throw fail("router", "router must be \"osrm\" or \"valhalla\", not \"\(router)\"")
            }
            guard router != RoutingEngine.valhalla.rawValue || config.valhalla != nil else {
                throw fail("router", "router = \"valhalla\" needs the server: valhalla = \"http://HOST:PORT\"")
            }
            config.router = router
        }
        if let value = table["osrm_timeout"] {
            guard let seconds = value.double ?? value.int.map(Double.init), seconds > 0, seconds <= 600 else {
                throw fail("osrm_timeout", "osrm_timeout must be seconds between 0 and 600, not \(String(describing: value))")
            }
            config.osrmTimeout = String(seconds)
        }
        if let limit = try string("daily_limit") {
            guard case let .success(seconds) = DurationParser.parse(limit), Plausibility.dailyLimitProblem(seconds) == nil else {
                throw fail("daily_limit", "daily_limit must be a duration from 30 min to 24h, e.g. \"7h30\", not \"\(limit)\"")
            }
            config.dailyLimit = seconds
        }
        if let start = try string("start_time") {
            guard let minutes = DurationParser.clockMinutes(start) else {
                throw fail("start_time", "start_time must be HH:MM, e.g. \"07:30\", not \"\(start)\"")
            }
            config.startMinutes = minutes
        }
        if let words = try string("avoid") {
            guard let avoid = RoadAvoidance(words: words) else {
                throw fail("avoid", "avoid must list motorways, tolls or ferries, e.g. \"tolls,ferries\", not \"\(words)\"")
            }
            config.avoid = avoid
        }
        let colourKey = table["colour"] == nil ? "color" : "colour"
        if let value = table[colourKey] {
            guard let flag = value.bool else {
                throw fail(colourKey, "\(colourKey) must be true or false, not \(String(describing: value))")
            }
            config.colour = flag
        }
        if let value = table["mouse"] {
            guard let flag = value.bool else {
                throw fail("mouse", "mouse must be true or false, not \(String(describing: value))")
            }
            config.mouse = flag
        }
        return config
    }

    private static func takes(_ key: String) -> String { keys.first { $0.key == key }?.takes ?? "text" }

    /// The line a key is set on, for the message about its value.
    private static func line(of key: String, in text: String) -> Int? {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(key), trimmed.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("=") {
                return i + 1
            }
        }
        return nil
    }
}

/// A config file that cannot be used: its path, the line when known, and the problem, in one line.
struct ConfigError: Error, CustomStringConvertible {
    var path: String
    var line: Int?
    var problem: String

    var description: String {
        // A TOML parser's message may run over lines: one printable line.
        ImportedText.singleLine("\(path)\(line.map { ":\($0)" } ?? ""): \(problem)")
    }
}
