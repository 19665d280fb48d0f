import Foundation
import RoadtripCore

/// The search rules: folded word prefixes of every name and alternate name, narrowed by
/// comma qualifiers, ranked exact before prefix before one-typo, then by population.
extension Gazetteer {
    /// Up to this many letters, a query names too many places exactly: size decides.
    static let shortQueryLetters = 3
    /// Typos are forgiven only from this many letters: shorter queries match too much.
    static let typoMinimumLetters = 5
    /// Coordinates get the region and country of the nearest place only when it is this close.
    static let nearbyRadiusKilometers = 100.0

    public func search(_ query: String, limit: Int) -> [Place] {
        guard limit > 0, let parsed = PlaceQuery(query) else { return [] }
        switch parsed {
        case let .coordinate(coordinate, text):
            return [coordinatePlace(coordinate, text: text)]
        case let .name(name, qualifiers):
            if qualifiers.isEmpty, let split = trailingQualifier(name) {
                // "Athens GA", "Perth Scotland": the last words may be a qualifier written without a
                // comma. Taken so when a place of the rest's own name is there; else the words are all name.
                // A qualifier only begun ("Athens G") counts while no place's own name begins with the
                // whole query: "Santa Mon" is Santa Monica being typed, not Santa in Montagnes.
                let qualified = ranked(split.name, [split.qualifier], limit: limit, wholeQualifiers: split.whole)
                if let top = qualified.first, fold.fold(Substring(top.name)) == fold.fold(Substring(split.name)) {
                    if split.whole { return qualified }
                    let plain = ranked(name, qualifiers, limit: limit)
                    return plain.contains { $0.matched == .name } ? plain : qualified
                }
            }
            return ranked(name, qualifiers, limit: limit)
        }
    }

    /// `wholeQualifiers`: a qualifier must be a region's or country's whole name or code, not its
    /// beginning (for words written without a comma: "Santa Mon" is not Santa in Montagnes, Mon
    /// being also a state of Myanmar).
    private func ranked(_ name: String, _ qualifiers: [String], limit: Int, wholeQualifiers: Bool = false) -> [Place] {
        // A few letters are an alternate name of many large places: look further for own names.
        let letters = name.unicodeScalars.filter { $0 != " " }.count
        let room = letters <= Self.shortQueryLetters ? Self.reorderingRoom * 6 : Self.reorderingRoom
        let rows = rankedRows(name, qualifiers: qualifiers, limit: limit + room, wholeQualifiers: wholeQualifiers)
        return Array(reordered(rows, for: name).prefix(limit))
    }

    /// The query's last word, or last two, when they name or begin the name of a region or country,
    /// the words before, and whether they are a whole name or code (Mon, a state of Myanmar, is
    /// whole; "G" only begins Georgia).
    private func trailingQualifier(_ name: String) -> (name: String, qualifier: String, whole: Bool)? {
        let words = name.split(separator: " ")
        guard words.count >= 2 else { return nil }
        for count in [2, 1] where words.count > count {
            let qualifier = words.suffix(count).joined(separator: " ")
            let folded = fold.fold(Substring(qualifier))
            let countries = GazetteerTables.strengths(of: folded, in: tables.countries)
            let regions = GazetteerTables.strengths(of: folded, in: tables.regions)
            let whole = countries.contains(2) || regions.contains(2)
            if whole || countries.contains(1) || regions.contains(1) {
                return (words.dropLast(count).joined(separator: " "), qualifier, whole)
            }
        }
        return nil
    }

    /// Candidates beyond the limit looked at when reordering, so a better kind of match just past
    /// the limit can still move up.
    static let reorderingRoom = 16

    /// How much worse than its own exact name each kind of match is, in powers of ten of population
    /// (`exact name > exact alternate name > word prefix > typo`, each weighted by how large the
    /// place is). The index does not say whether an entry is a place's own name or one of its many
    /// alternate names (some of them junk: a "Porto" among Bordeaux's), so the own name is compared here.
    enum MatchPenalty {
        static let ownExact = 0.0, alternateExact = 1.5, ownPrefix = 2.0, ownTypo = 3.0, other = 4.0
        /// Found only through a typo of an alternate name (a word of New York's “New Amsterdam” one
        /// letter from “Amsterdm”): the weakest match, so it never replaces a typo of a place's own name.
        static let alternateTypo = 6.0
        /// What a tenfold size is worth against a kind of match: Nara-shi (Japan, 367,000) begun
        /// outranks Nara (Mali, 23,600) exactly; Moab (Utah, 5,000) exactly outranks Moabit (Berlin) begun.
        static let sizeWeight = 1.5

        /// A place's score, lower first: its kind of match, less what its size is worth.
        ///
        /// - Parameters:
        ///   - ownNameIsTyped: its own name is exactly what was typed;
        ///   - matchedExactly: the name it was found by (its own or another) is exactly what was
        ///     typed, not only begun (the index's tier 0): Nara-shi, also called "Nara", for "nara".
        static func score(_ match: PlaceMatch, ownNameIsTyped: Bool, matchedExactly: Bool, size: Int) -> Double {
            let penalty: Double
            switch match {
            case .name: penalty = ownNameIsTyped ? ownExact : matchedExactly ? alternateExact : ownPrefix
            case .alias: penalty = matchedExactly ? alternateExact : other
            case .misspelling: penalty = ownTypo
            case .misspelledAlias: penalty = alternateTypo
            }
            return penalty - sizeWeight * log10(Double(max(size, 10)))
        }
    }

