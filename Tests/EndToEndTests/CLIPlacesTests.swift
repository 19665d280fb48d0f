import Foundation
import Testing
import TestSupport

/// `roadtrip places`: the offline place search from the command line, the real binary.
struct CLIPlacesTests {
    @Test func jsonListsTheBestMatchFirstWithTheDocumentedKeys() throws {
        let result = try RoadtripProcess.run(["places", "Portland,", "ME", "--json", "--limit", "3"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let places = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(Set(places[0].keys) == ["name", "region", "country", "countryCode", "latitude", "longitude", "population"])
        #expect(places[0]["name"] as? String == "Portland" && places[0]["region"] as? String == "Maine")
        #expect(places.count <= 3)
    }

    @Test func aTableForPeopleWithRegionsAndPopulations() throws {
        let result = try RoadtripProcess.run(["places", "tromso"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Tromsø"))
        #expect(result.stdout.contains("Norway"))
    }

    @Test func noMatchIsAnEmptyAnswerAndStatusZero() throws {
        let json = try RoadtripProcess.run(["places", "qqqqzzzzxxxx", "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let table = try RoadtripProcess.run(["places", "qqqqzzzzxxxx"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("no places match"))
    }

    @Test func badQueriesNeverCrashAndNeverEchoControls() throws {
        for query in ["", String(repeating: "a", count: 10_000), "Paris\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "\u{9B}31m"] {
            let result = try RoadtripProcess.run(["places", query, "--json"])
            #expect(result.status == 0, "\(query.prefix(20)): \(result)")
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
        let status = try Spawn.run("/bin/sh", ["-c", #""$0" places "$(printf '\377\376abc')" --json"#, RoadtripBinary.url.path],
                                   environment: ["LANG": "C.UTF-8", "HOME": dir.url.path], stdout: out.path, stderr: err.path)
        let data = try Data(contentsOf: out)
        #expect(status == 0)
        #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
