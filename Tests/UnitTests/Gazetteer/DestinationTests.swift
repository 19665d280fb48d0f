import Foundation
import Gazetteer
import RoadtripCore
import Testing

/// The curated destinations (Data/destinations.tsv) searched with the towns, as the planner and CLI do.
@Suite struct DestinationTests {
    static let search: CombinedPlaces = {
        let g = try! GazetteerFixture.gazetteer()
        return CombinedPlaces(builtIn: g, folder: nil, destinationsDirectory: GazetteerFixture.dataDirectory)
    }()

    private func top(_ query: String) -> Place? { Self.search.search(query, limit: 1).first }

    @Test func theTableHoldsAThousandPlacesOfTheFixedKindsOnEveryContinent() throws {
        let places = try Destinations.load(from: GazetteerFixture.dataDirectory)
        #expect(places.count >= 1_000)
        #expect(places.allSatisfy { Destinations.kinds.contains($0.kind) && !$0.timeZone.isEmpty && !$0.country.isEmpty })
        // Every kind of road-trip place, not only sights.
        for kind in ["park", "landmark", "pass", "waterfall", "peak", "road", "lake", "sight"] {
            #expect(places.filter { $0.kind == kind }.count >= 30, "\(kind)")
        }
        // Far apart: something on every inhabited continent, by a country of each.
        for code in ["US", "BR", "FR", "ZA", "JP", "AU", "NZ", "CL", "IS"] {
            #expect(places.contains { $0.countryCode == code }, "\(code)")
        }
    }

    @Test func whatRoadTripsAreMadeOfIsFoundByItsNameAndItsShortOrLocalName() {
        let expected: [(String, String, String)] = [
            ("Crater Lake", "Crater Lake National Park", "US"), ("Uluru", "Uluru", "AU"), ("Ayers Rock", "Uluru", "AU"),
            ("Grand Canyon", "Grand Canyon National Park", "US"), ("Plitvice", "Plitvice Lakes National Park", "HR"),
            ("Milford Sound", "Milford Sound", "NZ"), ("Piopiotahi", "Milford Sound", "NZ"),
            ("Geirangerfjord", "Geirangerfjord", "NO"), ("Stelvio Pass", "Stelvio Pass", "IT"),
            ("Passo dello Stelvio", "Stelvio Pass", "IT"), ("Going-to-the-Sun Road", "Going-to-the-Sun Road", "US"),
            ("Neuschwanstein", "Neuschwanstein Castle", "DE"), ("Mont-Saint-Michel", "Mont-Saint-Michel", "FR"),
            ("Torres del Paine", "Torres del Paine National Park", "CL")
        ]
        for (query, name, country) in expected {
            let found = top(query)
            #expect(found?.name == name && found?.countryCode == country, "\(query) → \(found?.label ?? "nothing")")
        }
    }

    @Test func aParkAndATownOfItsNameRankBySize() {
        // The park, then the village of 1,460 at the South Rim; the town of Banff, then its park.
        let found = Self.search.search("Grand Canyon", limit: 2)
        #expect(found.map(\.name) == ["Grand Canyon National Park", "Grand Canyon"], "\(found.map(\.label))")
        #expect(Self.search.search("Banff", limit: 2).map(\.name) == ["Banff", "Banff National Park"])
        // A village known for itself is one row, its own: Hallstatt once, not again as a sight.
        #expect(Self.search.search("Hallstatt", limit: 5).filter { $0.name == "Hallstatt" }.count == 1)
    }

    @Test func aDestinationNeverBecomesATypoOfAnotherPlace() {
        // Crater Lake must not become Carter Lake (Iowa), nor Uluru Ürümqi or Eluru.
        let crater = Self.search.search("Crater Lake", limit: 5)
        #expect(crater.first?.name == "Crater Lake National Park")
        #expect(crater.first?.matched.isTypo == false && crater.first?.typedExactly == true)
        #expect(crater.firstIndex { $0.name == "Carter Lake" }.map { $0 > 0 } ?? true)
        let uluru = Self.search.search("Uluru", limit: 5)
        #expect(uluru.prefix(2).allSatisfy { $0.countryCode == "AU" }, "\(uluru.map(\.label))")
    }

    @Test func aRowSaysItsKindRegionAndElevation() throws {
        let pass = try #require(top("Stelvio Pass"))
        #expect(pass.kind == "pass" && pass.elevation == 2757 && pass.size == "2,757 m")
        #expect(pass.region == "Lombardy" && pass.country == "Italy" && pass.timeZone == "Europe/Rome")
        #expect(top("Crater Lake, Oregon")?.name == "Crater Lake National Park")
        #expect(top("Crater Lake, Texas")?.name != "Crater Lake National Park")
    }

    @Test func aTownKeepsItsNameAndAGatewayTownRanksAsWherePeopleStay() {
        // "Banff" typed is the town; the park is found by its own name, begun.
        #expect(top("Banff")?.kind == "town")
        #expect(Self.search.search("Banff", limit: 3).contains { $0.name == "Banff National Park" })
        // Moab (Utah, 5,000), nearest town to Arches, above Moabit (Berlin, 70,000) begun.
        #expect(top("Moab")?.region == "Utah")
        #expect(top("Bruges")?.countryCode == "BE")
    }

    @Test func aTypoOfAnotherNameIsOfferedOnlyWhenNothingBetterMatches() {
        // "Going-" begins Going-to-the-Sun Road: Beijing and Nanjing, one letter from other names of
        // theirs, are not offered beside it; nor New York ("New Amsterdam") beside Amsterdam misspelt.
        #expect(!Self.search.search("Going-", limit: 8).contains { $0.matched == .misspelledAlias })
        #expect(!Self.search.search("Amsterdm", limit: 8).contains { $0.name == "New York City" })
        // With nothing better, the guess is offered: Copenhagen for "Kobenhavm".
        #expect(
            Self.search.search("Kobenhavm", limit: 3).first.map { ($0.name, $0.matched) } ?? ("", .name) == (
                "Copenhagen", .misspelledAlias
            ))
    }
}
