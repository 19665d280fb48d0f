import Foundation
import RoadtripCore

/// The OSRM programs and car profile `roads import` prepares data with and osrm-routed serves it
/// with: found where `OSRMBinaries` looks, else the copy roadtrip installed for itself under
/// `$XDG_DATA_HOME/roadtrip/osrm`, which `install` makes from the osrm-bindings wheel on PyPI.
public struct OSRMToolkit: Sendable, Equatable {
    /// The folder holding osrm-extract, osrm-partition, osrm-customize and osrm-routed.
    public var bin: URL
    /// The car profile (`car.lua`) beside them.
    public var profile: URL
    /// Where they were found, for messages ("ROADTRIP_OSRM_BIN", "roadtrip's own copy").
    var source: String

    static let programs = ["osrm-extract", "osrm-partition", "osrm-customize", "osrm-routed"]

    func program(_ name: String) -> URL { bin.appendingPathComponent(name) }

    /// `$XDG_DATA_HOME/roadtrip/osrm` (else `~/.local/share/roadtrip/osrm`): roadtrip's own copy.
    public static func managedHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        // The home the environment names, never the process's own: an environment handed in (a test's,
        // a child's) says where to look, and nothing else leaks in.
        XDGFolder.data.roadtripFolder(environment: environment, fallbackHome: environment["HOME"]).map {
            URL(fileURLWithPath: $0).appendingPathComponent("osrm")
        }
    }

    /// The programs and profile already on this machine, or nil when some are missing.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = OSRMBinaries.runningExecutable()
    ) -> OSRMToolkit? {
        guard let routed = OSRMBinaries.find("osrm-routed", environment: environment, executable: executable) else {
            return nil
        }
        let bin = routed.url.deletingLastPathComponent()
        guard programs.allSatisfy({ FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent($0).path) })
        else { return nil }
        let candidates = [
            bin.deletingLastPathComponent().appendingPathComponent("share/profiles/car.lua"),
            bin.deletingLastPathComponent().appendingPathComponent("share/osrm/profiles/car.lua"),
            URL(fileURLWithPath: "/usr/share/osrm/profiles/car.lua")
        ]
        guard let profile = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { return nil }
        return OSRMToolkit(bin: bin, profile: profile, source: routed.source)
    }

    /// `osrm-routed --version`, or nil when it does not run here (a missing library).
    public func version() -> String? {
        guard let child = try? ChildProcess.spawn(program("osrm-routed").path, ["--version"], stdout: .pipe),
            let output = child.output
        else { return nil }
        let bytes = (try? output.readToEnd()) ?? Data()
        guard child.wait() == 0 else { return nil }
        let line = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return line.isEmpty ? nil : PlainText.line(line)
    }

    /// Downloads the osrm-bindings wheel with pip and unpacks its programs into `home`, replacing
    /// nothing until they are whole and run. `say` hears each step in one line.
    public static func install(
        into home: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        say: (String) -> Void
    ) throws -> OSRMToolkit {
        let version = OSRMBinaries.installedVersion
        let target = home.appendingPathComponent(version)
        let toolkit = OSRMToolkit(
            bin: target.appendingPathComponent("osrm/bin"), profile: target.appendingPathComponent("osrm/share/profiles/car.lua"),
            source: "roadtrip's own copy in \(home.path)")
        if toolkit.version() != nil { return toolkit }
        guard let python = OSRMBinaries.searchPath("python3", environment: environment) else {
            throw OSRMSetupError(
                description: "Installing OSRM needs python3 and pip (sudo apt-get install python3-pip), "
                    + "or set ROADTRIP_OSRM_BIN to the folder of an OSRM \(version) install")
        }
        let machine: String
        var names = utsname()
        uname(&names)
        machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let platform = machine == "aarch64" ? "manylinux_2_28_aarch64" : "manylinux_2_28_x86_64"
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let wheels = home.appendingPathComponent("wheels")
        let log = home.appendingPathComponent("install.log")
        say("Downloading OSRM \(version) (the osrm-bindings wheel from PyPI, about 21 MB)…")
        // Only unpacked, never installed: the platform and Python version are the wheel's, not this machine's pip's.
        try run(
            python,
            [
                "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
                "--python-version", "3.12", "--platform", platform, "osrm-bindings==\(version)", "-d", wheels.path
            ], log: log, failure: "pip could not download osrm-bindings \(version)")
        let wheel = ((try? FileManager.default.contentsOfDirectory(atPath: wheels.path)) ?? [])
            .filter { $0.hasPrefix("osrm_bindings-\(version)-") && $0.hasSuffix(".whl") }.sorted().last
        guard let wheel else { throw OSRMSetupError(description: "pip saved no osrm-bindings wheel in \(wheels.path)") }
        let partial = home.appendingPathComponent("\(version).partial-\(getpid())")
        try? FileManager.default.removeItem(at: partial)
        defer { try? FileManager.default.removeItem(at: partial) }
        try run(
            python, ["-m", "zipfile", "-e", wheels.appendingPathComponent(wheel).path, partial.path], log: log,
            failure: "the osrm-bindings wheel would not unpack")
        let bin = partial.appendingPathComponent("osrm/bin")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: bin.path)) ?? [] {
            chmod(bin.appendingPathComponent(name).path, 0o755)
        }
        let unpacked = OSRMToolkit(bin: bin, profile: partial.appendingPathComponent("osrm/share/profiles/car.lua"), source: "")
        guard unpacked.version() != nil else {
            throw OSRMSetupError(
                description: "osrm-routed from the wheel does not run on this machine (see `ldd \(bin.path)/osrm-routed` "
                    + "for missing libraries)")
        }
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: partial, to: target)
        try? FileManager.default.removeItem(at: wheels)
        say("Installed OSRM \(version) in \(target.path).")
        return toolkit
    }

    private static func run(_ program: URL, _ arguments: [String], log: URL, failure: String) throws {
        let child = try ChildProcess.spawn(program.path, arguments, stdout: .file(log.path), stderr: .appending(log.path))
        guard child.wait() == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let last = text.split(whereSeparator: \.isNewline).last.map { PlainText.line(String($0)) } ?? ""
            throw OSRMSetupError(description: "\(failure)\(last.isEmpty ? "" : ": " + last) (log: \(log.path))")
        }
    }
}
