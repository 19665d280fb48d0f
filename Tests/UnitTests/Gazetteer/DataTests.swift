import Foundation
import Testing
import RoadtripCore
@testable import Gazetteer

@Suite("Gazetteer data")
struct DataTests {
    @Test func holdsTheWholeCities500Set() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.count > 230_000)
        // Villages of a few hundred people are found, not only towns.
        let village = try #require(g.search("Hallstatt", limit: 1).first)
        #expect(village.country == "Austria" && village.population < 1000)
    }

    @Test func theFilesStayWithinTheirBudget() throws {
        let sizes = try Gazetteer.fileNames.map { name in
            try FileManager.default.attributesOfItem(
                atPath: GazetteerFixture.dataDirectory.appendingPathComponent(name).path)[.size] as? Int ?? 0
        }
        // Data within 35 MB keeps the whole repository within its 40 MB (docs/places.md).
        #expect(sizes.reduce(0, +) <= 33_000_000, "\(zip(Gazetteer.fileNames, sizes).map { "\($0) \($1)" })")
    }

    @Test func placesCarryRegionCountryPopulationAndTimeZone() throws {
        let g = try GazetteerFixture.gazetteer()
        let portland = try #require(g.search("Portland, Oregon", limit: 1).first)
        #expect(portland.region == "Oregon")
        #expect(portland.country == "United States" && portland.countryCode == "US")
        #expect(portland.population > 500_000)
        #expect(portland.timeZone == "America/Los_Angeles")
        #expect(abs(portland.coordinate.latitude - 45.52345) < 1e-9)
        #expect(abs(portland.coordinate.longitude - -122.67621) < 1e-9)
    }

    @Test func nearestFindsTheClosestPlace() throws {
        let g = try GazetteerFixture.gazetteer()
        let place = try #require(g.nearest(to: Coordinate(latitude: 45.52, longitude: -122.68)))
        #expect(place.name == "Portland" && place.timeZone == "America/Los_Angeles")
        // Across the antimeridian: Fiji's Taveuni (179.9°E) is near 179.99°W.
        let fiji = try #require(g.nearest(to: Coordinate(latitude: -16.8, longitude: -179.99)))
        #expect(fiji.countryCode == "FJ")
        #expect(g.nearest(to: Coordinate(latitude: 95, longitude: 0)) == nil)
        #expect(g.nearest(to: Coordinate(latitude: .nan, longitude: 0)) == nil)
    }

    @Test func noShownFieldHoldsControlCharacters() throws {
        let g = try GazetteerFixture.gazetteer()
        for row in stride(from: 0, to: g.count, by: 97) {
            let p = g.place(at: row)
            for text in [p.name, p.region, p.country, p.countryCode, p.timeZone] {
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
    }

    @Test func aMissingFolderIsAClearError() {
        let missing = URL(fileURLWithPath: "/nonexistent/roadtrip-gazetteer")
        #expect(throws: GazetteerError.self) { try Gazetteer.load(from: missing) }
        do {
            _ = try Gazetteer.load(from: missing)
        } catch {
            #expect("\(error)".contains("/nonexistent/roadtrip-gazetteer/gazetteer-"))
        }
    }

    @Test func aDamagedIndexIsRefused() throws {
        try GazetteerFixture.withCopyOfData { dir in
            let index = dir.appendingPathComponent("gazetteer-index.bin")
            let bytes = try Data(contentsOf: index)
            try bytes.prefix(bytes.count - 10).write(to: index)
            #expect(throws: GazetteerError.self) { try Gazetteer.load(from: dir) }
        }
    }

    /// The index is built by Python; the query folding runs in Swift. Both must agree:
    /// every place's own name, folded here, must find that place.
    @Test func swiftFoldingAgreesWithTheBuiltIndex() throws {
        let g = try GazetteerFixture.gazetteer()
        var misses: [String] = []
        for row in stride(from: 0, to: g.count, by: 211) {
            let place = g.place(at: row)
            let rows = g.searchName(place.name, qualifiers: [], limit: 5_000)
            if !rows.contains(UInt32(row)) { misses.append(place.name) }
        }
        #expect(misses.isEmpty, "names that do not find their own place: \(misses.prefix(10))")
    }
}
