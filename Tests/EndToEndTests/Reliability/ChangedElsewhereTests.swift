import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// The planner is open and another program (an editor, a sync tool) changes the data file: the
/// planner's next save takes that change in rather than overwriting it, and says so.
@Suite struct ChangedElsewhereTests {
    @Test func thePlannersNextSaveKeepsAnotherProgramsChange() throws {
        try #require(RoadtripBinary.exists && TmuxSession.isAvailable)
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", sandbox.dataURL.path], width: 120, height: 24,
            environment: ["LANG": "C.UTF-8"])
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        // Another program renames the last trip, writing the file without asking anyone.
        var theirs = try sandbox.trips()
        let last = theirs.count - 1
        theirs[last].name = "Renamed elsewhere"
        try JSONTripStore(url: sandbox.dataURL).save(TripDocument(trips: theirs))
        // The planner renames the first.
        try session.send(keys: ["r", "C-u"])
        try session.type("Renamed here")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "changed by another program")
        _ = try session.waitFor(text: "Renamed elsewhere")
        let names = try sandbox.trips().map(\.name)
        #expect(names.first == "Renamed here")
        #expect(names.last == "Renamed elsewhere")
    }
}
