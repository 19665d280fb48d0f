import RoadtripCore

/// The search rules: folded word prefixes of every name and alternate name, narrowed by
/// comma qualifiers, ranked exact before prefix before one-typo, then by population.
extension Gazetteer {
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
            return searchName(name, qualifiers: qualifiers, limit: limit).map { place(at: Int($0)) }
        }
    }

    /// The rows for a name query, best first.
    func searchName(_ name: String, qualifiers: [String], limit: Int) -> [UInt32] {
        let folded = fold.fold(Substring(name))
        guard !folded.isEmpty else { return [] }
        var filter: RowFilter?
        if !qualifiers.isEmpty {
            guard let f = RowFilter(qualifiers: qualifiers.map { fold.fold(Substring($0)) }, gazetteer: self) else {
                return []
            }
            filter = f
        }
        return folded.withUnsafeBufferPointer { query in
            var ranking = Ranking(limit: limit, filter: filter, gazetteer: self)
            let wholeRange = whole.range(of: query)
            let exact = whole.exactPart(of: wholeRange, length: query.count)
            ranking.add([(whole, exact)], tier: 0)
            ranking.add([(whole, exact.upperBound..<wholeRange.upperBound),
                         (inner, inner.range(of: query))], tier: 1)
            let letters = String(decoding: folded, as: UTF8.self).unicodeScalars.filter { $0 != " " }.count
            if letters >= Self.typoMinimumLetters && !ranking.isFull {
                let typos = [whole, inner].flatMap { list in
                    TypoVariants.ranges(of: query, in: list).map { (list: list, range: $0) }
                }
                ranking.add(typos, tier: 2)
            }
            return ranking.rows
        }
    }

    /// Typed coordinates as a place: named by the numbers, with the time zone of the
    /// nearest known place, and its region and country when that place is near.
    func coordinatePlace(_ coordinate: Coordinate, text: String) -> Place {
        var place = Place(name: text, region: "", country: "", countryCode: "",
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
