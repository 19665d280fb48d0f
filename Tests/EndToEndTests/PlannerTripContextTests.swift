import Foundation
import RoadtripCore
import Testing
import TestSupport
import TripFile

/// The editor in the real planner takes the place meant near the trip (issue 27): type the name
/// and Enter, or the name, Tab, a stay and Enter; then the data file says what was saved.
@Suite(.serialized)
struct PlannerTripContextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var stops: [(String, Double, Double)]
        /// Where the new stop goes: after this stop (from 1), or after the last.
        var after: Int?
        var typed: String
        /// A stay typed after Tab; nil presses Enter on the match.
        var stay: String?
        var savedName: String
        /// What the first row of matches shows once the whole name is searched.
        var firstRow: String
        var latitude: Double, longitude: Double
        var testDescription: String { typed + (stay.map { " + Tab + " + $0 } ?? "") }
    }

    static let cases: [Case] = [
        Case(
            stops: [("Las Vegas", 36.17, -115.14)], typed: "Zion", savedName: "Zion National Park",
            firstRow: "Zion National Park",
            latitude: 37.2, longitude: -112.99),
        Case(
            stops: [("Rome", 41.89, 12.49), ("Naples", 40.85, 14.27)], typed: "Amalfi", savedName: "Amalfi",
            firstRow: "Amalfi, Campania", latitude: 40.63, longitude: 14.6),
        Case(
            stops: [("Nürnberg", 49.45, 11.08)], typed: "München", stay: "2h", savedName: "München", firstRow: "Munich, Bavaria",
            latitude: 48.14,
            longitude: 11.58),
        Case(
            stops: [("Page", 36.91, -111.46), ("Kanab", 37.05, -112.53)], after: 1, typed: "Horseshoe B",
            savedName: "Horseshoe Bend", firstRow: "Horseshoe Bend, Arizona", latitude: 36.88, longitude: -111.5),
        Case(
            stops: [("Kyoto", 35.02, 135.76)], typed: "東京", stay: "1h30", savedName: "東京", firstRow: "Tokyo", latitude: 35.69,
            longitude: 139.69),
        Case(
            stops: [("Dallas", 32.78, -96.81), ("Texarkana", 33.43, -94.05)], after: 1, typed: "Paris", savedName: "Paris",
            firstRow: "Paris, Texas", latitude: 33.66, longitude: -95.56),
        Case(
            stops: [("Chicago", 41.85, -87.65), ("St. Louis", 38.63, -90.2)], after: 1, typed: "Springfield",
            stay: "45 min", savedName: "Springfield", firstRow: "Springfield, Illinois", latitude: 39.8, longitude: -89.64)
    ]

    /// The planner on `data`, its one trip opened.
    func openTheTrip(in data: URL) throws -> TmuxSession {
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 110, height: 32, environment: ["LANG": "C.UTF-8"])
        do {
            _ = try session.waitFor(text: "roadtrip › Trips")
            try session.send(keys: ["Enter"])
            _ = try session.waitFor(text: "Trip: Context")
        } catch {
            session.kill()
            throw error
        }
        return session
    }

    @Test(arguments: cases)
    func theEditorTakesThePlaceMeantNearTheTrip(_ c: Case) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        let trip = Trip(
            name: "Context",
            waypoints: c.stops.map { Waypoint(name: $0.0, coordinate: Coordinate(latitude: $0.1, longitude: $0.2)) })
        try JSONTripStore(url: data).save(TripDocument(trips: [trip]))
        let session = try openTheTrip(in: data)
        defer { session.kill() }
        // The first stop is selected; the new one goes after the one chosen.
        for _ in 1..<(c.after ?? c.stops.count) { try session.send(keys: ["Down"]) }
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "Add stop")
        try session.type(c.typed)
        // The matches for the whole name, not those of a few letters still on screen.
        _ = try session.waitUntil(timeout: 20, "the matches for “\(c.typed)”") { screen in
            let lines = screen.components(separatedBy: "\n")
            guard let box = lines.firstIndex(where: { $0.contains("┌") }), box + 1 < lines.count else { return false }
            return lines[box + 1].contains(c.firstRow)
        }
        if let stay = c.stay {
            try session.send(keys: ["Tab"])
            _ = try session.waitUntil("the stay field to have focus") { !$0.contains("┌") }
            try session.type(stay)
        }
        try session.send(keys: ["Enter"])
        _ = try session.waitUntil("the trip screen again") { !$0.contains("Add stop") && $0.contains("Trip: Context") }
        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }

        let saved = try #require(try JSONTripStore(url: data).load()?.trips.first?.waypoints)
        try #require(saved.count == c.stops.count + 1, "\(c.typed): \(saved.map(\.name))")
        let stop = saved[c.after ?? c.stops.count]
        #expect(stop.name == c.savedName)
        let meters = Geodesic.distance(stop.coordinate, Coordinate(latitude: c.latitude, longitude: c.longitude))
        #expect(meters < 25_000, "\(c.typed) saved at \(stop.coordinate)")
        if let stay = c.stay, case let .success(seconds) = DurationParser.parse(stay) { #expect(stop.stay == seconds) }
        // The stops around it are unchanged.
        #expect(saved.filter { $0.id != stop.id }.map(\.name) == c.stops.map(\.0))
    }

    @Test func escapeHalfWayThroughTheNameChangesNothing() throws {
        try #require(RoadtripBinary.exists)
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        try JSONTripStore(url: data).save(
            TripDocument(trips: [
                Trip(
                    name: "Context",
                    waypoints: [Waypoint(name: "Bangor", coordinate: Coordinate(latitude: 44.8, longitude: -68.77))])
            ]))
        let before = try Data(contentsOf: data)
        let session = try openTheTrip(in: data)
        defer { session.kill() }
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "Add stop")
        try session.type("Portland harbour a d j k q")
        // The first Esc closes the matches (if any show), the next discards the stop.
        Thread.sleep(forTimeInterval: 1)
        for _ in 0..<2 {
            try session.send(keys: ["Escape"])
            let back = try? session.waitUntil(timeout: 2, "the trip screen") {
                !$0.contains("Add stop") && $0.contains("Trip: Context")
            }
            if back != nil { break }
        }
        _ = try session.waitUntil("the trip screen again") { !$0.contains("Add stop") && $0.contains("Trip: Context") }
        try session.send(keys: ["q"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
        #expect(try Data(contentsOf: data) == before)
    }
}
