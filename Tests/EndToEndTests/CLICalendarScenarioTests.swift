import Foundation
import RoadtripCore
import Testing
import TestSupport

/// The itinerary as a calendar through the real binary, in the three trips a new user tried: a
/// parks loop with two nights in Moab, Chicago → Los Angeles in one leg, an Alps trip with a fixed
/// arrival. Trips are made with the commands a person types; the calendar is read back with PyPI's
/// icalendar (Scripts/checks/check_itinerary.py: zones, CRLF, no overlaps).
@Suite(.serialized) struct CLICalendarScenarioTests {
    private func make(_ sandbox: CLISandbox, _ name: String, _ places: [String]) throws {
        #expect(try sandbox.run("new", name).status == 0)
        for place in places {
            let added = try sandbox.run("add-stop", name, place, "--first")
            try #require(added.status == 0, "\(added)")
        }
    }

    private func json(_ sandbox: CLISandbox, _ args: String...) throws -> [String: Any] {
        let result = try sandbox.run(["itinerary"] + args + ["--format", "json"])
        try #require(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The ICS of `args`, parsed by icalendar: the events it read.
    private func calendar(_ sandbox: CLISandbox, _ args: String...) throws -> [[String: Any]] {
        let result = try sandbox.run(["itinerary"] + args + ["--format", "ics"])
        try #require(result.status == 0, "\(result)")
        let file = sandbox.file("trip.ics")
        try Data(result.stdout.utf8).write(to: file)
        let checked = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/checks/check_itinerary.py").path,
                file.path
            ],
            check: false)
        try #require(checked.status != 2, "icalendar is missing: \(checked.error)")
        #expect(checked.status == 0, "\(checked.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [[String: Any]])
    }

    @Test func aParksLoopWithTwoNightsInMoabIsEveryDayOfTheTrip() throws {
        let sandbox = try CLISandbox(trips: [])
        try make(
            sandbox, "Southwest loop",
            ["Las Vegas", "Zion National Park", "Moab", "Monument Valley", "Grand Canyon Village", "Las Vegas"])
        #expect(try sandbox.run("edit-stop", "Southwest loop", "2", "--stay", "3h").status == 0)
        let moab = try sandbox.run("edit-stop", "Southwest loop", "Moab", "--stay", "2 nights")
        #expect(moab.stdout.contains("Moab (") && moab.stdout.contains("· 2 nights"), "\(moab)")
        #expect(try sandbox.run("edit-stop", "Southwest loop", "5", "--nights", "1").status == 0)
        let settings = try sandbox.run("edit-trip", "Southwest loop", "--start", "2026-05-10 08:00", "--daily-limit", "8h")
        #expect(settings.stdout.contains("leaves 2026-05-10 08:00 America/Los_Angeles · 8 h a day from 08:00"), "\(settings)")
        // Nights said twice and differently, or out of range, are refused in one line, and nothing changes.
        let before = try sandbox.trips()
        let clash = try sandbox.run("edit-stop", "Southwest loop", "Moab", "--stay", "1n", "--nights", "3")
        #expect(clash.status != 0 && clash.stderr.contains("--stay says 1 night and --nights 3: give one of them."), "\(clash)")
        let negative = try sandbox.run("edit-stop", "Southwest loop", "Moab", "--nights", "-1")
        #expect(
            negative.status != 0 && negative.stderr.contains("--nights must be a whole number from 0 to 366, not -1."),
            "\(negative)")
        #expect(try sandbox.trips() == before)
        let saved = try #require(try sandbox.trips().first)
        #expect(saved.waypoints[2].nights == 2 && saved.waypoints[2].stay == 0 && saved.waypoints[1].stay == 3 * 3600)

        let text = try sandbox.run("itinerary", "Southwest loop")
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("Moab, no driving"), "\(text.stdout)")
        #expect(text.stdout.contains("night 2 of 2"))
        let plan = try json(sandbox, "Southwest loop")
        let days = try #require(plan["days"] as? [[String: Any]])
        let dates = days.compactMap { $0["date"] as? String }
        #expect(dates.first == "2026-05-10")
        #expect(dates == consecutive(from: "2026-05-10", count: dates.count))
        #expect(days.contains { $0["end"] as? String == "rest" })
        let totals = try #require(plan["totals"] as? [String: Any])
        #expect(totals["days"] as? Int == dates.count && totals["nights"] as? Int == dates.count - 1)
        #expect(text.stdout.hasPrefix("Southwest loop: \(dates.count) days, Sun 10 May – "))
        for day in days { #expect((day["drivingSeconds"] as? Double ?? 0) <= 8 * 3600 + 60, "\(day)") }

        let events = try calendar(sandbox, "Southwest loop")
        let nights = events.filter { ($0["summary"] as? String ?? "").hasPrefix("Night") }
        // Every night of the trip is one event: Moab's two, the Grand Canyon's one, and any suggested.
        #expect(nights.count == dates.count - 1, "\(nights.map { $0["summary"] ?? "" })")
        #expect(nights.filter { ($0["summary"] as? String ?? "").hasPrefix("Night at Moab") }.count == 2)
        #expect(nights.allSatisfy { $0["geo"] is [Double] && !($0["location"] as? String ?? "").isEmpty })
    }

    @Test func chicagoToLosAngelesIsSplitIntoDaysWithSuggestedNightsNearTheLine() throws {
        let sandbox = try CLISandbox(trips: [])
        try make(sandbox, "Route 66", ["Chicago", "Los Angeles"])
        #expect(try sandbox.run("edit-trip", "Route 66", "--start", "2026-06-01 08:00", "--daily-limit", "8h").status == 0)
        let plan = try json(sandbox, "Route 66")
        let legs = try #require(plan["legs"] as? [[String: Any]])
        let parts = try #require(legs.first?["parts"] as? Int)
        #expect(parts >= 5)
        let nights = try #require(plan["suggestedNights"] as? [[String: Any]])
        #expect(nights.count == parts - 1)
        let chicago = Coordinate(latitude: 41.85003, longitude: -87.65005)
        let angeles = Coordinate(latitude: 34.05223, longitude: -118.24368)
        for night in nights {
            let at = Coordinate(latitude: night["latitude"] as? Double ?? 0, longitude: night["longitude"] as? Double ?? 0)
            #expect(crossTrack(at, chicago, angeles) < 250_000, "\(night)")
            #expect(!(night["name"] as? String ?? "").isEmpty)
        }
        let days = try #require(plan["days"] as? [[String: Any]])
        for day in days { #expect((day["drivingSeconds"] as? Double ?? 0) <= 8 * 3600 + 60, "\(day)") }
        let text = try sandbox.run("itinerary", "Route 66")
        #expect(text.stdout.contains("part 1 of \(parts)") && text.stdout.contains("(suggested night)"))
        #expect(text.stdout.contains("To stay at a suggested night, add it as a stop:"))
        // The command it prints adds the night as a real stop before Los Angeles.
        let add = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("  roadtrip add-stop ") })
        let words = try shellWords(String(add.dropFirst("  roadtrip ".count)))
        let added = try sandbox.run(words)
        #expect(added.status == 0, "\(added)")
        let stops = try #require(try sandbox.trips().first).waypoints
        // With its night, so the itinerary then ends the day there instead of suggesting it again.
        #expect(stops.count == 3 && stops[2].name == "Los Angeles" && stops[1].nights == 1)
        let replanned = try json(sandbox, "Route 66")
        let nightsAfter = try #require(replanned["suggestedNights"] as? [[String: Any]])
        #expect(nightsAfter.count == nights.count - 1, "\(nightsAfter)")
        let events = try calendar(sandbox, "Route 66")
        #expect(events.contains { ($0["summary"] as? String ?? "").hasPrefix("Night (suggested) at ") })
    }

    @Test func anAlpsTripWithAFixedArrivalIsPlannedBackwardsAndAClashOffersChoices() throws {
        let sandbox = try CLISandbox(trips: [])
        try make(sandbox, "Alps", ["Munich", "Innsbruck", "Lake Como", "Zermatt"])
        #expect(try sandbox.run("edit-stop", "Alps", "3", "--nights", "1").status == 0)
        #expect(try sandbox.run("edit-stop", "Alps", "Zermatt", "--arrive", "2026-07-04 15:00").status == 0)
        let text = try sandbox.run("itinerary", "Alps")
        #expect(text.stdout.contains("No start date set: planned backwards from the fixed arrival at Zermatt"), "\(text.stdout)")
        #expect(text.stdout.contains("leave Munich Fri 3 Jul 2026 08:00"))
        #expect(!text.stdout.contains("late"))

        // A 5-hour day, leaving on the day itself: too little of it is left at Lake Como for the last leg,
        // so Zermatt is late; the three ways out are offered.
        #expect(try sandbox.run("edit-stop", "Alps", "3", "--nights", "0").status == 0)
        #expect(try sandbox.run("edit-trip", "Alps", "--start", "2026-07-04 06:00", "--daily-limit", "5h").status == 0)
        let late = try sandbox.run("itinerary", "Alps")
        #expect(
            late.stdout.contains("after its fixed arrival (Sat 4 Jul 15:00): the 5 h daily limit ends the driving before it."),
            "\(late.stdout)")
        #expect(late.stdout.contains("- Leave earlier: by "))
        #expect(late.stdout.contains("- Drive over the limit by "))
        #expect(late.stdout.contains("- Drop the fixed time (roadtrip edit-stop Alps 4 --arrive \"\")."))
        #expect(try sandbox.run("edit-stop", "Alps", "4", "--over-limit").status == 0)
        let chosen = try json(sandbox, "Alps")
        let stops = try #require(chosen["stops"] as? [[String: Any]])
        #expect(stops[3]["late"] as? Double == 0)
        let warnings = try #require(chosen["warnings"] as? [[String: Any]])
        #expect(warnings.contains { $0["kind"] as? String == "dayOverLimit" })
        // The what-if start changes nothing saved.
        let whatIf = try sandbox.run("itinerary", "Alps", "--start", "2026-07-01 08:00")
        #expect(whatIf.stdout.contains("Day 1 · Wed 1 Jul 2026"))
        #expect(try #require(try sandbox.trips().first).startDate == ItineraryDates.local("2026-07-04 06:00", "Europe/Berlin"))
        #expect(try sandbox.run("edit-trip", "Alps", "--daily-limit", "10s").stderr.contains("--daily-limit: "))
        #expect(try sandbox.run("itinerary", "Alps", "--start", "tomorrow").stderr.contains("--start: "))
    }

    /// `count` dates from `first`, one a day.
    private func consecutive(from first: String, count: Int) -> [String] {
        let utc = TimeZone(identifier: "UTC")!
        let start = ItineraryDates.local(first + " 12:00", "UTC")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return (0..<count).map { offset in
            let c = calendar.dateComponents([.year, .month, .day], from: start.addingTimeInterval(Double(offset) * 86400))
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
    }

    /// How far `p` is from the great circle through `a` and `b`, in metres.
    private func crossTrack(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let d13 = Geodesic.distance(a, p) / r
        func bearing(_ x: Coordinate, _ y: Coordinate) -> Double {
            let φ1 = x.latitude * rad, φ2 = y.latitude * rad, Δλ = (y.longitude - x.longitude) * rad
            return atan2(sin(Δλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ))
        }
        return abs(asin(sin(d13) * sin(bearing(a, p) - bearing(a, b))) * r)
    }

    /// Words of a command line as a POSIX shell splits them (single quotes only, as roadtrip writes them).
    private func shellWords(_ line: String) throws -> [String] {
        var words: [String] = [], current = "", quoted = false, started = false
        for ch in line {
            if ch == "'" {
                quoted.toggle()
                started = true
            } else if ch == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(ch)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}

/// Wall-clock times for the scenario checks.
enum ItineraryDates {
    static func local(_ text: String, _ zone: String) -> Date {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: zone)!
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.date(from: text)!
    }
}
