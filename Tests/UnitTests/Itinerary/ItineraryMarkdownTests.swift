import Foundation
import RoadtripCore
import Testing
@testable import Itinerary

/// The Markdown output: a heading per day, dates past midnight, the same phrases as the text, hostile names.
@Suite struct ItineraryMarkdownTests {
    typealias F = ItineraryFixtures

    private func markdown(
        _ stops: [Waypoint], hours: [Double], start: String = "2026-07-01 09:00",
        limit: TimeInterval = 8 * 3600, fuel: FuelConsumption? = nil
    ) -> String {
        let trip = Trip(
            name: "Edges", waypoints: stops, startDate: F.local(start, "Europe/Berlin"),
            dailyDrivingLimit: limit, fuelConsumption: fuel, fuelPrice: fuel == nil ? nil : 2)
        return ItineraryMarkdownRenderer.text(
            ItineraryPlanner.plan(trip: trip, legs: F.legs(stops, hours: hours)),
            unit: .kilometers)
    }

    @Test func everyDayHasItsHeadingInOrder() {
        var stops = F.stops(4)
        stops[1].overnight = true
        stops[2].overnight = true
        let headings = markdown(stops, hours: [2, 2, 2]).components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
        #expect(
            headings == [
                "## Day 1 · Wed 1 Jul 2026 · 2 h driving · 200 km", "## Day 2 · Thu 2 Jul 2026 · 2 h driving · 200 km",
                "## Day 3 · Fri 3 Jul 2026 · 2 h driving · 200 km"
            ])
    }

    @Test func aDayPastMidnightDatesItsTimesAndSaysWhyItEnds() {
        var stops = F.stops(4)
        stops[1].stay = 1800
        let text = markdown(stops, hours: [3, 2.5, 1], start: "2026-03-28 20:00", limit: 6 * 3600, fuel: .litresPer100km(7))
        #expect(
            text.contains(
                "\n2 days, Sat 28 Mar – Sun 29 Mar 2026 · 1 night · 6 h 30 min driving · 650 km · fuel 91.00 (45.5 L)\n"))
        #expect(text.contains("- **23:00** arrive **S1** · stay 30 min\n"))
        #expect(text.contains("## Day 2 · Sun 29 Mar 2026 · 1 h driving · 100 km\n"))
        #expect(text.contains("- **03:00 GMT+2** arrive **S2**\n"))
        #expect(
            text.contains(
                "- **03:00** night at **S2**\n  Daily limit of 6 h (the next leg, 1 h, starts in the morning): night at S2.\n"))
    }

    @Test func markdownSpecialsInNamesAreLiteral() {
        var stops = F.stops(2)
        stops[1].name = "#1 *star* _u_ [l](x) `c` |p| <b> & ~s~ \\"
        let text = markdown(stops, hours: [1])
        #expect(text.contains("arrive **\\#1 \\*star\\* \\_u\\_ \\[l\\](x) \\`c\\` \\|p\\| \\<b\\> \\& \\~s\\~ \\\\**"))
    }

    @Test func hostileNamesStayOnTheirLineWithoutControls() {
        var stops = F.stops(2)
        stops[0].name = "Bad\u{1B}[2J;x,y\r\n## Injected\u{9B}31m"
        stops[1].note = "one\ntwo\u{07}"
        let text = markdown(stops, hours: [1])
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("depart **Bad\\[2J;x,y \\#\\# Injected31m**"))
        #expect(text.contains("arrive **S1** · one two\n"))
        #expect(!text.contains("\n## Injected"))
    }
}