    /// `rows` from the index ordered as a person means a name: by kind of match weighted by the
    /// place's size, the qualifier's strength first. Up to `shortQueryLetters` the index's order
    /// (by size alone) stands: a few letters name too many places for the kind of match to mean much.
    /// Each row's place is read once, here, and handed back: the places are what the search returns.
    func reordered(_ ranked: [(row: UInt32, tier: Int, qualifier: Int)], for query: String) -> [Place] {
        let typed = fold.fold(Substring(query))
        let letters = typed.filter { $0 != UInt8(ascii: " ") }.count
        let entries = ranked.map { entry -> (entry: (row: UInt32, tier: Int, qualifier: Int), place: Place) in
            var place = place(at: Int(entry.row))
            place.matched = match(entry.tier, own: fold.fold(Substring(place.name)), typed: typed)
            place.typedExactly = entry.tier == 0
            return (entry, place)
        }
        guard letters > Self.shortQueryLetters else {
            // Size decides, among places whose own name begins so first ("Ho": Ho Chi Minh City,
            // Hong Kong, Houston…), then those found by an alternate name.
            return entries.map { item in
                (-item.entry.qualifier, item.place.matched == .name ? 0 : 1, Int(item.entry.row), item.place)
            }
            .sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            .map(\.3)
        }
        func score(_ tier: Int, _ place: Place) -> Double {
            MatchPenalty.score(
                place.matched, ownNameIsTyped: fold.fold(Substring(place.name)) == typed,
                matchedExactly: tier == 0, size: place.population)
        }
        // A typo never outranks a place whose name or other name is, or begins with, what was typed (`PlaceMatch.tier`).
        return entries.map {
            (-$0.entry.qualifier, $0.place.matched.tier, score($0.entry.tier, $0.place), $0.entry.row, $0.place)
        }
        .sorted { ($0.0, $0.1, $0.2, $0.3) < ($1.0, $1.1, $1.2, $1.3) }
        .map(\.4)
    }

    /// How a row matched, from its index tier (0 exact, 1 prefix, 2 one typo) and its own name.
    private func match(_ tier: Int, own: [UInt8], typed: [UInt8]) -> PlaceMatch {
        if own.starts(with: typed) { return .name }
        if tier == 2 { return TypedName.isOneEditApart(own, typed) ? .misspelling : .misspelledAlias }
        return .alias
    }

    /// The rows for a name query, best first by the index alone.
    func searchName(_ name: String, qualifiers: [String], limit: Int) -> [UInt32] {
        rankedRows(name, qualifiers: qualifiers, limit: limit).map(\.row)
    }

    /// The rows for a name query with how each matched, best first by the index alone.
    func rankedRows(
        _ name: String, qualifiers: [String], limit: Int, wholeQualifiers: Bool = false
    ) -> [(row: UInt32, tier: Int, qualifier: Int)] {
        let folded = fold.fold(Substring(name))
        guard !folded.isEmpty else { return [] }
        var filter: RowFilter?
        if !qualifiers.isEmpty {
            guard
                let f = RowFilter(
                    qualifiers: qualifiers.map { fold.fold(Substring($0)) }, gazetteer: self, wholeOnly: wholeQualifiers)
            else {
                return []
            }
            filter = f
        }
        return folded.withUnsafeBufferPointer { query in
            var ranking = Ranking(limit: limit, filter: filter, gazetteer: self)
            let wholeRange = whole.range(of: query)
            let exact = whole.exactPart(of: wholeRange, length: query.count)
            let prefixes = [(whole, exact.upperBound..<wholeRange.upperBound), (inner, inner.range(of: query))]
            let letters = String(decoding: folded, as: UTF8.self).unicodeScalars.filter { $0 != " " }.count
            if letters <= Self.shortQueryLetters {
                // A few letters name many places exactly (alternate names of two letters abound):
                // exact and prefix matches are one tier, so the largest places come first.
                ranking.add([(whole, exact)] + prefixes, tier: 0)
            } else {
                ranking.add([(whole, exact)], tier: 0)
                ranking.add(prefixes, tier: 1)
            }
            if letters >= Self.typoMinimumLetters && !ranking.isFull {
                let typos = [whole, inner].flatMap { list in
                    TypoVariants.ranges(of: query, in: list).map { (list: list, range: $0) }
                }
                ranking.add(typos, tier: 2)
            }
            return ranking.ranked
        }
    }

    /// Typed coordinates as a place: named by the numbers, with the time zone of the
    /// nearest known place, and its region and country when that place is near.
    func coordinatePlace(_ coordinate: Coordinate, text: String) -> Place {
        var place = Place(
            name: text, region: "", country: "", countryCode: "",
            coordinate: coordinate, population: 0, timeZone: "")
        if let near = nearest(to: coordinate) {
            place.timeZone = near.timeZone
            let meters = Geodesic.distance(coordinate, near.coordinate)
            if meters <= Self.nearbyRadiusKilometers * 1000 {
                place.region = near.region
                place.country = near.country
                place.countryCode = near.countryCode
            }
        }
        return place
    }
}
