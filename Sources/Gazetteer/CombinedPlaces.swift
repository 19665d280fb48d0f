import Foundation
import RoadtripCore
import Synchronization

/// The built-in gazetteer searched together with the curated destinations and the regions imported
/// from OpenStreetMap extracts.
///
/// Destinations and imported places are read on the first search (off the UI thread, where searches
/// run) and ranked by the same rules as the built-in towns: kind of match weighted by size, a
/// destination's or point of interest's size being its kind's standing.
public final class CombinedPlaces: PlaceSearching, NearestPlaceFinding, Sendable {
    private let builtIn: any PlaceSearching & NearestPlaceFinding
    private let folder: ImportedPlacesFolder?
    private let destinationsDirectory: URL?
    /// Read on the first search; searches at the same time wait for it.
    private let cached = Mutex<Loaded?>(nil)

    /// The packed destinations, then each imported region's pack.
    private struct Loaded: Sendable {
        var packs: [PackedPlaces]
        /// Whether a built-in town at this position is a destination's gateway.
        func isGateway(_ key: Gateways.Key) -> Bool { packs.contains { $0.isGateway(key) } }
    }

    /// - Parameters:
    ///   - folder: the imported regions; nil searches none.
    ///   - destinationsDirectory: the folder holding `destinations.tsv`: roadtrip's data folder unless given.
    public init(
        builtIn: any PlaceSearching & NearestPlaceFinding, folder: ImportedPlacesFolder?,
        destinationsDirectory: URL? = ResourceLocator.location.directory
    ) {
        self.builtIn = builtIn
        self.folder = folder
        self.destinationsDirectory = destinationsDirectory
    }

    public func nearest(to coordinate: Coordinate) -> Place? { builtIn.nearest(to: coordinate) }

    public func placeForTheNight(near coordinate: Coordinate) -> Place? {
        let stays = loaded().packs.compactMap {
            $0.nearest(to: coordinate, within: NightPlace.lodgingReach, kinds: NightPlace.kinds)
        }
        return stays.min { $0.meters < $1.meters }?.place ?? builtIn.placeForTheNight(near: coordinate)
    }

    /// The town nearest a curated destination (within 10 km) is where people stay to see it, and
    /// ranks as a town this many times its size: Moab (by Arches) above Moabit, Brugge (by its other
    /// name) above Bruges (France), Santa Fe (New Mexico) above Santa Fe (Argentina).
    static let gatewayFactor = 10
    /// How many built-in places are weighed against the others, whatever the limit.
    static let candidates = 10

    public func search(_ query: String, limit: Int) -> [Place] {
        combined(query, limit: limit, builtIn: max(limit, Self.candidates))
    }

