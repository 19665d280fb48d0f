import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `list`, `show`, `new`, `rename` and `delete` through the real binary.
@Suite struct CLITripCommandTests {
    // MARK: list

    @Test func listPrintsOneRowPerTripOnStandardOutput() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("list")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("NAME"))
        #expect(lines[1].hasPrefix("Côte d’Azur") && lines[1].hasSuffix(CLITrips.riviera.id.uuidString))
        #expect(lines[2].contains("Alps") && lines[2].contains(" 2 "))
        #expect(lines[3].contains("Alpine loop") && lines[3].contains("—"))
    }

    @Test func listJSONIsTheDocumentedShape() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("list", "--json")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let items = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(Set(items[0].keys) == ["id", "name", "stops", "distanceMeters"])
        #expect(items[0]["id"] as? String == CLITrips.riviera.id.uuidString)
        #expect(items[0]["name"] as? String == "Côte d’Azur")
        #expect(items[0]["stops"] as? Int == 3)
        let meters = try #require(items[0]["distanceMeters"] as? Double)
        #expect(meters > 20_000 && meters < 30_000)
        #expect(items[2]["distanceMeters"] as? Double == 0)
    }

    @Test func listWithoutADataFileSaysSoAndCreatesNothing() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run("list")
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == "No trips in \(sandbox.dataURL.path).\n")
        let json = try sandbox.run("list", "--json")
        #expect(json.status == 0)
        #expect((try JSONSerialization.jsonObject(with: json.stdoutData) as? [Any])?.isEmpty == true)
        #expect(sandbox.dataBytes() == nil)
    }

    @Test func listOfABrokenDataFileIsAUserErrorThatKeepsTheFile() throws {
        let sandbox = try CLISandbox()
        let broken = Data(#"{"formatVersion": 1, "trips": [ {"id": "#.utf8)
        try broken.write(to: sandbox.dataURL)
        let result = try sandbox.run("list")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains(sandbox.dataURL.path))
        #expect(sandbox.dataBytes() == broken)
    }

    @Test func listUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("list", "--bogus").isUsageError)
        #expect(try sandbox.run("list", "extra").isUsageError)
        #expect(try sandbox.run("list", "--units", "furlongs").isUsageError)
    }

    // MARK: show

    @Test func showFindsATripByPrefixIgnoringCaseAndAccents() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "cote")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Côte d’Azur")
        #expect(lines[2].contains("1  Nice") && lines[2].contains("43.70090, 7.26830"))
        #expect(lines[4].contains("3  Cannes"))
        #expect(result.stdout.contains("FROM") && result.stdout.contains("geodesic"))
        #expect(lines.contains { $0.hasPrefix("Total ") && $0.hasSuffix(" km") })
    }

    @Test func showInMilesByIdAndEmpty() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let miles = try sandbox.run("show", CLITrips.alps.id.uuidString, "--units", "mi")
        #expect(miles.status == 0)
        #expect(miles.stdout.hasPrefix("Alps\n"))
        #expect(miles.stdout.contains(" mi"))
        let empty = try sandbox.run("show", "Alpine")
        #expect(empty.status == 0)
        #expect(empty.stdout == "Alpine loop\n\nNo stops yet.\n")
    }

    @Test func showJSONIsTheDocumentedShape() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "Alps", "--json")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let doc = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(Set(doc.keys) == ["id", "name", "stops", "route"])
        #expect(doc["name"] as? String == "Alps")
        let stops = try #require(doc["stops"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Genève", "Chamonix"])
        #expect(Set(stops[0].keys) == ["id", "name", "latitude", "longitude"])
        #expect(stops[0]["latitude"] as? Double == 46.2044)
        let route = try #require(doc["route"] as? [String: Any])
        #expect(Set(route.keys) == ["legs", "totalDistanceMeters", "totalDurationSeconds"])
        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 1)
        #expect(Set(legs[0].keys) == ["from", "to", "distanceMeters", "durationSeconds", "source"])
        #expect(legs[0]["from"] as? String == "Genève" && legs[0]["source"] as? String == "geodesic")
        #expect(legs[0]["durationSeconds"] is NSNull)
    }

    @Test func unknownTripListsTheTrips() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "Nowhere")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr == "roadtrip: No trip “Nowhere”. Trips: “Côte d’Azur”, “Alps”, “Alpine loop”.\n")
    }

    @Test func ambiguousTripListsTheCandidatesWithTheirIds() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "alp")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("“alp” matches 2 trips"))
        #expect(result.stderr.contains("“Alps” (\(CLITrips.alps.id.uuidString))"))
        #expect(result.stderr.contains("“Alpine loop” (\(CLITrips.alpineLoop.id.uuidString))"))
        #expect(!result.stderr.contains("Côte"))
    }

    @Test func showUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("show").isUsageError)
        #expect(try sandbox.run("show", "Alps", "--jsn").isUsageError)
    }

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

    @Test func deleteUnknownAndUsage() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        #expect(try sandbox.run("delete", "Nowhere", "--yes").isOneLineUserError)
        #expect(try sandbox.run("delete", "--yes").isUsageError)
        #expect(try sandbox.run("delete", "Alps", "--yes", "--force").isUsageError)
        #expect(sandbox.dataBytes() == before)
    }
}
