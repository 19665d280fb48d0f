import Foundation
import RoadtripCore
import TestSupport

/// A trips file in a fresh temporary folder, and the real binary run against it with `--data`.
final class CLISandbox {
    let folder: URL
    var dataURL: URL { folder.appendingPathComponent("trips.json") }

    /// An empty folder: no trips file yet.
    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A trips file holding `trips`, written as the store writes it.
    convenience init(trips: [Trip]) throws {
        try self.init()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(TripDocument(trips: trips)).write(to: dataURL)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `roadtrip COMMAND --data <this file> REST…`, run in this folder.
    func run(_ args: String..., stdin: Data? = nil) throws -> RoadtripProcess.Outcome {
        try run(args, stdin: stdin)
    }

    func run(_ args: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> RoadtripProcess.Outcome {
        let withData = args.isEmpty ? ["--data", dataURL.path] : [args[0], "--data", dataURL.path] + args.dropFirst()
        return try RoadtripProcess.run(withData, stdin: stdin, env: environment, directory: folder)
    }

    /// `roadtrip COMMAND --data <this file> REST…` on a terminal (a pseudo-terminal from
    /// util-linux `script`), typing `input`; what the terminal showed, CRLF as LF.
    /// Nil when `script` is not installed.
    func runOnTerminal(_ args: [String], input: String = "") throws -> (status: Int32, screen: String)? {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
        let command = ([RoadtripProcess.binary.path, args[0], "--data", dataURL.path] + args.dropFirst())
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let keys = folder.appendingPathComponent("keys"), screen = folder.appendingPathComponent("screen")
        try Data(input.utf8).write(to: keys)
        let status = try Spawn.run(
            script.path, ["-qec", command, "/dev/null"],
            environment: ["LANG": "C.UTF-8", "TERM": "dumb", "HOME": folder.path],
            directory: folder.path, stdin: keys.path, stdout: screen.path, stderr: "/dev/null")
        let shown = try Data(contentsOf: screen)
        return (
            status,
            String(decoding: shown, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        )
    }

    /// The trips file's bytes, nil when there is none.
    func dataBytes() -> Data? { try? Data(contentsOf: dataURL) }

    /// The trips in the file now.
    func trips() throws -> [Trip] {
        try JSONDecoder().decode(TripDocument.self, from: Data(contentsOf: dataURL)).trips
    }

    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// A file in Tests/Fixtures/exchange.
    static func fixture(_ name: String) -> URL {
        RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/exchange").appendingPathComponent(name)
    }
}

/// Trips the CLI tests start from.
enum CLITrips {
    static let riviera = Trip(
        id: UUID(uuidString: "11111111-1111-4111-8111-111111111111")!, name: "Côte d’Azur",
        waypoints: [
            Waypoint(name: "Nice", coordinate: Coordinate(latitude: 43.7009, longitude: 7.2683)),
            Waypoint(name: "Antibes", coordinate: Coordinate(latitude: 43.5808, longitude: 7.1251)),
            Waypoint(name: "Cannes", coordinate: Coordinate(latitude: 43.5528, longitude: 7.0174))
        ])
    static let alps = Trip(
        id: UUID(uuidString: "22222222-2222-4222-8222-222222222222")!, name: "Alps",
        waypoints: [
            Waypoint(name: "Genève", coordinate: Coordinate(latitude: 46.2044, longitude: 6.1432)),
            Waypoint(name: "Chamonix", coordinate: Coordinate(latitude: 45.9237, longitude: 6.8694))
        ])
    static let alpineLoop = Trip(
        id: UUID(uuidString: "33333333-3333-4333-8333-333333333333")!, name: "Alpine loop", waypoints: [])

    static var all: [Trip] { [riviera, alps, alpineLoop] }
}

extension RoadtripProcess.Outcome {
    /// Exactly one line on standard error, with the `roadtrip: ` prefix, and nothing on standard output.
    var isOneLineUserError: Bool {
        status == 1 && stdout.isEmpty && stderr.hasPrefix("roadtrip: ")
            && stderr.hasSuffix("\n") && !stderr.dropLast().contains("\n")
    }

    /// ArgumentParser's usage error: status 64, the reason and the usage on standard error only.
    var isUsageError: Bool {
        status == 64 && stdout.isEmpty && stderr.contains("Usage: roadtrip")
    }
}
