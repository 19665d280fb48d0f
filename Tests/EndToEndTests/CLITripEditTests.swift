import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `new`, `rename` and `delete` through the real binary.
@Suite struct CLITripEditTests {
    // MARK: new

    @Test func newAddsAnEmptyTripAndCreatesTheFileAndFolders() throws {
        let sandbox = try CLISandbox()
        let nested = sandbox.file("deep/er/trips.json")
        let result = try RoadtripProcess.run(["new", "  Tour de France ", "--data", nested.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let trips = try JSONDecoder().decode(TripDocument.self, from: Data(contentsOf: nested)).trips
        #expect(trips.map(\.name) == ["Tour de France"])
        #expect(result.stdout == "Created “Tour de France” (\(trips[0].id.uuidString)).\n")
    }

    @Test func newAppendsToTheTripsAlreadyThere() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("new", "東京 → 京都 🚗").status == 0)
        let trips = try sandbox.trips()
        #expect(trips.map(\.name) == ["Côte d’Azur", "Alps", "Alpine loop", "東京 → 京都 🚗"])
        #expect(trips[1] == CLITrips.alps)
    }

    @Test(arguments: ["   ", "\u{1B}[31mRed", "Bell\u{07}", "C1\u{9B}2J"])
    func newRefusesEmptyNamesAndControlCharacters(name: String) throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let result = try sandbox.run("new", name)
        #expect(result.isOneLineUserError, "\(result)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(sandbox.dataBytes() == before)
    }

    @Test func newUsageErrors() throws {
        let sandbox = try CLISandbox()
        #expect(try sandbox.run("new").isUsageError)
        #expect(try sandbox.run("new", "A", "B").isUsageError)
        #expect(sandbox.dataBytes() == nil)
    }

    // MARK: rename

    @Test func renameKeepsTheIdAndStops() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("rename", "Alps", "Haute-Savoie")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Renamed “Alps” to “Haute-Savoie”.\n")
        let renamed = try #require(try sandbox.trips().first { $0.id == CLITrips.alps.id })
        #expect(renamed.name == "Haute-Savoie" && renamed.waypoints == CLITrips.alps.waypoints)
    }

    @Test func renameUserErrorsChangeNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("rename", "Nowhere", "X").isOneLineUserError)
        #expect(try sandbox.run("rename", "Alp", "X").isOneLineUserError)
        #expect(try sandbox.run("rename", "Alps", " ").isOneLineUserError)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func renameUsageError() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("rename", "Alps").isUsageError)
    }

    // MARK: delete

    @Test func deleteWithYesRemovesOnlyThatTrip() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("delete", "Alps", "--yes")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "Deleted “Alps”.\n")
        #expect(try sandbox.trips() == [CLITrips.riviera, CLITrips.alpineLoop])
    }

    @Test func deleteWithoutYesAndNoTerminalAsksForIt() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let result = try sandbox.run("delete", "Alps", stdin: Data("y\n".utf8))
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("--yes"))
        #expect(sandbox.dataBytes() == before)
    }

    @Test func deleteOnATerminalAsksAndTakesTheAnswer() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        guard let kept = try sandbox.runOnTerminal(["delete", "Alps"], input: "n\n") else { return }
        #expect(kept.status == 0)
        #expect(kept.screen.contains("Delete “Alps” and its 2 stops? [y/N] Kept “Alps”."), "\(kept.screen)")
        #expect(sandbox.dataBytes() == before)

        let deleted = try #require(try sandbox.runOnTerminal(["delete", "Alps"], input: "yes\n"))
        #expect(deleted.status == 0)
        #expect(deleted.screen.contains("Deleted “Alps”."), "\(deleted.screen)")
        #expect(try sandbox.trips().map(\.id) == [CLITrips.riviera.id, CLITrips.alpineLoop.id])
    }

    @Test func deleteUnknownAndUsage() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("delete", "Nowhere", "--yes").isOneLineUserError)
        #expect(try sandbox.run("delete", "--yes").isUsageError)
        #expect(try sandbox.run("delete", "Alps", "--yes", "--force").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }
}
