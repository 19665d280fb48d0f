import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `list` and `show` through the real binary; how TRIP is resolved.
@Suite struct CLIListShowTests {
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

    /// Columns line up by display width (東京 and 🚗 take two), whatever the locale the command
    /// runs in: a C locale's wcwidth knows no wide characters, so roadtrip measures in UTF-8.
    @Test(arguments: ["C.UTF-8", "C"])
    func listAlignsWideNamesByDisplayWidth(locale: String) throws {
        let names = ["東京 → 京都 → 大阪", "Road 🚗 trip", "Plain", "Crème brûlée run"]
        let sandbox = try CLISandbox(trips: names.map { Trip(name: $0) })
        let result = try sandbox.run(["list"], environment: ["LANG": locale, "LC_ALL": locale])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == names.count + 1)
        // The column where STOPS ends, measured by display width, is the same on every line.
        let ends = lines.map { line in columns(String(line[..<line.range(of: "  ", options: .backwards)!.lowerBound])) }
        #expect(Set(ends).count == 1, "\(result.stdout)")
    }

    /// Display columns as a terminal counts them, for the names above: CJK ideographs and emoji
    /// take two (measured here on its own, not with roadtrip's wcwidth).
    private func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let wide = (0x4E00...0x9FFF).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            return sum + (wide ? 2 : 1)
        }
    }

    @Test func listJSONIsTheDocumentedShape() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("list", "--json")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let items = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(Set(items[0].keys) == ["id", "name", "stops", "distanceMeters", "distanceEstimated"])
        #expect(items[0]["distanceEstimated"] as? Bool == true)
        #expect(items[0]["id"] as? String == CLITrips.riviera.id.uuidString)
        #expect(items[0]["name"] as? String == "Côte d’Azur")
        #expect(items[0]["stops"] as? Int == 3)
        let meters = try #require(items[0]["distanceMeters"] as? Double)
        // The offline estimate of the road: longer than the 26.9 km straight line, as the trip list shows it.
        #expect(meters > 27_000 && meters < 45_000)
        #expect(items[2]["distanceMeters"] as? Double == 0)
    }

    @Test func listWithoutADataFileSaysSoAndCreatesNothing() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run("list")
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(
            result.stdout
                == "No trips in \(sandbox.dataURL.path). roadtrip new NAME starts one; roadtrip samples adds the sample trips.\n")
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
        // The trip's settings, then each stop with its details on the line under it.
        #expect(lines[1] == "no start date · 8 h a day from 08:00")
        #expect(lines[3].contains("1  Nice") && lines[3].contains("43.70090, 7.26830"))
        #expect(lines[4] == "      Europe/Paris")
        #expect(lines[7].contains("3  Cannes"))
        // Without --osrm the legs are the offline estimate, marked as such.
        #expect(result.stdout.contains("FROM") && result.stdout.contains("estimate"))
        #expect(lines.contains { $0.hasPrefix("Total ≈ ") && $0.contains(" km, ≈ ") && $0.hasSuffix(" driving") })
    }

    @Test func showInMilesByIdAndEmpty() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let miles = try sandbox.run("show", CLITrips.alps.id.uuidString, "--units", "mi")
        #expect(miles.status == 0)
        #expect(miles.stdout.hasPrefix("Alps\n"))
        #expect(miles.stdout.contains(" mi"))
        let empty = try sandbox.run("show", "Alpine")
        #expect(empty.status == 0)
        #expect(empty.stdout == "Alpine loop\nno start date · 8 h a day from 08:00\n\nNo stops yet.\n")
    }

    @Test func showJSONIsTheDocumentedShape() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "Alps", "--json")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let doc = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(Set(doc.keys) == ["id", "name", "settings", "stops", "route"])
        let settings = try #require(doc["settings"] as? [String: Any])
        #expect(settings["dailyDrivingLimit"] as? Double == 28800 && settings["dailyStart"] as? String == "08:00")
        #expect(doc["name"] as? String == "Alps")
        let stops = try #require(doc["stops"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Genève", "Chamonix"])
        #expect(
            Set(stops[0].keys) == ["id", "name", "latitude", "longitude", "stay", "nights", "note", "overLimit", "timeZone"])
        #expect(stops[0]["latitude"] as? Double == 46.2044)
        let route = try #require(doc["route"] as? [String: Any])
        #expect(Set(route.keys) == ["legs", "totalDistanceMeters", "totalDurationSeconds"])
        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 1)
        #expect(Set(legs[0].keys) == ["from", "to", "distanceMeters", "durationSeconds", "source"])
        #expect(legs[0]["from"] as? String == "Genève" && legs[0]["source"] as? String == "estimate")
        // The estimate: 1.25 × the geodesic distance, driven at 80 km/h.
        let meters = try #require(legs[0]["distanceMeters"] as? Double)
        let seconds = try #require(legs[0]["durationSeconds"] as? Double)
        #expect(abs(seconds - meters / (80_000.0 / 3600)) < 1)
    }

    @Test func unknownTripListsTheTrips() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let result = try sandbox.run("show", "Nowhere")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr == "roadtrip: No trip “Nowhere”. Trips: “Côte d’Azur”, “Alps”, “Alpine loop”.\n")
    }

    /// A typo in a trip's or a stop's name is answered with the names meant, in every command.
    @Test func aMistypedNameIsAnsweredWithTheClosestNames() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let show = try sandbox.run("show", "Alsp")
        #expect(show.isOneLineUserError, "\(show)")
        #expect(show.stderr == "roadtrip: No trip “Alsp”. Did you mean “Alps”?\n")
        let rename = try sandbox.run("rename", "cote d azru", "x")
        #expect(rename.stderr == "roadtrip: No trip “cote d azru”. Did you mean “Côte d’Azur”?\n", "\(rename)")
        let stop = try #require(CLITrips.riviera.waypoints.first?.name)
        let typo = String(stop.dropLast())
        let edit = try sandbox.run("edit-stop", "Côte d’Azur", typo, "--stay", "1h")
        #expect(edit.isOneLineUserError, "\(edit)")
        #expect(edit.stderr.contains("Did you mean “\(stop)” (stop 1)?"), "\(edit)")
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

    /// Importing the same file twice gives two trips of one name: only an id tells them apart.
    @Test func twoTripsOfTheSameNameNeedAnId() throws {
        var twin = CLITrips.alps
        twin.id = UUID(uuidString: "66666666-6666-4666-8666-666666666666")!
        let sandbox = try CLISandbox(trips: [CLITrips.alps, twin])
        let result = try sandbox.run("show", "Alps")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("2 trips are named “Alps”; use an id"))
        #expect(result.stderr.contains(CLITrips.alps.id.uuidString) && result.stderr.contains(twin.id.uuidString))
        #expect(try sandbox.run("show", twin.id.uuidString.lowercased()).status == 0)
    }

    @Test func showUsageErrors() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        #expect(try sandbox.run("show").isUsageError)
        #expect(try sandbox.run("show", "Alps", "--jsn").isUsageError)
    }
}
