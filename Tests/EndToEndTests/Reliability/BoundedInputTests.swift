import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Names, notes and trips have limits everywhere text comes in, and each refusal says the limit.
@Suite struct BoundedInputTests {
    @Test func aNameOverTheLimitIsRefusedWithTheLimitSaid() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let long = String(repeating: "Road ", count: 60)
        for args in [["new", long], ["rename", "Alps", long], ["add-stop", "Alps", "46.2,6.1", "--name", long]] {
            let result = try sandbox.run(args)
            #expect(result.isOneLineUserError, "\(args[0]): \(result)")
            #expect(result.stderr.contains("at most 200 characters (this one has 299)"), "\(args[0]): \(result)")
        }
        #expect(sandbox.dataBytes() == before)
    }

    @Test func anImportOfTooManyStopsIsRefusedAndLongNamesAreCut() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        var csv = "order,name,latitude,longitude\n"
        for i in 1...(TextLimits.stopsPerTrip + 1) { csv += "\(i),S\(i),\(Double(i % 80)),\(Double(i % 170))\n" }
        try Data(csv.utf8).write(to: sandbox.file("huge.csv"))
        let refused = try sandbox.run("import", "huge.csv")
        #expect(refused.isOneLineUserError && refused.stderr.contains("a trip holds at most 5,000"), "\(refused)")
        #expect(sandbox.dataBytes() == before)

        let name = String(repeating: "n", count: 5000)
        try Data("order,name,latitude,longitude\n1,\(name),46.2,6.1\n2,B,45.9,6.8\n".utf8).write(to: sandbox.file("long.csv"))
        let imported = try sandbox.run("import", "long.csv")
        #expect(imported.status == 0, "\(imported)")
        let trip = try #require(try sandbox.trips().last)
        #expect(trip.waypoints.first?.name.count == TextLimits.name)
    }
}