    /// Looks further down each source's list than `search` does (`contextCandidates`), so a small
    /// namesake near the trip is weighed against the large ones, then ranks by the context.
    public func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place] {
        guard let context, limit > 0 else { return search(query, limit: limit) }
        // A few letters already look far down the list (`Gazetteer.ranked`), and name too many places for
        // nearness to pick one out of the whole world's: only longer names look further.
        let letters = query.unicodeScalars.filter { $0 != " " }.count
        let wider = letters > Gazetteer.shortQueryLetters ? max(limit, Self.contextCandidates) : max(limit, Self.candidates)
        return Array(context.ranked(combined(query, limit: wider, builtIn: wider)).prefix(limit))
    }

    /// The best `limit` of the built-in search's first `builtInLimit` places and the packs' matches,
    /// each with its score.
    private func combined(_ query: String, limit: Int, builtIn builtInLimit: Int) -> [Place] {
        let found = builtIn.search(query, limit: builtInLimit)
        guard limit > 0, case let .name(name, qualifiers)? = PlaceQuery(query) else { return Array(found.prefix(limit)) }
        let typed = TypedName.folded(name)
        let all = loaded()
        // Each built-in place's position key and folded name, worked out once for both uses below.
        let towns = found.map { (key: Gateways.Key($0.coordinate), name: TypedName.folded($0.name)) }
        let extra = matches(typed, qualifiers: qualifiers.map(TypedName.folded), in: all.packs, limit: limit) { pack, entry in
            // A village known for itself (Hallstatt, Óbidos) is one place: its town's row, ranked as a gateway.
            guard let gateway = pack.gateway(entry) else { return false }
            let key = Gateways.Key(gateway)
            let name = pack.foldedName(entry)
            return towns.contains { $0.key == key && $0.name == name }
        }
        let ranked =
            zip(found, towns).map { place, town in
                let size = all.isGateway(town.key) ? place.population * Self.gatewayFactor : place.population
                return (
                    place,
                    Gazetteer.MatchPenalty.score(
                        place.matched, ownNameIsTyped: town.name == typed,
                        matchedExactly: place.typedExactly, size: size)
                )
            } + extra
        // As in the built-in search, kinds of match keep their order whatever the sizes (`PlaceMatch.tier`).
        // A typo of another name ("Beijing" for "Going-", through one of its names in another language)
        // is offered only when nothing better matches: it is a guess, and a poor one beside a real match.
        let shown =
            ranked.contains { $0.0.matched.tier < PlaceMatch.misspelledAlias.tier }
            ? ranked.filter { $0.0.matched != .misspelledAlias } : ranked
        // Ties keep the order they came in (the built-in search's, then the table's): the same answer every time.
        return shown.enumerated().sorted {
            ($0.element.0.matched.tier, $0.element.1, $0.offset) < ($1.element.0.matched.tier, $1.element.1, $1.offset)
        }
        .prefix(limit).map { item in
            var place = item.element.0
            place.score = item.element.1
            return place
        }
    }

    /// The packed places matching `typed`, best first, at most `limit`: the search keeps no more, so
    /// only those are made into places (a one-letter query matches a thousand destinations).
    private func matches(
        _ typed: String, qualifiers: [String], in packs: [PackedPlaces], limit: Int,
        isTownRow: (PackedPlaces, Int) -> Bool
    ) -> [(Place, Double)] {
        guard !typed.isEmpty else { return [] }
        let typedBytes = Array(typed.utf8)
        var candidates: [(match: PlaceMatch, score: Double, order: Int, pack: Int, entry: Int, exact: Bool)] = []
        var first = 0
        for (p, pack) in packs.enumerated() {
            defer { first += pack.count }
            var found: [Int: PlaceMatch] = [:], exact: Set<Int> = [], ownExact: Set<Int> = []
            for hit in pack.keys(beginningWith: typedBytes) {
                switch hit.kind {
                case .name, .word:
                    found[hit.entry] = .name
                    if hit.exact, hit.kind == .name { ownExact.insert(hit.entry) }
                case .alias:
                    if found[hit.entry] == nil { found[hit.entry] = .alias }
                }
                // "Crater Lake" is exactly one of Crater Lake National Park's names, though it only begins its own.
                if hit.exact, hit.kind != .word { exact.insert(hit.entry) }
            }
            if typedBytes.count >= Gazetteer.typoMinimumLetters {
                typedBytes.withUnsafeBufferPointer { typed in
                    for i in 0..<pack.count where found[i] == nil && TypedName.isOneEditApart(pack.nameBytes(i), typed) {
                        found[i] = .misspelling
                    }
                }
            }
            for (i, match) in found {
                if !qualifiers.isEmpty {
                    let whereabouts = pack.whereabouts(i)
                    if !qualifiers.allSatisfy({ q in whereabouts.contains { $0.hasPrefix(q) } }) { continue }
                }
                let score = Gazetteer.MatchPenalty.score(
                    match, ownNameIsTyped: ownExact.contains(i), matchedExactly: exact.contains(i), size: pack.size(i))
                candidates.append((match, score, first + i, p, i, exact.contains(i)))
            }
        }
        // The search's own order (kind of match, score, then the table's order), so the first `limit`
        // kept here are the only ones it could show.
        candidates.sort { ($0.match.tier, $0.score, $0.order) < ($1.match.tier, $1.score, $1.order) }
        var out: [(Place, Double)] = []
        for c in candidates where out.count < limit && !isTownRow(packs[c.pack], c.entry) {
            var place = packs[c.pack].place(c.entry)
            place.matched = c.match
            place.typedExactly = c.exact
            out.append((place, c.score))
        }
        // Ties go by the table's order, as they came.
        return out.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
    }

    private func loaded() -> Loaded {
        cached.withLock { cached in
            if let cached { return cached }
            let loaded = load()
            cached = loaded
            return loaded
        }
    }

    /// Maps the packed destinations and each imported region's pack: nothing is parsed or folded here.
    private func load() -> Loaded {
        var packs: [PackedPlaces] = []
        if let directory = destinationsDirectory, let destinations = Destinations.packed(in: directory) {
            packs.append(destinations)
        }
        packs += folder?.packs() ?? []
        return Loaded(packs: packs)
    }
}
