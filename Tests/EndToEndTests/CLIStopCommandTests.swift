import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `add-stop`, `move-stop` and `remove-stop` through the real binary.
@Suite struct CLIStopCommandTests {
    private func names(_ sandbox: CLISandbox, _ trip: Trip) throws -> [String] {
        try #require(try sandbox.trips().first { $0.id == trip.id }).waypoints.map(\.name)
    }

    // MARK: add-stop

    @Test func addStopAppendsACoordinateNamedAfterItself() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("add-stop", "Alps", "45.8326, 6.8652")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Added “45.83260, 6.86520” (45.83260, 6.86520) as stop 3 of “Alps”.\n")
        let stop = try #require(try sandbox.trips().first { $0.id == CLITrips.alps.id }?.waypoints.last)
        #expect(stop.coordinate == Coordinate(latitude: 45.8326, longitude: 6.8652))
    }

    @Test func addStopAtAPositionWithANameTakesSouthernAndWesternCoordinates() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("add-stop", "Alps", "-33.8568,-151.2153", "--at", "1", "--name", "Antipodes")
        #expect(result.status == 0, "\(result)")
        #expect(try names(sandbox, CLITrips.alps) == ["Antipodes", "Genève", "Chamonix"])
        let first = try #require(try sandbox.trips().first { $0.id == CLITrips.alps.id }?.waypoints.first)
        #expect(first.coordinate == Coordinate(latitude: -33.8568, longitude: -151.2153))
        // Options may come before the place too.
        #expect(try sandbox.run("add-stop", "--at", "1", "Alpine", "10,20").status == 0)
        #expect(try names(sandbox, CLITrips.alpineLoop) == ["10.00000, 20.00000"])
    }

    @Test func addStopUserErrorsChangeNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let outOfRange = try sandbox.run("add-stop", "Alps", "1,2", "--at", "4")
        #expect(outOfRange.isOneLineUserError, "\(outOfRange)")
        #expect(outOfRange.stderr.contains("--at 4 is outside 1…3"))
        #expect(try sandbox.run("add-stop", "Alps", "91,0").isOneLineUserError)
        #expect(try sandbox.run("add-stop", "Alps", "1,2", "--at", "0").isOneLineUserError)
        #expect(try sandbox.run("add-stop", "Alps", "1,2", "--name", "\u{1B}]0;pwned\u{07}").isOneLineUserError)
        #expect(try sandbox.run("add-stop", "Nowhere", "1,2").isOneLineUserError)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func addStopUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("add-stop", "Alps").isUsageError)
        #expect(try sandbox.run("add-stop", "Alps", "1,2", "3,4").isUsageError)
        #expect(try sandbox.run("add-stop", "Alps", "--bogus").isUsageError)
        #expect(try sandbox.run("add-stop", "Alps", "1,2", "--at", "two").isUsageError)
        #expect(try sandbox.run("add-stop", "Alps", "1,2", "--at").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }

    // MARK: move-stop

    @Test func moveStopReorders() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("move-stop", "Côte", "3", "1")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Moved “Cannes” from 3 to 1.\n")
        #expect(try names(sandbox, CLITrips.riviera) == ["Cannes", "Nice", "Antibes"])
        #expect(try sandbox.run("move-stop", "Côte", "1", "2").status == 0)
        #expect(try names(sandbox, CLITrips.riviera) == ["Nice", "Cannes", "Antibes"])
    }

    @Test func moveStopUserErrorsChangeNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let from = try sandbox.run("move-stop", "Alps", "3", "1")
        #expect(from.isOneLineUserError)
        #expect(from.stderr == "roadtrip: FROM 3 is outside 1…2 for “Alps”.\n")
        #expect(try sandbox.run("move-stop", "Alps", "1", "0").isOneLineUserError)
        let empty = try sandbox.run("move-stop", "Alpine", "1", "1")
        #expect(empty.stderr == "roadtrip: “Alpine loop” has no stops to move.\n")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func moveStopUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("move-stop", "Alps", "1").isUsageError)
        #expect(try sandbox.run("move-stop", "Alps", "one", "2").isUsageError)
    }

    // MARK: remove-stop

    @Test func removeStopRemovesThatStop() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("remove-stop", "Côte", "2")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Removed stop 2, “Antibes”, from “Côte d’Azur”.\n")
        #expect(try names(sandbox, CLITrips.riviera) == ["Nice", "Cannes"])
    }

    @Test func removeStopUserErrorsChangeNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("remove-stop", "Alps", "3").stderr == "roadtrip: Stop 3 is outside 1…2 for “Alps”.\n")
        #expect(try sandbox.run("remove-stop", "Alps", "0").isOneLineUserError)
        #expect(try sandbox.run("remove-stop", "Alpine", "1").isOneLineUserError)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func removeStopUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("remove-stop", "Alps").isUsageError)
        #expect(try sandbox.run("remove-stop", "Alps", "-1").isUsageError)
        #expect(try sandbox.run("remove-stop", "Alps", "1.5").isUsageError)
    }
}
