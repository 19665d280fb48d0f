import Foundation
import RoadtripCore
import Testing
import TestSupport

/// The real Nominatim the geocoder tests ask: PostgreSQL, PostGIS and nominatim-db/-api, imported
/// from the Monaco extract by Scripts/servers/nominatim.sh (which installs what is missing when it can).
enum NominatimFixture {
    static let port = 18088

    /// The server's URL, or why it could not start (said once on standard error).
    static let server: Result<String, OSRMFixture.SetupFailure> = {
        let script = OSRMFixture.packageRoot.appendingPathComponent("Scripts/servers/nominatim.sh").path
        let result: ProcessRunner.Result
        do {
            result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), [script, "serve", "", String(port)], check: false)
        } catch {
            return .failure(OSRMFixture.SetupFailure(text: "cannot run Scripts/servers/nominatim.sh: \(error)"))
        }
        let url = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, url.hasPrefix("http") else {
            let failure = OSRMFixture.SetupFailure(
                text: "Nominatim cannot start here, so the geocoder tests are skipped: " + result.error)
            FileHandle.standardError.write(Data((failure.text + "\n").utf8))
            return .failure(failure)
        }
        return .success(url)
    }()

    static var available: Bool { (try? server.get()) != nil }
}

@Suite(
    .serialized, .enabled(if: NominatimFixture.available, "a real Nominatim (Scripts/servers/nominatim.sh) could not start here"))
struct GeocoderTests {
    let url: String

    init() throws { url = try NominatimFixture.server.get() }

    private struct Row: Decodable {
        var name: String
        var kind: String
        var latitude: Double
        var longitude: Double
        var source: String?
    }

    private func rows(_ outcome: RoadtripProcess.Outcome) throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: outcome.stdoutData)
    }

    @Test func aPlaceOnlyTheServerKnowsIsFoundAndSaysWhereFrom() throws {
        let sandbox = try CLISandbox()
        // Neither a town nor a curated destination: only OpenStreetMap, through the server, knows it.
        let offline = try sandbox.run("places", "Stade Louis II")
        #expect(offline.status == 1, "\(offline)")
        let online = try sandbox.run("places", "Stade Louis II", "--geocoder", url, "--json")
        #expect(online.status == 0, "\(online)")
        let first = try #require(try rows(online).first)
        #expect(first.name == "Stade Louis II")
        #expect(first.kind == "stadium")
        #expect(first.source == "Nominatim, 127.0.0.1:\(NominatimFixture.port)")
        #expect(abs(first.latitude - 43.7276) < 0.002 && abs(first.longitude - 7.4155) < 0.002, "\(first)")
        let table = try sandbox.run("places", "Port Hercule", "--geocoder", url)
        #expect(table.status == 0 && table.stdout.contains("Source") && table.stdout.contains("Nominatim"), "\(table)")
    }

    @Test func aPlaceNamedOfflineAsksNoServer() throws {
        let sandbox = try CLISandbox()
        let found = try sandbox.run("places", "Monaco", "--geocoder", url, "--json")
        #expect(found.status == 0)
        #expect(try rows(found).first?.source == nil, "\(found)")
        // An answer is cached when one is asked for: no file means no request.
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("geocoder-cache.json").path))
    }

    @Test func answersAreKeptAndUsedAgainWithoutAsking() throws {
        let sandbox = try CLISandbox()
        let first = try sandbox.run("places", "Grimaldi Forum", "--geocoder", url, "--json")
        #expect(first.status == 0, "\(first)")
        let cache = sandbox.folder.appendingPathComponent("geocoder-cache.json")
        // Where a person searched is theirs alone, as the trips file.
        #expect(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int == 0o600)
        let kept = try String(contentsOf: cache, encoding: .utf8)
        // The same answer, filed under a server that is not there: only the cache can give it.
        let dead = "http://127.0.0.1:9"
        try kept.replacingOccurrences(
            of: url.replacingOccurrences(of: "/", with: "\\/"), with: dead.replacingOccurrences(of: "/", with: "\\/")
        )
        .write(to: cache, atomically: true, encoding: .utf8)
        let again = try sandbox.run("places", "Grimaldi Forum", "--geocoder", dead, "--json")
        #expect(again.status == 0, "\(again)")
        #expect(try rows(again).map(\.name) == rows(first).map(\.name))
    }

    @Test func addStopTakesTheServersPlaceWhenItIsNamedSo() throws {
        let sandbox = try CLISandbox(trips: [Trip(name: "Riviera")])
        let weak = try sandbox.run("add-stop", "Riviera", "Stade Louis II")
        #expect(weak.status == 1)
        let added = try sandbox.run("add-stop", "Riviera", "Stade Louis II", "--geocoder", url)
        #expect(added.status == 0, "\(added)")
        let stop = try #require(try sandbox.trips().first?.waypoints.last)
        #expect(stop.name == "Stade Louis II")
        #expect(abs(stop.coordinate.latitude - 43.7276) < 0.002, "\(stop)")
        #expect(stop.timeZone == "Europe/Monaco")
    }

    @Test func aServerThatNeverAnswersCostsOnlyItsTimeLimit() throws {
        let server = try OSRMFaultServer(.hang)
        defer { server.stop() }
        let sandbox = try CLISandbox()
        let outcome = try sandbox.run("places", "Stade Louis II", "--geocoder", server.baseURL.absoluteString)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "online search: Nominatim, 127.0.0.1:\(server.port): no answer within 4 s; offline matches only"), "\(outcome)")
    }

    @Test func whatAServerSaysNeverReachesTheTerminalWithControls() throws {
        let body =
            #"[{"lat":"43.7","lon":"7.4","name":"Evil\u001b[2J\u001b]0;pwned\u0007 Place","category":"tourism","type":"attraction\u001b[31m","address":{"country":"Monaco\u009b2J","country_code":"mc"}}]"#
        let server = try OSRMFaultServer(.answer(status: 200, body: body))
        defer { server.stop() }
        let sandbox = try CLISandbox()
        for args in [["places", "Evil Place"], ["places", "Evil Place", "--json"]] {
            let outcome = try sandbox.run(args + ["--geocoder", server.baseURL.absoluteString])
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout.contains("Place"))
            #expect(
                !outcome.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, "\(outcome)"
            )
        }
        let broken = try OSRMFaultServer(.answer(status: 200, body: "<html>not json</html>"))
        defer { broken.stop() }
        let refused = try sandbox.run("places", "Evil Place", "--geocoder", broken.baseURL.absoluteString)
        #expect(refused.stderr.contains("answered something that is not a Nominatim place list"), "\(refused)")
    }

    @Test func aGeocoderIsOffByDefaultAndABadURLIsRefused() throws {
        let sandbox = try CLISandbox()
        let config = try sandbox.run("config")
        #expect(config.stdout.contains("geocoder") && config.stdout.contains("none (offline only)"), "\(config)")
        let bad = try sandbox.run("places", "Monaco", "--geocoder", "ftp://example.org")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("“ftp://example.org” is not a geocoder URL"), "\(bad)")
    }
}
