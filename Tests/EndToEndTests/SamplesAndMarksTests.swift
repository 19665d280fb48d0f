import Foundation
import RoadtripCore
import Testing
import TestSupport

/// The sample trips are examples until one is edited; `S` and `roadtrip samples` add them on
/// purpose; trips marked with Space are deleted together, as one undo step.
@Suite(.serialized)
struct SamplesAndMarksTests {
    private func launch(_ sandbox: CLISandbox) throws -> TmuxSession {
        let script = "\(shellQuote(RoadtripBinary.url.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ENDED; sleep 60"
        return try TmuxSession(
            command: ["sh", "-c", script],
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": sandbox.file("xdg").path,
                "XDG_CACHE_HOME": sandbox.file("cache").path
            ],
            workingDirectory: sandbox.folder)
    }

    private func names(_ sandbox: CLISandbox) -> [String] { (try? sandbox.trips().map(\.name)) ?? [] }

    private func waitForNames(_ sandbox: CLISandbox, _ expected: [String]) -> [String] {
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        while names(sandbox) != expected, Date() < deadline { usleep(50_000) }
        return names(sandbox)
    }

    @Test func examplesAreMarkedAndNeverWrittenUntilSAddsThem() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox()
        let session = try launch(sandbox)
        defer { session.kill() }
        let screen = try session.waitFor(text: "Route 66")
        let rows = screen.components(separatedBy: "\n").filter { $0.contains(" stops ") }
        #expect(rows.count >= 5 && rows.allSatisfy { $0.contains("example") }, "\(screen)")
        // Looking around writes nothing.
        try session.send(keys: ["j", "j", "Enter"])
        try session.waitFor(text: "Trip: ")
        try session.send(keys: ["q"])
        try session.waitFor(text: "Route 66")
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataURL.path))
        // S makes every example the person's own, as one step that u takes back.
        try session.send(keys: ["S"])
        try session.waitFor(text: "Added 10 sample trips")
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        while names(sandbox).count != 10, Date() < deadline { usleep(50_000) }
        #expect(names(sandbox).count == 10)
        try session.send(keys: ["u"])
        #expect(waitForNames(sandbox, []) == [])
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
    }

    @Test func spaceMarksAndDDeletesTheMarkedTripsAsOneUndoStep() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let all = ["Alps", "Baltic", "Coast", "Dunes", "Etna"]
        let sandbox = try CLISandbox(trips: all.map { Trip(name: $0) })
        let session = try launch(sandbox)
        defer { session.kill() }
        try session.waitFor(text: "Etna")
        // Baltic and Dunes: Space marks and moves on.
        try session.send(keys: ["j", "Space", "j", "Space"])
        try session.waitFor(text: "2 marked")
        try session.send(keys: ["d"])
        try session.waitFor(text: "Delete the 2 marked trips?")
        try session.send(keys: ["y"])
        try session.waitFor(text: "Deleted 2 trips")
        #expect(waitForNames(sandbox, ["Alps", "Coast", "Etna"]) == ["Alps", "Coast", "Etna"])
        try session.send(keys: ["u"])
        #expect(waitForNames(sandbox, all) == all)
        // Esc unmarks: d then asks about the selected trip alone.
        try session.send(keys: ["g", "Space", "Space"])
        try session.waitFor(text: "2 marked")
        // Apart from the d: Esc and d in one burst is Alt-d, as a terminal sends it.
        try session.send(keys: ["Escape"])
        try session.waitUntil("the marks gone") { !$0.contains("•") }
        try session.send(keys: ["d"])
        try session.waitFor(text: "Delete “Coast”?")
        try session.send(keys: ["n"])
        try session.send(keys: ["q"])
        try session.waitFor(text: "ENDED")
        #expect(names(sandbox) == all)
    }

    @Test func theSamplesCommandAddsWhatIsMissingOnce() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [Trip(name: "Mine")])
        let first = try sandbox.run(["samples"])
        #expect(first.stdout.contains("Added 10 sample trips"), "\(first.stdout)")
        #expect(names(sandbox).count == 11 && names(sandbox).first == "Mine")
        let again = try sandbox.run(["samples"])
        #expect(again.stdout.contains("all among your trips already"), "\(again.stdout)")
        #expect(names(sandbox).count == 11)
    }
}
