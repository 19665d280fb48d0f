import Foundation
import RoadtripCore
import Testing
@testable import Itinerary

/// The iCalendar output at its edges: folding, hostile text, events that take no time, zones, UIDs.
@Suite struct ItineraryCalendarTests {
    typealias F = ItineraryFixtures

    private func calendar(_ stops: [Waypoint], hours: [Double]?, now: Date = Date(timeIntervalSince1970: 0)) -> String {
        let trip = Trip(name: "Edges", waypoints: stops, startDate: F.local("2026-07-01 09:00", "Europe/Berlin"))
        let legs = hours.map { F.legs(stops, hours: $0) } ?? []
        return ItineraryCalendarRenderer.text(ItineraryPlanner.plan(trip: trip, legs: legs), unit: .kilometers, now: now)
    }

    /// The VEVENTs of `text`, each as its unfolded content lines.
    private func events(_ text: String) -> [[String]] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst()
            .map { $0.components(separatedBy: "\r\nEND:VEVENT")[0].components(separatedBy: "\r\n") }
    }

    @Test(arguments: [
        String(repeating: "é", count: 50), String(repeating: "東", count: 40), String(repeating: "🏖️", count: 20),
        "a" + String(repeating: "😀", count: 30), "e" + String(repeating: "\u{301}", count: 60),
        String(repeating: "x", count: 200)
    ])
    func foldingKeepsLinesWithin75OctetsAndUnfoldsToTheLine(_ name: String) {
        let line = "SUMMARY:" + name
        // Octets, not Characters: a continuation may open with a combining mark, which joins the space before it.
        let physical = Array(ItineraryCalendarRenderer.folded(line).utf8).split(separator: 13, omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 0 ? Array($0.element) : Array($0.element.dropFirst()) }  // the LF of CRLF
        #expect(physical.allSatisfy { $0.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.first == 0x20 })
        // Full lines: a fold comes only where the next scalar would not fit.
        #expect(physical.dropLast().allSatisfy { $0.count > 75 - 4 })
        // Each line is whole UTF-8 and the lines unfold to the original.
        #expect(physical.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        #expect(physical.first! + physical.dropFirst().flatMap { $0.dropFirst() } == Array(line.utf8))
    }

    @Test func hostileNamesLoseTheirControlsAndKeepTheirText() throws {
        var stops = F.stops(3)
        stops[0].name = "Bad\u{1B}[31mRed\u{07};x,y\\z\r\nnext\u{9B}2J\u{7F}"
        stops[1].note = "line one\nline two\u{1B}]0;title\u{07}"
        stops[1].stay = 3600
        let text = calendar(stops, hours: [2, 1])
        let scalars = text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }
        #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let all = events(text).joined()
        #expect(all.contains("SUMMARY:Drive Bad[31mRed\\;x\\,y\\\\z next2J → S1"))
        #expect(all.contains("DESCRIPTION:stay 1 h · line one\\nline two]0\\;title"))
    }

    @Test func aDriveThatTakesNoTimeHasNoEndAndAMomentaryStayNoEvent() {
        var stops = F.stops(3)
        stops[1].coordinate = stops[0].coordinate
        stops[1].stay = 20
        let events = events(calendar(stops, hours: [0, 2]))
        #expect(events.map { $0.first { $0.hasPrefix("SUMMARY:") } } == ["SUMMARY:Drive S0 → S1", "SUMMARY:Drive S1 → S2"])
        #expect(events[0].contains { $0.hasPrefix("DTSTART;") } && !events[0].contains { $0.hasPrefix("DTEND") })
        #expect(events[1].contains("DTEND;TZID=Europe/Berlin:20260701T110000"))
    }

    @Test func everyZoneUsedHasItsVTimezoneAndNoOther() {
        var stops = F.stops(3)
        stops[0].timeZone = "Europe/Lisbon"
        stops[2].timeZone = "UTC"
        let utcID = TimeZone(identifier: "UTC")!.identifier  // "GMT" on Linux
        let text = calendar(stops, hours: [1, 1])
        let used = Set(
            events(text).joined().compactMap { line in
                line.hasPrefix("DT") && line.contains(";TZID=") ? line.split(separator: "=")[1].split(separator: ":")[0] : nil
            }.map(String.init))
        let declared = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TZID:") }.map { String($0.dropFirst(5)) }
        #expect(used == ["Europe/Lisbon", "Europe/Berlin", utcID])
        #expect(declared.sorted() == used.sorted())
        let utc = text.components(separatedBy: "TZID:\(utcID)\r\n")[1].components(separatedBy: "END:VTIMEZONE")[0]
        #expect(utc.hasPrefix("BEGIN:STANDARD\r\nDTSTART:") && utc.contains("TZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000"))
    }

    @Test func uidsAreStablePerStopAndLegAndDistinct() {
        var stops = F.stops(3)
        stops[1].stay = 1800
        let uids = { (now: Date) in
            self.events(self.calendar(stops, hours: [1, 1], now: now)).map { $0.first { $0.hasPrefix("UID:") } }
        }
        let first = uids(Date(timeIntervalSince1970: 0)), later = uids(Date(timeIntervalSince1970: 86400))
        #expect(first == later)
        #expect(Set(first).count == 3)
        #expect(first[0] == "UID:\(stops[0].id.uuidString)-drive-1@roadtrip")
        #expect(first[1] == "UID:\(stops[1].id.uuidString)-stay@roadtrip")
    }

    @Test func estimatedDrivesSaySo() {
        let events = events(calendar(F.stops(2), hours: nil))
        let description = events[0].first { $0.hasPrefix("DESCRIPTION:") }
        #expect(description?.hasPrefix("DESCRIPTION:Day 1: ") == true)
        #expect(description?.hasSuffix(" (estimated)") == true)
    }
}
