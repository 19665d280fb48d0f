import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Imported roads in the real planner in tmux, with no flag: the legs inside the region come from
/// its osrm-routed, started in the background; `p` shows the trip's links and a QR code that a real
/// decoder (zbarimg) reads back to the same link.
@Suite(.serialized)
struct PlannerRoadsTests {
    private func launch(_ sandbox: CLISandbox, height: Int = 50) throws -> TmuxSession {
        let script = "\(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ENDED; sleep 60"
        return try TmuxSession(
            command: ["sh", "-c", script], width: 120, height: height,
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
                "XDG_CACHE_HOME": sandbox.file("cache").path,
                // The figures are what is checked, not the server's speed: a machine loaded by the
                // tests beside this one must not turn the region's legs into estimates (5 s by default).
                "ROADTRIP_OSRM_TIMEOUT": "120"
            ],
            workingDirectory: sandbox.folder)
    }

    /// The QR codes drawn on `screen`, decoded by zbarimg through Scripts/tests/qr_decode.py.
    private static func decoded(_ screen: String, in sandbox: CLISandbox) throws -> [String] {
        let file = sandbox.file("screen-\(UUID().uuidString).txt")
        try Data(screen.utf8).write(to: file)
        let decoder = RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/tests/qr_decode.py").path
        let out = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), [decoder, file.path], check: false)
        return out.output.split(separator: "\n").map(String.init)
    }

    private static func urls(_ sandbox: CLISandbox, _ args: String...) throws -> [String] {
        let out = try sandbox.run(["link", "Two cities", "--json"] + args)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]], "\(out)")
        return rows.compactMap { $0["url"] as? String }
    }

    @Test func importedRoadsAreUsedWithNoFlagAndTheLinksScreenShowsAReadableCode() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbar-tools is not installed")
        _ = try OSRMFixture.monacoDataset.get()
        let sandbox = try CLISandbox(trips: [CLIRoadsTests.trip()])
        let imported = try sandbox.run(
            ["roads", "import", CLIRoadsTests.monaco, "--no-places"], environment: ["XDG_CACHE_HOME": sandbox.file("cache").path])
        try #require(imported.status == 0, "\(imported)")
        let session = try launch(sandbox)
        defer { session.kill() }
        try session.waitFor(text: "Two cities")
        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Trip: ")
        // The two Monaco legs on the region's roads (no ≈), the rest estimates; the source names the region.
        let routed = try session.waitUntil("the Monaco legs from the region's osrm-routed") { screen in
            let rows = screen.components(separatedBy: "\n")
            let stade = rows.first { $0.contains(" 2 Stade") } ?? ""
            let larvotto = rows.first { $0.contains(" 3 Larvotto") } ?? ""
            return screen.contains("imported roads (monaco)") && stade.contains(" km") && !stade.contains("≈")
                && !stade.contains("Calculating") && larvotto.contains(" km") && !larvotto.contains("≈")
        }
        let esplanadi = routed.components(separatedBy: "\n").first { $0.contains(" 4 Esplanadi") } ?? ""
        #expect(esplanadi.contains("≈"), "the leg to Helsinki is an estimate:\n\(routed)")

        // p: the whole trip as one Google link, its code read back by a real decoder.
        try session.send(keys: ["p"])
        try session.waitFor(text: "to a phone")
        let google = try session.waitFor(text: "Google Maps · 1 link")
        #expect(try Self.decoded(google, in: sandbox) == Self.urls(sandbox), "\(google)")
        // a: Apple Maps, a link a leg; the first one's code is drawn.
        try session.send(keys: ["a"])
        let apple = try session.waitFor(text: "Apple Maps · 4 links")
        #expect(try Self.decoded(apple, in: sandbox) == [try Self.urls(sandbox, "--to", "apple")[0]], "\(apple)")
        // Down to the third leg and Tab twice: from the selected stop on.
        try session.send(keys: ["Escape"])
        try session.waitFor(text: "Trip: ")
        try session.send(keys: ["Down", "Down", "p"])
        try session.waitFor(text: "to a phone")
        try session.send(keys: ["Tab", "Tab"])
        let from = try session.waitFor(text: "From stop 3, Larvotto")
        #expect(try Self.decoded(from, in: sandbox) == Self.urls(sandbox, "--from", "3"), "\(from)")
        try session.send(keys: ["Escape"])
        try session.send(keys: ["q"])
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
    }

    @Test func aTerminalTooSmallForTheCodeSaysHowLargeToMakeIt() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [CLIRoadsTests.trip()])
        let session = try launch(sandbox, height: 24)
        defer { session.kill() }
        try session.waitFor(text: "Two cities")
        try session.send(keys: ["Enter"])
        try session.waitFor(text: "Trip: ")
        try session.send(keys: ["p"])
        let small = try session.waitFor(text: "Make the terminal at least")
        #expect(small.contains("https://www.google.com/maps/dir/"), "the link is still there to read:\n\(small)")
        // Larger: the code appears and reads back.
        try session.resize(width: 120, height: 50)
        let large = try session.waitUntil("the code drawn") { !$0.contains("Make the terminal") && $0.contains("█") }
        #expect(try Self.decoded(large, in: sandbox) == Self.urls(sandbox), "\(large)")
    }
}
