import Foundation
import Testing
import TestSupport

/// What every command shares: version, help, completion scripts, the manual's source, bad usage.
@Suite struct CLIGlobalTests {
    /// The subcommands as ArgumentParser describes them (what the man page is generated from).
    private func describedSubcommands() throws -> [[String: Any]] {
        let dump = try RoadtripProcess.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let info = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        #expect(command["commandName"] as? String == "roadtrip")
        return try #require(command["subcommands"] as? [[String: Any]])
    }

    @Test func versionGoesToStandardOutput() throws {
        let result = try RoadtripProcess.run(["--version"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result)")
    }

    @Test func theManualSourceDescribesEveryCommand() throws {
        let names = try describedSubcommands().compactMap { $0["commandName"] as? String }
        let ours = ["list", "show", "new", "rename", "delete", "add-stop", "move-stop", "remove-stop", "export", "import"]
        #expect(Set(ours).isSubset(of: names), "\(names)")
        let export = try #require(try describedSubcommands().first { $0["commandName"] as? String == "export" })
        #expect((export["abstract"] as? String)?.isEmpty == false)
        #expect((export["discussion"] as? String)?.contains("RFC 7946") == true)
    }

    @Test func helpWorksOnEveryCommand() throws {
        let root = try RoadtripProcess.run(["--help"])
        #expect(root.status == 0 && root.stderr.isEmpty)
        #expect(root.stdout.contains("USAGE: roadtrip"))
        for command in try describedSubcommands() {
            guard let name = command["commandName"] as? String, name != "help" else { continue }
            // A group (places) lists its commands; each of those has the global options.
            let children = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
            let group = try RoadtripProcess.run([name, "--help"])
            #expect(group.status == 0 && group.stdout.contains("USAGE: roadtrip \(name)"), "\(name): \(group)")
            for words in children.isEmpty ? [[name]] : children.map({ [name, $0] }) {
                // The other spellings once: they reach the same help.
                for args in name == "export" ? [words + ["--help"], words + ["-h"], ["help"] + words] : [words + ["--help"]] {
                    let result = try RoadtripProcess.run(args)
                    #expect(result.status == 0, "\(args): \(result)")
                    #expect(result.stderr.isEmpty, "\(args)")
                    #expect(result.stdout.contains("USAGE: roadtrip \(name)"), "\(args)")
                    #expect(result.stdout.contains("--data"), "\(args): global options missing")
                }
            }
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommand(shell: String) throws {
        let result = try RoadtripProcess.run(["--generate-completion-script", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        for name in ["list", "add-stop", "export", "import"] {
            #expect(result.stdout.contains(name), "\(shell) script lacks \(name)")
        }
        #expect(result.stdout.contains("gpx") && result.stdout.contains("geojson"), "format values not completed")
        if let checker = ["bash": "/bin/bash", "zsh": "/bin/zsh", "fish": "/usr/bin/fish"][shell],
            FileManager.default.isExecutableFile(atPath: checker)
        {
            let script = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-completion-\(UUID()).\(shell)")
            try result.stdoutData.write(to: script)
            defer { try? FileManager.default.removeItem(at: script) }
            let check = try ProcessRunner.run(URL(fileURLWithPath: checker), ["-n", script.path], check: false)
            #expect(check.status == 0, "\(shell) -n rejects the script")
        }
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let unknown = try RoadtripProcess.run(["frobnicate"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty && !unknown.stderr.isEmpty, "\(unknown)")
        #expect(try RoadtripProcess.run(["--bogus"]).status == 64)
        #expect(try RoadtripProcess.run(["--generate-completion-script", "tcsh"]).status == 64)
        #expect(try sandbox.run("show", "Alps", "--units", "leagues").isUsageError)
    }

    @Test func theDataFileComesFromTheEnvironmentWithoutData() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try RoadtripProcess.run(["list", "--json"], env: ["ROADTRIP_DATA": sandbox.dataURL.path])
        #expect(result.status == 0)
        #expect((try JSONSerialization.jsonObject(with: result.stdoutData) as? [Any])?.count == 3)
        let xdg = try RoadtripProcess.run(["new", "Via XDG"], env: ["XDG_DATA_HOME": sandbox.folder.path])
        #expect(xdg.status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.file("roadtrip/trips.json").path))
    }

    @Test func aBadOSRMTimeoutIsOneLineAndChangesNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("route", "43.7393,7.4276", "43.7314,7.4199", "--osrm-timeout", "soon")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "roadtrip: --osrm-timeout: \"soon\" is not a number of seconds between 0 and 600\n")
    }
}
