import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `~/.config/roadtrip/config.toml` through the real binary: what it sets, what overrides it, and broken files.
@Suite struct CLIConfigTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("xdg/roadtrip"), withIntermediateDirectories: true)
    }

    private var configFile: URL { folder.appendingPathComponent("xdg/roadtrip/config.toml") }

    private func run(_ args: String..., env: [String: String] = [:]) throws -> RoadtripProcess.Outcome {
        try RoadtripProcess.run(
            args, env: ["XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path].merging(env) { $1 },
            directory: folder)
    }

    @Test func theFileSetsTheDefaultsAndFlagsAndTheEnvironmentOverrideIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let trips = folder.appendingPathComponent("mine/trips.json").path
        try """
        # my settings
        units = "mi"
        data = "\(trips)"
        daily_limit = "6h30"
        start_time = "07:15"
        colour = false
        osrm_timeout = 8
        """.write(to: configFile, atomically: true, encoding: .utf8)
        let shown = try run("config")
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("units         mi  (config file)"))
        #expect(shown.stdout.contains("data          \(trips)  (config file)"))
        #expect(shown.stdout.contains("daily_limit   6 h 30 min  (config file)"))
        #expect(shown.stdout.contains("colour        false  (config file)"))

        #expect(try run("new", "Weekend").status == 0)
        let document = try JSONDecoder().decode(TripDocument.self, from: Data(contentsOf: URL(fileURLWithPath: trips)))
        #expect(document.trips.first?.dailyDrivingLimit == 6.5 * 3600)
        #expect(document.trips.first?.dailyStartMinutes == 7 * 60 + 15)
        #expect(try run("list").stdout.contains("Weekend"))

        #expect(try run("config", "--units", "km").stdout.contains("units         km  (--units)"))
        let other = folder.appendingPathComponent("other.json").path
        #expect(try run("config", env: ["ROADTRIP_DATA": other]).stdout.contains("data          \(other)  (ROADTRIP_DATA)"))
        #expect(try run("config", "--data", other).stdout.contains("(--data)"))
    }

    @Test func aBrokenFileStopsEveryCommandNamingItsLineAndProblem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("units = \"mi\"\nunit = \"km\"\n", ":2: unknown setting “unit” (did you mean “units”?)"),
            ("units = \"miles\"\n", ":1: units must be \"km\" or \"mi\", not \"miles\""),
            ("daily_limit = \"forever\"\n", ":1: daily_limit must be a duration from 30 min to 24h"),
            ("start_time = \"25:00\"\n", ":1: start_time must be HH:MM"),
            ("colour = \"yes\"\n", ":1: colour must be true or false"),
            ("units = \"mi\"\ncolor = 1\n", ":2: color must be true or false"),
            ("colour = true\ncolor = false\n", ":2: color and colour are the same setting: keep one"),
            ("\n\nunits = \"mi\n", ":3: ")
        ]
        for (text, said) in cases {
            try text.write(to: configFile, atomically: true, encoding: .utf8)
            let result = try run("list")
            #expect(result.status == 1, "\(text): \(result)")
            #expect(result.stderr.hasPrefix("roadtrip: config file \(configFile.path)\(said)"), "\(text): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    /// `color` is `colour` as most of the world's config files spell it.
    @Test func colorIsTheSameSettingAsColour() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try "color = false\n".write(to: configFile, atomically: true, encoding: .utf8)
        let shown = try run("config")
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("colour        false  (config file)"), "\(shown.stdout)")
    }

    @Test func noFileIsNoSettings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = try run("config")
        #expect(
            shown.status == 0 && shown.stdout.contains("(none)") && shown.stdout.contains("units         km  (default)"),
            "\(shown)")
    }
}

/// docs/configuration.md's table of config keys is the program's list.
@Suite struct ConfigDocumentationTests {
    @Test func theDocumentationNamesEveryKey() throws {
        let page = RoadtripProcess.repositoryRoot.appendingPathComponent("docs/configuration.md")
        let section = try String(contentsOf: page, encoding: .utf8)
        let documented = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
            .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        // After the three header lines: the config file, the osrm-routed program --osrm-data runs, the imported roads.
        let output = try RoadtripProcess.run(["config"]).stdout
        #expect(output.contains("osrm-routed for --osrm-data: ") && output.contains("\nimported roads: "))
        let shown = output.split(separator: "\n").dropFirst(3)
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(documented == shown)
    }
}
