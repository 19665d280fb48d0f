import Foundation
import RoadtripCore
import Testing
import TestSupport
import TripFile

/// Nights in the real planner (issue 28): typed in the editor's Stay and Nights fields, shown as
/// calendar days on the itinerary page, and a suggested night added with one key and undone.
@Suite(.serialized)
struct PlannerCalendarTests {
    func open(_ trip: Trip, in dir: TemporaryDirectory) throws -> (TmuxSession, URL) {
        let data = dir.file("trips.json")
        try JSONTripStore(url: data).save(TripDocument(trips: [trip]))
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 110, height: 32, environment: ["LANG": "C.UTF-8"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: \(trip.name)")
        return (session, data)
    }

    func quit(_ session: TmuxSession) throws {
        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
    }

    static let loop = Trip(
        name: "Canyons",
        waypoints: [
            Waypoint(
                name: "Las Vegas", coordinate: Coordinate(latitude: 36.175, longitude: -115.137), timeZone: "America/Los_Angeles"),
            Waypoint(name: "Moab", coordinate: Coordinate(latitude: 38.573, longitude: -109.550), timeZone: "America/Denver"),
            Waypoint(name: "Denver", coordinate: Coordinate(latitude: 39.739, longitude: -104.985), timeZone: "America/Denver")
        ], startDate: Date(timeIntervalSince1970: 1_778_425_200))  // 2026-05-10 15:00 UTC, 08:00 in Las Vegas

    @Test func nightsTypedInTheEditorAreDaysOnTheItinerary() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let (session, data) = try open(Self.loop, in: dir)
        defer { session.kill() }
        // Moab is stop 2: open it, type the stay with its nights in words, then a note with spaces and command letters.
        try session.send(keys: ["Down", "Enter"])
        _ = try session.waitFor(text: "Nights")
        try session.send(keys: ["Tab", "Tab"])
        try session.type("3h and 2 nights")
        try session.send(keys: ["Tab", "Tab", "Tab"])
        try session.type("Arches at dawn, q and d")
        try session.send(keys: ["Enter"])
        _ = try session.waitUntil("the trip screen again") { !$0.contains("Nights") && $0.contains("Trip: Canyons") }
        try session.send(keys: ["i"])
        let page = try session.waitFor(text: "Moab, no driving")
        #expect(page.contains("3 days, Sun 10 May – Tue 12 May 2026 · 2 nights") || page.contains("days, Sun 10 May"), "\(page)")
        #expect(page.contains("stay 3 h · 2 nights"))
        try session.send(keys: ["Escape"])
        _ = try session.waitFor(text: "Trip: Canyons")
        try quit(session)
        let moab = try #require(try JSONTripStore(url: data).load()?.trips.first?.waypoints[1])
        #expect(moab.stay == 3 * 3600 && moab.nights == 2)
        #expect(moab.note == "Arches at dawn, q and d")
    }

    @Test func escapeInTheNightsFieldChangesNothing() throws {
        try #require(RoadtripBinary.exists)
        let dir = try TemporaryDirectory()
        let (session, data) = try open(Self.loop, in: dir)
        defer { session.kill() }
        let before = try Data(contentsOf: data)
        try session.send(keys: ["Down", "Enter"])
        _ = try session.waitFor(text: "Nights")
        try session.send(keys: ["Tab", "Tab", "Tab"])
        try session.type("4")
        try session.send(keys: ["Escape"])
        _ = try session.waitUntil("the trip screen again") { !$0.contains("Nights") && $0.contains("Trip: Canyons") }
        try quit(session)
        #expect(try Data(contentsOf: data) == before)
    }

    @Test func oneKeyAddsTheSuggestedNightAndUndoTakesItBack() throws {
        try #require(RoadtripBinary.exists)
        let dir = try TemporaryDirectory()
        var trip = Self.loop
        trip.waypoints.remove(at: 1)
        trip.name = "Long haul"
        let (session, data) = try open(trip, in: dir)
        defer { session.kill() }
        try session.send(keys: ["i"])
        _ = try session.waitFor(text: "(suggested night)")
        #expect(try session.capture().contains("a add night"))
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "as stop 2, one night")
        try session.send(keys: ["Escape"])
        _ = try session.waitFor(text: "Trip: Long haul")
        let added = try #require(try JSONTripStore(url: data).load()?.trips.first?.waypoints)
        #expect(added.count == 3 && added[1].nights == 1 && added[2].name == "Denver")
        try session.send(keys: ["u"])
        _ = try session.waitUntil("the undo") { _ in
            ((try? JSONTripStore(url: data).load()?.trips.first?.waypoints.count) ?? 0) == 2
        }
        try quit(session)
        #expect(try JSONTripStore(url: data).load()?.trips.first?.waypoints.map(\.name) == ["Las Vegas", "Denver"])
    }
}
