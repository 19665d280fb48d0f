import Testing
import RoadtripCore
@testable import Gazetteer

@Suite("Gazetteer search")
struct SearchTests {
    @Test(
        "case, accents and punctuation fold away",
        arguments: [
            ("zurich", "Zürich"), ("ZÜRICH", "Zürich"), ("tromso", "Tromsø"), ("TROMSØ", "Tromsø"),
            ("st louis", "St. Louis"), ("St. Louis", "St. Louis"), ("saint-etienne", "Saint-Étienne"),
            ("sao paulo", "São Paulo"), ("koln", "Köln"),
            ("Zu\u{308}rich", "Zürich"),  // decomposed, as macOS keyboards may send it
            ("ＴＯＫＹＯ", "Tokyo")  // full-width letters
        ])
    func folding(query: String, name: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(query, limit: 1).first?.name == name)
    }

    @Test func prefixesOfTheNameAndOfLaterWords() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search("sacram", limit: 1).first?.name == "Sacramento")
        #expect(g.search("albuq", limit: 1).first?.name == "Albuquerque")
        // A later word of the name: "vegas" finds Las Vegas.
        #expect(g.labels("vegas").contains("Las Vegas, Nevada, United States"))
        #expect(g.labels("san francisco").first == "San Francisco, California, United States")
        // "San Francisco de Quito" is bigger and also starts so: both are offered.
        #expect(g.labels("san fran", limit: 3).contains("San Francisco, California, United States"))
    }

    @Test(
        "alternate names in any script",
        arguments: [
            ("東京", "Tokyo"), ("Москва", "Moscow"), ("москва", "Moscow"), ("서울", "Seoul"), ("Αθήνα", "Athens"),
            ("Munich", "Munich"), ("München", "Munich"),
            ("Cologne", "Köln"), ("Köln", "Köln"), ("Vienna", "Vienna"), ("Wien", "Vienna"),
            ("Seville", "Sevilla"), ("Sevilla", "Sevilla")
        ])
    func alternates(query: String, name: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(query, limit: 1).first?.name == name)
    }

    /// A place's own name beats another's alternate name; short queries go to the largest places;
    /// a typo of a place's own name beats an alternate name that happens to be spelt that way.
    @Test(
        "ranked as a person means it",
        arguments: [
            ("Porto", "Porto", "Portugal"), ("Venice", "Venice", "Italy"), ("Johannes", "Johannesburg", "South Africa"),
            ("Shang", "Shanghai", "China"), ("Moab", "Moab", "United States"), ("Pheonix", "Phoenix", "United States"),
            ("Sevilla", "Sevilla", "Spain"), ("Lon", "London", "United Kingdom"), ("Paris, TX", "Paris", "United States"),
            ("Athens GA", "Athens", "United States"), ("Jackson WY", "Jackson", "United States"),
            ("Perth Scotland", "Perth", "United Kingdom"), ("Córdoba AR", "Córdoba", "Argentina"),
            ("München", "Munich", "Germany"), ("Seville", "Sevilla", "Spain"), ("nara", "Nara-shi", "Japan"),
            ("Hallstatt", "Hallstatt", "Austria"), ("Cologne", "Köln", "Germany"), ("Wien", "Vienna", "Austria"),
            // A last word that only begins a region's name is still the place's name being typed (Mon
            // is a state of Myanmar and the beginning of Montagnes, Ivory Coast, where a town is Santa).
            ("Santa Mon", "Santa Monica", "United States"), ("San Fr", "San Francisco", "United States")
        ])
    func rankedAsAPersonMeansIt(query: String, name: String, country: String) throws {
        let top = try #require(try GazetteerFixture.gazetteer().search(query, limit: 5).first)
        #expect(top.name == name && top.country == country, "\(query) → \(top.label)")
    }

    @Test func largerPlacesRankFirstAmongEqualNames() throws {
        let g = try GazetteerFixture.gazetteer()
        let labels = g.labels("Portland")
        let oregon = try #require(labels.firstIndex(of: "Portland, Oregon, United States"))
        let maine = try #require(labels.firstIndex(of: "Portland, Maine, United States"))
        #expect(oregon == 0)
        #expect(oregon < maine)
    }

    @Test func exactNamesRankBeforePrefixes() throws {
        let g = try GazetteerFixture.gazetteer()
        // "Paris" exactly, though prefixes like "Parisian…" or bigger "Pari…" places exist.
        let names = g.search("paris", limit: 5).map(\.name)
        #expect(names.first == "Paris")
        // York (UK) is exact; New York City is bigger but matches only a later word.
        let york = g.labels("york", limit: 20)
        #expect(york.first?.hasPrefix("York,") == true)
        #expect(york.contains { $0.hasPrefix("New York") })
    }

    @Test(
        "comma qualifiers narrow by region or country",
        arguments: [
            ("Portland, ME", "Portland, Maine, United States"),
            ("Portland, Maine", "Portland, Maine, United States"),
            ("portland, or", "Portland, Oregon, United States"),
            ("Halifax, Nova Scotia", "Halifax, Nova Scotia, Canada"),
            ("Halifax, NS", "Halifax, Nova Scotia, Canada"),
            ("Paris, TX", "Paris, Texas, United States"),
            ("Paris, Texas", "Paris, Texas, United States"),
            ("Springfield, IL, US", "Springfield, Illinois, United States"),
            ("Springfield, Illinois, USA", "Springfield, Illinois, United States")
        ])
    func qualifiers(query: String, label: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.top(query) == label)
    }

    @Test func countryQualifiersByCodeAndName() throws {
        let g = try GazetteerFixture.gazetteer()
        for query in ["Queenstown, NZ", "Queenstown, New Zealand", "queenstown, new z", "Queenstown, NZL"] {
            let top = try #require(g.search(query, limit: 1).first, "\(query)")
            #expect(top.name == "Queenstown" && top.countryCode == "NZ", "\(query)")
        }
        // Without the qualifier a bigger Queenstown may come first; with it, only New Zealand.
        #expect(g.search("Queenstown, NZ", limit: 10).allSatisfy { $0.countryCode == "NZ" })
    }

    @Test func aQualifierThatNamesNothingFindsNothing() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search("Portland, Atlantis", limit: 5).isEmpty)
        #expect(g.search("Portland, ", limit: 1).first?.name == "Portland")  // still typing
    }

    @Test(
        "one typo is forgiven from five letters",
        arguments: [
            ("Albuqerque", "Albuquerque"),  // deletion
            ("Sacramneto", "Sacramento"),  // transposition
            ("Sacramentto", "Sacramento"),  // insertion
            ("Sacrakento", "Sacramento"),  // substitution
            ("Pittsbrugh", "Pittsburgh"),
            ("Mosvow", "Moscow")
        ])
    func typos(query: String, name: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(query, limit: 1).first?.name == name)
    }

    @Test func shortQueriesAndTwoTyposAreNotGuessed() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search("Pqris", limit: 3).map(\.name).contains("Paris"))  // 5 letters: forgiven
        #expect(g.search("Sacrmnto", limit: 10).allSatisfy { $0.name != "Sacramento" })  // two typos
        #expect(g.search("Osol", limit: 10).allSatisfy { $0.name != "Oslo" })  // 4 letters: not forgiven
        #expect(g.search("Oslp", limit: 10).allSatisfy { $0.name != "Oslo" })
        #expect(g.search("Lndon", limit: 10).map(\.name).contains("London"))  // 5 letters: forgiven
    }

    @Test func exactAndPrefixMatchesOutrankTypos() throws {
        let g = try GazetteerFixture.gazetteer()
        // "Bergen" exists: it must not be pushed down by one-typo matches like "Bergeb…".
        #expect(g.search("bergen", limit: 1).first?.name == "Bergen")
    }

    /// Each row knows how it was found, so it can say why when its name does not show what was typed.
    @Test func eachMatchSaysHowItWasFound() throws {
        let g = try GazetteerFixture.gazetteer()
        let seville = try #require(g.search("Seville", limit: 1).first)
        #expect(seville.name == "Sevilla" && seville.matched == .alias)
        #expect(seville.matched.reason(typed: "Seville") == "alias “Seville”")
        let phoenix = try #require(g.search("Pheonix", limit: 1).first)
        #expect(phoenix.name == "Phoenix" && phoenix.matched == .misspelling)
        #expect(g.search("Athens GA", limit: 1).first?.matched == .name)
        #expect(g.search("Salz", limit: 1).first?.matched == .name)
        // A typo of another place's alternate name never outranks a typo of a place's own name.
        #expect(g.search("Amsterdm", limit: 1).first?.name == "Amsterdam")
        #expect(g.search("Big Sur", limit: 1).first?.name == "Big Sur")
    }

    @Test(
        "coordinates become one place",
        arguments: [
            ("48.8584, 2.2945", 48.8584, 2.2945), ("48.8584 2.2945", 48.8584, 2.2945),
            ("-33.86,151.21", -33.86, 151.21), ("  -33.86 , 151.21  ", -33.86, 151.21)
        ])
    func coordinates(query: String, latitude: Double, longitude: Double) throws {
        let g = try GazetteerFixture.gazetteer()
        let results = g.search(query, limit: 8)
        #expect(results.count == 1)
        let place = try #require(results.first)
        #expect(place.coordinate == Coordinate(latitude: latitude, longitude: longitude))
        #expect(place.population == 0)
        #expect(!place.timeZone.isEmpty)
    }

    @Test func coordinatesNearAPlaceTakeItsRegionAndTimeZone() throws {
        let g = try GazetteerFixture.gazetteer()
        let eiffel = try #require(g.search("48.8584, 2.2945", limit: 1).first)
        #expect(eiffel.name == "48.8584, 2.2945")
        #expect(eiffel.countryCode == "FR" && eiffel.timeZone == "Europe/Paris")
        let sydney = try #require(g.search("-33.86,151.21", limit: 1).first)
        #expect(sydney.timeZone == "Australia/Sydney" && sydney.region == "New South Wales")
        // Mid-Pacific: a time zone from the nearest island, but no country claimed.
        let ocean = try #require(g.search("0.0, -140.0", limit: 1).first)
        #expect(ocean.country.isEmpty && !ocean.timeZone.isEmpty)
    }

    @Test("out-of-range numbers are not coordinates", arguments: ["91, 10", "45, 181", "1.2.3, 4"])
    func notCoordinates(query: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(query, limit: 5).allSatisfy { $0.population > 0 || $0.name != query })
    }

    @Test(
        "bad input gives no result and no crash",
        arguments: [
            "", "   ", ",", ", ME",
            "Par\u{1B}[31mis", "\u{1B}]0;pwned\u{07}", "Paris\u{0}", "Pa\u{9B}ris", "\u{FFFD}\u{FFFD}",
            "!!!", "...", "''", "🚗🚗"
        ])
    func badInput(query: String) throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(query, limit: 8).isEmpty)
    }

    @Test func hugeQueriesAreRefused() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search(String(repeating: "a", count: 10_000), limit: 8).isEmpty)
        #expect(g.search(String(repeating: "é", count: 5_000), limit: 8).isEmpty)
        #expect(g.search("Paris, " + String(repeating: "x", count: 10_000), limit: 8).isEmpty)
    }

    @Test func invalidUTF8DecodesToNothing() throws {
        let g = try GazetteerFixture.gazetteer()
        let text = String(decoding: [0x50, 0x61, 0xFF, 0xFE, 0x72], as: UTF8.self)
        #expect(g.search(text, limit: 8).isEmpty)
    }

    @Test func limitsAreHonoured() throws {
        let g = try GazetteerFixture.gazetteer()
        #expect(g.search("s", limit: 8).count == 8)
        #expect(g.search("s", limit: 0).isEmpty)
        #expect(g.search("s", limit: -1).isEmpty)
        #expect(g.search("san", limit: 500).count == 500)
        // Largest first among one-letter prefixes.
        let pops = g.search("s", limit: 8).map(\.population)
        #expect(pops == pops.sorted(by: >))
        #expect(g.search("s", limit: 1).first?.name == "Shanghai")
    }

    @Test func resultsAreDistinct() throws {
        let g = try GazetteerFixture.gazetteer()
        // Shanghai has dozens of alternates starting with "sh": it appears once.
        let results = g.search("sh", limit: 20)
        #expect(Set(results).count == results.count)
    }
}
