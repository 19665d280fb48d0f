import Foundation
import Testing
import RoadtripCore
import TermUI
@testable import Gazetteer

/// A searcher that returns fixed places, to check formatting without the gazetteer.
private struct FixedSearcher: PlaceSearching {
    let places: [Place]
    func search(_ query: String, limit: Int) -> [Place] { Array(places.prefix(limit)) }
}

@Suite("roadtrip places output")
struct PlacesCommandTests {
    private func run(_ query: String, limit: Int = 10, json: Bool, searcher: any PlaceSearching) -> PlacesCommandOutput {
        placesCommandOutput(
            query: query, limit: limit, json: json, searcher: searcher,
            sanitize: { TerminalText.sanitize($0) }, columns: { TextWidth.of($0) })
    }

    @Test func jsonListsTheBestMatchFirstWithTheDocumentedKeys() throws {
        let g = try GazetteerFixture.gazetteer()
        let out = run("Portland", limit: 3, json: true, searcher: g)
        #expect(out.exitCode == 0 && out.stderr.isEmpty)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let first = try #require(array.first)
        #expect(Set(first.keys) == ["name", "region", "country", "countryCode", "kind", "latitude", "longitude", "population"])
        #expect(first["name"] as? String == "Portland" && first["region"] as? String == "Oregon")
        #expect(first["countryCode"] as? String == "US" && first["population"] as? Int == 652_503)
        #expect(first["latitude"] as? Double == 45.52345)
    }

    @Test func noMatchIsAnEmptyArrayOrNothingAndSaidOnStandardError() throws {
        let g = try GazetteerFixture.gazetteer()
        for query in ["Xqzwvjk", "", "\u{1B}[2J", String(repeating: "x", count: 10_000)] {
            let json = run(query, json: true, searcher: g)
            #expect(json.stdout == "[]\n" && json.exitCode == 1)
            let people = run(query, json: false, searcher: g)
            #expect(people.stdout.isEmpty && people.exitCode == 1)
            #expect(people.stderr.hasPrefix("roadtrip: no place matches “"))
        }
    }

    @Test func theTableAlignsWideNamesAndShowsNoControlCharacters() {
        let places = [
            Place(
                name: "東京", region: "Tokyo", country: "Japan", countryCode: "JP",
                coordinate: Coordinate(latitude: 35.6895, longitude: 139.69171), population: 9_733_276,
                timeZone: "Asia/Tokyo"),
            Place(
                name: "Evil\u{1B}]0;x\u{07}", region: "R", country: "C", countryCode: "XX",
                coordinate: Coordinate(latitude: -1, longitude: 2), population: 0, timeZone: "")
        ]
        let out = run("x", json: false, searcher: FixedSearcher(places: places))
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(!out.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(lines[1].hasPrefix("東京  "))
        #expect(lines[2].contains("Evil^[]0;x^G"))
        // The Region column starts at the same terminal column on every line.
        let starts = lines.map { line -> Int in
            let regionStart = line.range(of: ["Region", "Tokyo", "R "].first { line.contains($0) }!)!.lowerBound
            return TextWidth.of(String(line[..<regionStart]))
        }
        #expect(Set(starts).count == 1)
        #expect(lines[1].contains("9,733,276"))
    }

    @Test func aLimitBelowOneIsAUsageError() {
        let out = run("Paris", limit: 0, json: false, searcher: FixedSearcher(places: []))
        #expect(out.exitCode == PlacesExitCode.usage)
        #expect(out.stderr.contains("--limit") && out.stdout.isEmpty)
    }

    @Test func theDataFolderIsFoundFromTheEnvironmentOrAboveTheExecutable() throws {
        let data = GazetteerFixture.dataDirectory
        #expect(try Gazetteer.defaultDirectory().standardizedFileURL.path == data.standardizedFileURL.path)
        #expect(throws: GazetteerError.self) {
            try Gazetteer.defaultDirectory(location: ResourceLocator.Location(directory: nil, searched: ["/nowhere"]))
        }
        // A data folder without the gazetteer's files says which folder.
        let empty = FileManager.default.temporaryDirectory
        do {
            _ = try Gazetteer.defaultDirectory(location: ResourceLocator.Location(directory: empty, searched: [empty.path]))
            Issue.record("an empty folder was taken")
        } catch {
            #expect("\(error)".contains(empty.path))
        }
    }
}
