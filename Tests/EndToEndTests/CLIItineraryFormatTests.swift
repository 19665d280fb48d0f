import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `itinerary --format ics|markdown|json` through the real binary; the calendar read by PyPI's icalendar.
@Suite struct CLIItineraryFormatTests {
    static let trip = Trip(
        name: "Iberia",
        waypoints: [
            Waypoint(name: "Lisboa", coordinate: Coordinate(latitude: 38.72, longitude: -9.14), timeZone: "Europe/Lisbon"),
            Waypoint(
                name: "Madrid, Sol", coordinate: Coordinate(latitude: 40.42, longitude: -3.70), stay: 7200, overnight: true,
                note: "Prado; tapas", timeZone: "Europe/Madrid"),
            Waypoint(name: "Barcelona", coordinate: Coordinate(latitude: 41.39, longitude: 2.17), timeZone: "Europe/Madrid")
        ], startDate: Date(timeIntervalSince1970: 1_782_892_800))  // 2026-07-01 08:00 UTC, 09:00 in Lisbon

    /// Lisbon to Madrid over the night the clocks go back, with names made to be folded, escaped and stripped,
    /// and a first drive that takes no time.
    static let hostile = Trip(
        name: "Hostile",
        waypoints: [
            Waypoint(
                name: "Lisboa \u{1B}[31m;Baixa, \"velha\"\r\nnova", coordinate: Coordinate(latitude: 38.72, longitude: -9.14),
                timeZone: "Europe/Lisbon"),
            Waypoint(
                name: "Cais do Sodré 東京 🏖️ " + String(repeating: "ü", count: 40),
                coordinate: Coordinate(latitude: 38.72, longitude: -9.14), timeZone: "Europe/Lisbon"),
            Waypoint(
                name: "Madrid", coordinate: Coordinate(latitude: 40.42, longitude: -3.70), stay: 3600, overnight: true,
                note: "a\\b\nc\u{9B}2J", timeZone: "Europe/Madrid"),
            Waypoint(name: "Barcelona", coordinate: Coordinate(latitude: 41.39, longitude: 2.17), timeZone: "Europe/Madrid")
        ], startDate: Date(timeIntervalSince1970: 1_792_868_400))  // 2026-10-24 19:00 UTC, 20:00 in Lisbon

    /// `roadtrip itinerary TRIP --format ics` read back by Scripts/checks/check_itinerary.py: the events it parsed.
    private func checkedCalendar(_ trip: Trip) throws -> [[String: Any]] {
        let sandbox = try CLISandbox(trips: [trip])
        let result = try sandbox.run("itinerary", trip.name, "--format", "ics")
        #expect(result.status == 0, "\(result)")
        try Data(result.stdout.utf8).write(to: sandbox.file("trip.ics"))
        let checked = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/checks/check_itinerary.py").path,
                sandbox.file("trip.ics").path
            ], check: false)
        try #require(checked.status != 2, "icalendar is missing: \(checked.error)")
        #expect(checked.status == 0, "\(checked.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [[String: Any]])
    }

    @Test func theCalendarIsValidForAnIndependentParser() throws {
        let events = try checkedCalendar(Self.trip)
        #expect(
            events.map { $0["summary"] as? String } == [
                "Drive Lisboa → Madrid, Sol", "Stay at Madrid, Sol", "Night at Madrid, Sol", "Drive Madrid, Sol → Barcelona"
            ])
        // The first drive leaves at the trip's start, whatever zone the parser reads it in.
        #expect(events[0]["startEpoch"] as? Double == 1_782_892_800)
        #expect(events[2]["description"] as? String == "Prado; tapas")
        #expect(events[2]["location"] as? String == "Madrid, Sol")
        #expect(events[2]["geo"] as? [Double] == [40.42, -3.70])
    }

    @Test func hostileNamesAndAClockChangeSurviveAnIndependentParser() throws {
        let events = try checkedCalendar(Self.hostile)
        let lisboa = "Lisboa [31m;Baixa, \"velha\" nova", cais = "Cais do Sodré 東京 🏖️ " + String(repeating: "ü", count: 40)
        #expect(
            events.map { $0["summary"] as? String } == [
                "Drive \(lisboa) → \(cais)", "Drive \(cais) → Madrid", "Stay at Madrid", "Night at Madrid",
                "Drive Madrid → Barcelona"
            ])
        // The drive that takes no time has no end: the parser reads it as an instant.
        #expect(events[0]["startEpoch"] as? Double == 1_792_868_400 && events[0]["endEpoch"] as? Double == 1_792_868_400)
        #expect(events[3]["description"] as? String == "a\\b\nc2J")
    }

    @Test func markdownAndJSONAndTheOldFlag() throws {
        let sandbox = try CLISandbox(trips: [Self.trip])
        let markdown = try sandbox.run("itinerary", "Iberia", "--format", "markdown")
        #expect(markdown.status == 0 && markdown.stdout.hasPrefix("# Iberia\n"), "\(markdown)")
        #expect(markdown.stdout.contains("## Day 2 · "))
        let json = try sandbox.run("itinerary", "Iberia", "--format", "json")
        #expect(try sandbox.run("itinerary", "Iberia", "--json").stdout == json.stdout)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
        #expect(try sandbox.run("itinerary", "Iberia", "--format", "pdf").isUsageError)
        #expect(try sandbox.run("itinerary", "Iberia", "--json", "--format", "markdown").isUsageError)
    }
}
