import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `itinerary --format ics|markdown|json` through the real binary; the calendar read by PyPI's icalendar.
@Suite struct CLIItineraryFormatTests {
    static let trip = Trip(name: "Iberia", waypoints: [
        Waypoint(name: "Lisboa", coordinate: Coordinate(latitude: 38.72, longitude: -9.14), timeZone: "Europe/Lisbon"),
        Waypoint(name: "Madrid, Sol", coordinate: Coordinate(latitude: 40.42, longitude: -3.70), stay: 7200, overnight: true,
                 note: "Prado; tapas", timeZone: "Europe/Madrid"),
        Waypoint(name: "Barcelona", coordinate: Coordinate(latitude: 41.39, longitude: 2.17), timeZone: "Europe/Madrid"),
    ], startDate: Date(timeIntervalSince1970: 1_782_892_800)) // 2026-07-01 08:00 UTC, 09:00 in Lisbon

    @Test func theCalendarIsValidForAnIndependentParser() throws {
        let sandbox = try CLISandbox(trips: [Self.trip])
        let result = try sandbox.run("itinerary", "Iberia", "--format", "ics")
        #expect(result.status == 0, "\(result)")
        try Data(result.stdout.utf8).write(to: sandbox.file("iberia.ics"))
        let checked = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/check_itinerary.py").path,
             sandbox.file("iberia.ics").path], check: false)
        try #require(checked.status != 2, "icalendar is missing: \(checked.error)")
        #expect(checked.status == 0, "\(checked.error)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [[String: Any]])
        #expect(events.map { $0["summary"] as? String } == ["Drive Lisboa → Madrid, Sol", "Drive Madrid, Sol → Barcelona",
                                                          "Night at Madrid, Sol"])
        // The first drive leaves at the trip's start, whatever zone the parser reads it in.
        #expect(events[0]["startEpoch"] as? Double == 1_782_892_800)
        #expect(events[2]["description"] as? String == "Prado; tapas")
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
    }
}
