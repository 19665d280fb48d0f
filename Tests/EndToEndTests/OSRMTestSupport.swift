import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
import Routing
import Testing
import TestSupport

/// The real OSRM the routing tests run on: the binaries and the Monaco dataset that
/// Scripts/servers/osrm.sh installs and prepares when they are missing, so a fresh clone passes.
enum OSRMFixture {
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The prepared Monaco dataset (`…/monaco.osrm`), prepared once per test process.
    static let monacoDataset: Result<String, SetupFailure> = {
        let script = packageRoot.appendingPathComponent("Scripts/servers/osrm.sh").path
        let result: ProcessRunner.Result
        do { result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), [script, "monaco"], check: false) } catch {
            return .failure(SetupFailure(text: "cannot run Scripts/servers/osrm.sh: \(error)"))
        }
        let path = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, !path.isEmpty else {
            return .failure(SetupFailure(text: "Scripts/servers/osrm.sh monaco failed: " + result.error))
        }
        return .success(path)
    }()

    struct SetupFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static var routedBinary: URL? {
        OSRMBinaries.locate(
            "osrm-routed", environment: [:], executable: packageRoot.appendingPathComponent(".build/debug/roadtrip"))
    }

    /// A real osrm-routed serving Monaco on a free loopback port.
    static func startMonaco() async throws -> OSRMServer {
        let dataset = try monacoDataset.get()
        return try await OSRMServer.start(
            dataset: dataset, binary: routedBinary, environment: [:],
            readyTimeout: .seconds(120))
    }

    /// How the tests talk to the real server: the figures are what they check, not its speed, so a
    /// machine loaded by tests running beside them gets far longer than a person's 5 s.
    static let patientTimeout: Duration = .seconds(120)

    static func configuration(_ server: URL) -> OSRMConfiguration {
        OSRMConfiguration(baseURL: server, timeout: patientTimeout)
    }

    /// A fresh, empty cache folder.
    static func cacheFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-osrm-test-\(UUID().uuidString)")
    }

    /// OSRM's own answer for the stops, fetched without the provider: per-leg distance and duration.
    static func osrmOwnLegs(_ server: URL, _ stops: [Coordinate]) async throws -> [(distance: Double, duration: Double)] {
        let coordinates = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let url = URL(string: "\(server.absoluteString)/route/v1/driving/\(coordinates)?overview=false")!
        let (data, _) = try await URLSession.shared.data(from: url)
        struct Answer: Decodable {
            struct Route: Decodable { var legs: [Leg] }
            struct Leg: Decodable {
                var distance: Double
                var duration: Double
            }
            var code: String
            var routes: [Route]
        }
        let answer = try JSONDecoder().decode(Answer.self, from: data)
        try #require(answer.code == "Ok")
        return answer.routes[0].legs.map { ($0.distance, $0.duration) }
    }
}

/// Places in Monaco, on or near its roads.
enum Monaco {
    static let casino = Coordinate(latitude: 43.7393, longitude: 7.4276)
    static let palace = Coordinate(latitude: 43.7314, longitude: 7.4199)
    static let stadium = Coordinate(latitude: 43.7276, longitude: 7.4156)
    static let harbour = Coordinate(latitude: 43.7353, longitude: 7.4238)
    static let station = Coordinate(latitude: 43.7380, longitude: 7.4203)
    static let larvotto = Coordinate(latitude: 43.7449, longitude: 7.4347)
    static let exoticGarden = Coordinate(latitude: 43.7312, longitude: 7.4134)
    static let fontvieille = Coordinate(latitude: 43.7302, longitude: 7.4186)
    /// Another spot on the harbour, a few hundred metres from `harbour`.
    static let harbourQuay = Coordinate(latitude: 43.7338, longitude: 7.4218)

    static let tour = [casino, palace, stadium, harbour, station, larvotto, exoticGarden, fontvieille]

    /// `count` stops spread over the principality, the same every run.
    static func stops(_ count: Int) -> [Coordinate] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            Coordinate(latitude: 43.7270 + next() * 0.0170, longitude: 7.4130 + next() * 0.0220)
        }
    }
}
