import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `edit-stop` and `duplicate` through the real binary, read back from the data file.
@Suite struct CLIEditStopTests {
    private func stop(_ sandbox: CLISandbox, _ n: Int) throws -> Waypoint {
        try #require(try sandbox.trips().first { $0.id == CLITrips.alps.id }?.waypoints[n - 1])
    }

    @Test func everyDetailOfAStopFromTheCommandLine() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run(
            "edit-stop", "Alps", "1", "--stay", "1h30", "--overnight", "--note", "Old town walk, q and d",
            "--arrive", "2026-07-03 10:00", "--name", "Genève old town")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let edited = try stop(sandbox, 1)
        #expect(edited.name == "Genève old town")
        #expect(edited.stay == 5400)
        #expect(edited.overnight)
        #expect(edited.note == "Old town walk, q and d")
        // Local to the stop: Geneva is two hours ahead of UTC in July.
        #expect(edited.fixedArrival == ISO8601DateFormatter().date(from: "2026-07-03T08:00:00Z"))
        #expect(edited.coordinate == CLITrips.alps.waypoints[0].coordinate)
        #expect(try stop(sandbox, 2) == CLITrips.alps.waypoints[1])

        for (stay, seconds) in [("90m", 5400.0), ("1:30", 5400), ("45", 2700), ("0", 0)] {
            #expect(try sandbox.run("edit-stop", "Alps", "Chamonix", "--stay", stay).status == 0)
            #expect(try stop(sandbox, 2).stay == seconds, "\(stay)")
        }
        #expect(try sandbox.run("edit-stop", "Alps", "1", "--no-overnight", "--note", "", "--arrive", "").status == 0)
        let cleared = try stop(sandbox, 1)
        #expect(!cleared.overnight && cleared.note.isEmpty && cleared.fixedArrival == nil)
    }

    @Test func atTakesEveryPositionNotationAndDropsThePlace() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        for (text, lat, lon) in [
            ("-33.8568,151.2153", -33.8568, 151.2153),
            ("33°51′24″S 151°12′55″E", -33.856667, 151.215278),
            ("https://www.openstreetmap.org/#map=13/47.8/13.05", 47.8, 13.05),
            ("geo:47.56,13.65", 47.56, 13.65)
        ] {
            let result = try sandbox.run("edit-stop", "Alps", "2", "--at", text)
            #expect(result.status == 0, "\(text): \(result)")
            let c = try stop(sandbox, 2).coordinate
            #expect(abs(c.latitude - lat) < 1e-5 && abs(c.longitude - lon) < 1e-5, "\(text)")
        }
        #expect(try stop(sandbox, 2).name == "Chamonix")
        #expect(try stop(sandbox, 2).timeZone == nil)
    }

    @Test func jsonShowsTheStopAsSaved() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("edit-stop", "Alps", "2", "--stay", "2h", "--json")
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["number"] as? Int == 2)
        #expect((object["stop"] as? [String: Any])?["stay"] as? Double == 7200)
        #expect(object["trip"] as? String == CLITrips.alps.id.uuidString)
    }

    @Test func badValuesChangeNothingAndSayWhich() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        for (args, said) in [
            (["--stay", "soon"], "--stay"), (["--arrive", "2026-02-30 10:00"], "--arrive"),
            (["--at", "95, 3"], "Latitude 95° is outside"), (["--note", "a\u{1B}[2Jb"], "--note"),
            (["--name", ""], "empty"), (["--stay", "1h", "--at", "47 75 N, 13 E"], "minutes must be below 60")
        ] {
            let result = try sandbox.run(["edit-stop", "Alps", "1"] + args)
            #expect(result.isOneLineUserError, "\(args): \(result)")
            #expect(result.stderr.contains(said), "\(args): \(result.stderr)")
        }
        #expect(try sandbox.run("edit-stop", "Alps", "3", "--stay", "1h").stderr.contains("outside 1…2"))
        #expect(try sandbox.run("edit-stop", "Alps", "Paris", "--stay", "1h").stderr.contains("no stop named"))
        #expect(try sandbox.run("edit-stop", "Alps", "1").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func duplicateCopiesEverythingWithNewIds() throws {
        var alps = CLITrips.alps
        alps.waypoints[0].stay = 3600
        alps.waypoints[0].note = "Lunch"
        alps.dailyDrivingLimit = 5 * 3600
        let sandbox = try CLISandbox(trips: [CLITrips.riviera, alps])
        #expect(try sandbox.run("duplicate", "Alps").stdout.contains("as “Alps (copy)”"))
        #expect(try sandbox.run("duplicate", "Alps", "--name", "Alps by the lakes").status == 0)
        #expect(try sandbox.run("duplicate", "Alps").stdout.contains("as “Alps (copy 2)”"))
        let trips = try sandbox.trips()
        #expect(trips.map(\.name) == ["Côte d’Azur", "Alps", "Alps (copy 2)", "Alps by the lakes", "Alps (copy)"])
        for copy in trips.dropFirst(2) {
            #expect(copy.id != alps.id)
            #expect(Set(copy.waypoints.map(\.id)).isDisjoint(with: alps.waypoints.map(\.id)))
            var same = copy
            same.id = alps.id
            same.name = alps.name
            for i in same.waypoints.indices { same.waypoints[i].id = alps.waypoints[i].id }
            #expect(same == alps)
        }
    }
}
