import Foundation
import Itinerary
import RoadtripCore
import Testing
import TestSupport
import TripFile

/// A long best-order search stopped by a person: Ctrl-C on the command line, Esc in the planner.
/// Either way the best order found so far is kept (saved with --apply, applied as one edit).
@Suite(.serialized)
struct OptimizeStopTests {
    /// A 1,000-stop trip in a poor order: a debug build searches it for far longer than the test waits.
    /// Without fixed arrivals, which keep their stops in place and cut the search into short stretches.
    let trip = {
        var trip = TripWorkload.trips(count: 1, stops: 1_000, seed: 21)[0]
        for i in trip.waypoints.indices { trip.waypoints[i].fixedArrival = nil }
        return trip
    }()

    /// Hours at the wheel along `stops` in their order, on the offline estimate.
    func drive(_ stops: [Waypoint]) -> Double {
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: stops.map(\.coordinate)).durations
        return RouteOptimizer.cost(of: Array(stops.indices), in: matrix)
    }

    /// The same stops, the same first and last, less driving.
    func expectABetterOrder(_ stops: [Waypoint]) {
        #expect(stops.map(\.id) != trip.waypoints.map(\.id))
        #expect(Set(stops.map(\.id)) == Set(trip.waypoints.map(\.id)))
        #expect(stops.first?.id == trip.waypoints.first?.id && stops.last?.id == trip.waypoints.last?.id)
        #expect(drive(stops) < drive(trip.waypoints))
    }

    @Test func ctrlCStopsTheSearchAndSavesTheBestOrderSoFar() throws {
        let sandbox = try CLISandbox(trips: [trip])
        let out = sandbox.file("out.txt")
        let child = try ChildProcess.spawn(
            RoadtripProcess.binary.path, ["optimize", "--data", sandbox.dataURL.path, trip.id.uuidString, "--apply"],
            environment: ["LANG": "C.UTF-8", "HOME": sandbox.folder.path], directory: sandbox.folder.path,
            stdout: .file(out.path), stderr: .pipe)
        defer { _ = child.stop() }
        // The note comes once Ctrl-C is the search's to take.
        var errors = ""
        while !errors.contains("Ctrl-C stops") {
            let chunk = try #require(child.errors).availableData
            try #require(!chunk.isEmpty, "optimize ended before it said it was searching: \(errors)")
            errors += String(decoding: chunk, as: UTF8.self)
        }
        child.send(SIGINT)
        #expect(child.wait() == 0)
        let printed = try String(contentsOf: out, encoding: .utf8)
        #expect(printed.contains("best found before stopping, offline estimate"), "\(printed)")
        #expect(printed.contains("Saved the new order"))
        expectABetterOrder(try #require(try sandbox.trips().first).waypoints)
    }

    @Test func escInThePlannerAppliesTheBestOrderSoFar() throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)")
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        try JSONTripStore(url: data).save(TripDocument(trips: [trip]))
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 120, height: 30,
            environment: ["LANG": "C.UTF-8"])
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: \(trip.name)")
        try session.send(keys: ["o"])
        // Progress on the status line: the share searched and the saving so far.
        _ = try session.waitFor(text: "% searched", timeout: 60)
        try session.send(keys: ["Escape"])
        _ = try session.waitFor(text: "Stopped: Best order: ", timeout: 20)
        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
        let saved = try #require(try JSONTripStore(url: data).load()?.trips.first)
        expectABetterOrder(saved.waypoints)
    }
}
