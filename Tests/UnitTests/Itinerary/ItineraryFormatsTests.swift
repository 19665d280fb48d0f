import Foundation
import RoadtripCore
import Testing
@testable import Itinerary

/// The itinerary as iCalendar and Markdown.
@Suite struct ItineraryFormatsTests {
    /// Lisbon → Madrid → Barcelona over the night the clocks go back (25 Oct 2026), with awkward text.
    static func plan() -> Itinerary {
        var stops = [
            Waypoint(
                name: "Lisboa; \"Baixa\", old town", coordinate: Coordinate(latitude: 38.72, longitude: -9.14),
                timeZone: "Europe/Lisbon"),
            Waypoint(
                name: "Madrid *centro* [Sol]", coordinate: Coordinate(latitude: 40.42, longitude: -3.70), stay: 7200,
                overnight: true, note: "Prado\\museum,\nthen tapas\u{1B}[2J", timeZone: "Europe/Madrid"),
            Waypoint(
                name: "東京 Barcelona 🏖️ with a very long name that needs folding in the calendar file",
                coordinate: Coordinate(latitude: 41.39, longitude: 2.17), timeZone: "Europe/Madrid")
        ]
        stops[0].stay = 0
        let trip = Trip(
            name: "Iberia, autumn", waypoints: stops,
            startDate: ItineraryFixtures.local("2026-10-24 09:00", "Europe/Lisbon"))
        return ItineraryPlanner.plan(trip: trip, legs: ItineraryFixtures.legs(stops, hours: [6, 6.5]))
    }

    @Test func calendarHasAnEventPerDriveStayAndNightInEachStopsZone() throws {
        let text = ItineraryCalendarRenderer.text(Self.plan(), unit: .kilometers, now: Date(timeIntervalSince1970: 0))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.dropLast().last == "END:VCALENDAR")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // Drive, stay in Madrid, night in Madrid, drive.
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 4)
        #expect(text.contains("SUMMARY:Night at Madrid *centro* [Sol]\r\n"))
        #expect(text.contains("GEO:"))
        #expect(text.contains("DTSTART;TZID=Europe/Lisbon:20261024T090000"))
        #expect(text.contains("DTEND;TZID=Europe/Madrid:20261024T160000"))
        // One VTIMEZONE per zone used, with the change back to standard time inside the trip.
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count - 1 == 2)
        #expect(text.contains("TZID:Europe/Madrid\r\nBEGIN:DAYLIGHT\r\nDTSTART:20261023T"))
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100"))
        #expect(text.contains("DTSTAMP:19700101T000000Z"))
    }

    @Test func calendarTextIsEscapedAndFoldedOnCharacterBoundaries() throws {
        let text = ItineraryCalendarRenderer.text(Self.plan(), unit: .kilometers)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Drive Lisboa\\; \"Baixa\"\\, old town → Madrid *centro* [Sol]"))
        #expect(unfolded.contains("DESCRIPTION:Prado\\\\museum\\,\\nthen tapas[2J"))
        #expect(!text.contains("\u{1B}"))
        #expect(unfolded.contains("東京 Barcelona 🏖️ with a very long name that needs folding in the calendar file"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test func markdownHasADayPerHeadingAndEscapedNames() {
        let text = ItineraryMarkdownRenderer.text(Self.plan(), unit: .kilometers)
        #expect(text.hasPrefix("# Iberia, autumn\n"))
        #expect(text.contains("\n## Day 1 · Sat 24 Oct 2026 · 6 h driving · "))
        #expect(text.contains("\n## Day 2 · "))
        #expect(text.contains("- **09:00 GMT+1** depart **Lisboa; \"Baixa\", old town**"))
        #expect(text.contains("arrive **Madrid \\*centro\\* \\[Sol\\]** · stay 2 h · 1 night · Prado\\\\museum, then tapas\\[2J"))
        #expect(text.contains(" night at **Madrid \\*centro\\* \\[Sol\\]**\n"))
        #expect(!text.contains("\u{1B}"))
    }
}
