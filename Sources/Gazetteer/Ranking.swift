/// Collects matching rows tier by tier and keeps the best `limit`: a stronger qualifier
/// match first, then exact before prefix before one-typo, then the larger place (the
/// smaller row).
struct Ranking {
    let limit: Int
    let filter: RowFilter?
    let countries: MappedArray<UInt16>, regions: MappedArray<UInt16>
    /// Row → its best key (qualifier rank, tier, row) packed so that smaller is better.
    private var best: [UInt32: UInt64] = [:]
    /// Keys at or above this cannot enter the best `limit` any more.
    private var threshold = UInt64.max

    init(limit: Int, filter: RowFilter?, gazetteer: Gazetteer) {
        self.limit = limit
        self.filter = filter
        countries = gazetteer.countryIndex
        regions = gazetteer.regionIndex
    }

    /// Whether `limit` rows are already found, so a later (worse) tier cannot add any.
    var isFull: Bool { best.count >= limit }

    private static func key(qualifier: UInt8, tier: Int, row: UInt32) -> UInt64 {
        UInt64(2 - qualifier) << 40 | UInt64(tier) << 32 | UInt64(row)
    }

    /// Adds the keys in `ranges` as matches of `tier`. Tiers must come best first.
    mutating func add(_ ranges: [(list: KeyList, range: Range<Int>)], tier: Int) {
        if let filter {
            // A qualifier may reject most of a huge range: scanning beats repeated extraction.
            for (list, range) in ranges {
                for i in range {
                    let row = list.row(i)
                    let strength = filter.strength(country: countries[Int(row)], region: regions[Int(row)])
                    if strength > 0 { offer(Self.key(qualifier: strength, tier: tier, row: row), row) }
                }
            }
            return
        }
        // Every row already found came from a better tier: only the places left are open.
        var open = limit - best.count
        // Smallest rows first across all ranges: each candidate is the minimum of a sub-range.
        var candidates: [(row: UInt32, pos: Int, lo: Int, hi: Int, list: Int)] = []
        func push(_ list: Int, _ lo: Int, _ hi: Int) {
            guard lo < hi else { return }
            let pos = ranges[list].list.minPosition(lo, hi)
            candidates.append((ranges[list].list.row(pos), pos, lo, hi, list))
        }
        for (i, r) in ranges.enumerated() { push(i, r.range.lowerBound, r.range.upperBound) }
        while open > 0, !candidates.isEmpty {
            var smallest = 0
            for i in 1..<candidates.count where candidates[i].row < candidates[smallest].row { smallest = i }
            candidates.swapAt(smallest, candidates.count - 1)
            let c = candidates.removeLast()
            if best[c.row] == nil {
                best[c.row] = Self.key(qualifier: 2, tier: tier, row: c.row)
                open -= 1
            }
            push(c.list, c.lo, c.pos)
            push(c.list, c.pos + 1, c.hi)
        }
    }

    private mutating func offer(_ key: UInt64, _ row: UInt32) {
        guard key < threshold else { return }
        if let old = best[row], old <= key { return }
        best[row] = key
        if best.count >= 4 * limit + 64 { prune() }
    }

    /// Keeps the best `limit` and remembers the worst of them as the bar for later rows.
    private mutating func prune() {
        let kept = best.sorted { $0.value < $1.value }.prefix(limit)
        best = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        if kept.count == limit, let last = kept.last { threshold = last.value }
    }

    /// The best rows, best first.
    var rows: [UInt32] {
        ranked.map(\.row)
    }

    /// The best rows, best first, with the tier each matched in (0 exact, 1 prefix, 2 typo) and the
    /// strength of its qualifier match (higher is stronger; 2 without qualifiers).
    var ranked: [(row: UInt32, tier: Int, qualifier: Int)] {
        best.sorted { $0.value < $1.value }.prefix(limit).map { row, key in
            (row, Int((key >> 32) & 0xFF), 2 - Int(key >> 40))
        }
    }
}

/// The comma qualifiers of a query ("ME", "Nova Scotia", "NZ"), resolved once against the
/// region and country tables; every qualifier must match a place's region or country.
struct RowFilter {
    /// Per qualifier: strength per country and per region (see `GazetteerTables.strengths`).
    private let countryStrengths: [[UInt8]]
    private let regionStrengths: [[UInt8]]

    /// nil when some qualifier names no region or country: then nothing can match. `wholeOnly`
    /// keeps only whole names and codes (strength 2), not names a qualifier merely begins.
    init?(qualifiers: [[UInt8]], gazetteer: Gazetteer, wholeOnly: Bool = false) {
        var countries: [[UInt8]] = [], regions: [[UInt8]] = []
        for q in qualifiers where !q.isEmpty {
            var c = GazetteerTables.strengths(of: q, in: gazetteer.tables.countries)
            var r = GazetteerTables.strengths(of: q, in: gazetteer.tables.regions)
            if wholeOnly {
                c = c.map { $0 == 2 ? 2 : 0 }
                r = r.map { $0 == 2 ? 2 : 0 }
            }
            guard c.contains(where: { $0 > 0 }) || r.contains(where: { $0 > 0 }) else { return nil }
            countries.append(c)
            regions.append(r)
        }
        countryStrengths = countries
        regionStrengths = regions
    }

    /// 0 when the place fails a qualifier, else its weakest qualifier match (1 or 2).
    @inline(__always)
    func strength(country: UInt16, region: UInt16) -> UInt8 {
        var weakest: UInt8 = 2
        for q in countryStrengths.indices {
            let c = countryStrengths[q][Int(country)]
            let r = region == .max ? 0 : regionStrengths[q][Int(region)]
            let s = max(c, r)
            if s == 0 { return 0 }
            weakest = min(weakest, s)
        }
        return weakest
    }
}
