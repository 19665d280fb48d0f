import Foundation
import RoadtripCore
import Testing
@testable import Gazetteer

/// Keystrokes until the place a person means is the settled top result, over the typed targets in
/// Tests/Fixtures/places/typed-targets.tsv, against a naive prefix-match-by-population search over
/// the same names (every own and alternate name, largest place first).
///
/// `ROADTRIP_KEYSTROKE_REPORT=FILE` writes the figures and every miss there (Benchmarks/places/keystrokes.sh).
@Suite struct KeystrokeTests {
    /// One line of the targets file.
    struct Target {
        var query: String
        var name: String
        var countryCode: String
        var region: String?

        func isMeant(_ place: Place?) -> Bool {
            guard let place else { return false }
            return place.name == name && place.countryCode == countryCode && (region == nil || place.region == region)
        }
    }

    static let targets: [Target] = {
        let url = GazetteerFixture.dataDirectory.deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/places/typed-targets.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Target(query: f[0], name: f[1], countryCode: f[2], region: f.count > 3 && !f[3].isEmpty ? f[3] : nil)
        }
    }()

    /// Characters typed until every longer prefix keeps `target` on top; the query's length plus one
    /// (a key to choose it from the list) when even the whole query does not.
    static func keystrokes(_ target: Target, top: (String) -> Place?) -> (keys: Int, topAtFull: Bool) {
        let characters = Array(target.query)
        var settled = characters.count + 1
        for k in stride(from: characters.count, through: 1, by: -1) {
            guard target.isMeant(top(String(characters[..<k]))) else { break }
            settled = k
        }
        return (settled, settled <= characters.count)
    }

    /// The naive search: of every name (own or alternate) beginning with the typed text, the largest place.
    static func naiveTop(_ g: Gazetteer, _ query: String) -> Place? {
        let folded = g.fold.fold(Substring(query))
        guard !folded.isEmpty else { return nil }
        let range = folded.withUnsafeBufferPointer { g.whole.range(of: $0) }
        guard !range.isEmpty else { return nil }
        return g.place(at: Int(g.whole.row(g.whole.minPosition(range.lowerBound, range.upperBound))))
    }

    @Test func thePlaceMeantComesFirstInFewerKeystrokesThanTheNaiveSearch() throws {
        let g = try GazetteerFixture.gazetteer()
        // What the planner and the CLI search: the towns with the curated destinations.
        let search = CombinedPlaces(builtIn: g, folder: nil, destinationsDirectory: GazetteerFixture.dataDirectory)
        #expect(Self.targets.count >= 100)
        var ours = 0, naive = 0, oursTop = 0, naiveTop = 0
        var misses: [String] = []
        for target in Self.targets {
            let mine = Self.keystrokes(target) { search.search($0, limit: 1).first }
            let theirs = Self.keystrokes(target) { Self.naiveTop(g, $0) }
            ours += mine.keys
            naive += theirs.keys
            if mine.topAtFull {
                oursTop += 1
            } else {
                misses.append("\(target.query) → \(search.search(target.query, limit: 1).first?.label ?? "nothing")")
            }
            if theirs.topAtFull { naiveTop += 1 }
        }
        let n = Double(Self.targets.count)
        let ratio = Double(ours) / Double(naive)
        let report = String(
            format: """
                targets: %d
                mean keystrokes, roadtrip: %.2f
                mean keystrokes, naive prefix by population: %.2f
                ratio: %.3f
                top-1 at the full query, roadtrip: %.1f%%
                top-1 at the full query, naive: %.1f%%
                misses: %@
                """, Self.targets.count, Double(ours) / n, Double(naive) / n, ratio, 100 * Double(oursTop) / n,
            100 * Double(naiveTop) / n, misses.joined(separator: "; "))
        if let path = ProcessInfo.processInfo.environment["ROADTRIP_KEYSTROKE_REPORT"] {
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(ratio <= 0.85, "\(report)")
        // The misses left are towns whose fame neither their size nor a curated destination shows.
        #expect(Double(oursTop) / n >= 0.97, "\(report)")
    }

    @Test func theMeasureCountsSettledKeystrokes() {
        let target = Target(query: "Abc", name: "Abc", countryCode: "XX")
        let place = Place(
            name: "Abc", region: "", country: "", countryCode: "XX", coordinate: Coordinate(latitude: 0, longitude: 0),
            population: 1, timeZone: "")
        let other = Place(
            name: "Abd", region: "", country: "", countryCode: "XX", coordinate: Coordinate(latitude: 0, longitude: 0),
            population: 1, timeZone: "")
        // Right at "A", wrong at "Ab", right again at "Abc": settled only at the third key.
        #expect(Self.keystrokes(target) { $0 == "Ab" ? other : place } == (3, true))
        #expect(Self.keystrokes(target) { _ in place } == (1, true))
        #expect(Self.keystrokes(target) { _ in other } == (4, false))
    }
}
