import Foundation
import Testing
import TestSupport

/// `roadtrip places`: the offline place search from the command line, the real binary.
struct CLIPlacesTests {
    @Test func jsonListsTheBestMatchFirstWithTheDocumentedKeys() throws {
        let result = try RoadtripProcess.run(["places", "Portland,", "ME", "--json", "--limit", "3"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let places = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(
            Set(places[0].keys) == ["name", "region", "country", "countryCode", "kind", "latitude", "longitude", "population"])
        #expect(places[0]["name"] as? String == "Portland" && places[0]["region"] as? String == "Maine")
        #expect(places.count <= 3)
    }

    @Test func aTableForPeopleWithRegionsAndPopulations() throws {
        let result = try RoadtripProcess.run(["places", "tromso"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Tromsø"))
        #expect(result.stdout.contains("Norway"))
    }

    @Test func noMatchIsSaidOnStandardErrorWithStatusOne() throws {
        let json = try RoadtripProcess.run(["places", "qqqqzzzzxxxx", "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let table = try RoadtripProcess.run(["places", "qqqqzzzzxxxx"])
        #expect(table.status == 1)
        #expect(table.stdout.isEmpty)
        #expect(table.stderr == "roadtrip: no place matches “qqqqzzzzxxxx”\n")
    }

    @Test func addStopAndRouteNeverTakeAWeakOrAmbiguousPlaceSilently() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let typo = try sandbox.run("add-stop", "Alps", "Cartr Lake")
        #expect(typo.status == 1)
        #expect(
            typo.stderr.hasPrefix("roadtrip: No place is named “Cartr Lake”; the nearest matches:\n  Carter Lake, Iowa"),
            "\(typo)")
        let ambiguous = try sandbox.run("add-stop", "Alps", "Springfield")
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr.contains("could be several places") && ambiguous.stderr.contains("Springfield, Illinois"),
            "\(ambiguous)")
        #expect(sandbox.dataBytes() == before)
        // Two names neither of which is clear alone: nothing to anchor the other.
        let route = try sandbox.run("route", "Springfield", "Zion")
        #expect(route.status == 1 && route.stdout.isEmpty, "\(route)")
        // Beside Joliet, Springfield is the one in Illinois.
        let anchored = try sandbox.run("route", "Springfield", "Joliet")
        #expect(anchored.status == 0 && anchored.stdout.contains("Springfield"), "\(anchored)")
        // Strong and unambiguous names, and qualified ones, are taken; --first takes the best anyway.
        #expect(try sandbox.run("add-stop", "Alps", "Springfield, IL").status == 0)
        #expect(try sandbox.run("add-stop", "Alps", "Joliet").status == 0)
        #expect(try sandbox.run("add-stop", "Alps", "Cartr Lake", "--first").status == 0)
        let stops = try #require(try sandbox.trips().first { $0.name == "Alps" }).waypoints.suffix(3)
        #expect(stops.map(\.name) == ["Springfield", "Joliet", "Carter Lake"])
        #expect(stops.first?.region == "Illinois")
    }

    @Test func badQueriesNeverCrashAndNeverEchoControls() throws {
        for query in ["", String(repeating: "a", count: 10_000), "Paris\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "\u{9B}31m"] {
            let result = try RoadtripProcess.run(["places", query, "--json"])
            // No match is status 1, said on standard error; a crash would be a signal's status.
            #expect([0, 1].contains(result.status), "\(query.prefix(20)): \(result)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"))
            #expect(!result.stdout.contains("\u{9B}") && !result.stderr.contains("\u{9B}"))
        }
        let usage = try RoadtripProcess.run(["places", "Paris", "--limit", "0"])
        #expect(usage.status == 64)
    }

    @Test func invalidUTF8OnTheCommandLineIsNoCrash() throws {
        // Arguments are Swift strings here, so the bytes go through a shell.
        let dir = try TemporaryDirectory()
        let out = dir.file("out"), err = dir.file("err")
        let status = try Spawn.run(
            "/bin/sh", ["-c", #""$0" places "$(printf '\377\376abc')" --json"#, RoadtripBinary.url.path],
            environment: ["LANG": "C.UTF-8", "HOME": dir.url.path], stdout: out.path, stderr: err.path)
        let data = try Data(contentsOf: out)
        #expect(status == 1, "no place matches those bytes")
        #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
