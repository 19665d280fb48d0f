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

    private struct Loaded: Sendable {
        var entries: [Entry]
        var gateways: Gateways
        var keys: NameKeys
    }

    /// A curated or imported place with its names folded once.
    struct Entry {
        var place: Place
        var size: Int
        var name: String
        /// A destination's nearest town, when within 10 km.
        var gateway: Coordinate?
        /// The name from each later word on ("jardin animalier", "animalier" for "le jardin animalier"),
        /// so a query may begin at any word and run on, as in the built-in index.
        var words: [Substring]
        var aliases: [String]
        /// Folded once at load, as every search compares them: region, country and country code…
        var whereabouts: [String]
        /// …and the name's bytes, for the typo test.
        var nameBytes: [UInt8]
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

    /// The town nearest a curated destination (within 10 km) is where people stay to see it, and
    /// ranks as a town this many times its size: Moab (by Arches) above Moabit, Brugge (by its other
    /// name) above Bruges (France), Santa Fe (New Mexico) above Santa Fe (Argentina).
    static let gatewayFactor = 10
    /// How many built-in places are weighed against the others, whatever the limit.
    static let candidates = 10

    public func search(_ query: String, limit: Int) -> [Place] {
        let found = builtIn.search(query, limit: max(limit, Self.candidates))
        guard limit > 0, case let .name(name, qualifiers)? = PlaceQuery(query) else { return Array(found.prefix(limit)) }
        let typed = TypedName.folded(name)
        let all = loaded()
        // Each built-in place's position key and folded name, worked out once for both uses below.
        let towns = found.map { (key: Gateways.Key($0.coordinate), name: TypedName.folded($0.name)) }
        let extra = matches(typed, qualifiers: qualifiers.map(TypedName.folded), in: all.entries, keys: all.keys) { entry in
            // A village known for itself (Hallstatt, Óbidos) is one place: its town's row, ranked as a gateway.
            guard let gateway = entry.gateway else { return false }
            let key = Gateways.Key(gateway)
            return towns.contains { $0.key == key && $0.name == entry.name }
        }
        let ranked =
            zip(found, towns).map { place, town in
                let size = all.gateways.contains(town.key) ? place.population * Self.gatewayFactor : place.population
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
        .prefix(limit).map(\.element.0)
    }

    private func matches(
        _ typed: String, qualifiers: [String], in entries: [Entry], keys: NameKeys,
        isTownRow: (Entry) -> Bool
    ) -> [(Place, Double)] {
        guard !typed.isEmpty else { return [] }
        let typedBytes = Array(typed.utf8)
        var found: [Int: PlaceMatch] = [:], exact: Set<Int> = [], ownExact: Set<Int> = []
        for hit in keys.beginning(with: typedBytes) {
            let isExact = hit.bytes.count == typedBytes.count
            switch hit.kind {
            case .name, .word:
                found[hit.entry] = .name
                if isExact, hit.kind == .name { ownExact.insert(hit.entry) }
            case .alias:
                if found[hit.entry] == nil { found[hit.entry] = .alias }
            }
            // "Crater Lake" is exactly one of Crater Lake National Park's names, though it only begins its own.
            if isExact, hit.kind != .word { exact.insert(hit.entry) }
        }
        if typedBytes.count >= Gazetteer.typoMinimumLetters {
            for (i, entry) in entries.enumerated() where found[i] == nil && TypedName.isOneEditApart(entry.nameBytes, typedBytes)
            {
                found[i] = .misspelling
            }
        }
        var out: [(Place, Double, Int)] = []
        for (i, match) in found {
            let entry = entries[i]
            if !qualifiers.isEmpty, !qualifiers.allSatisfy({ q in entry.whereabouts.contains { $0.hasPrefix(q) } }) { continue }
            if isTownRow(entry) { continue }
            var place = entry.place
            place.matched = match
            place.typedExactly = exact.contains(i)
            let score = Gazetteer.MatchPenalty.score(
                match, ownNameIsTyped: ownExact.contains(i),
                matchedExactly: place.typedExactly, size: entry.size)
            out.append((place, score, i))
        }
        // Dictionary order is not stable: ties go by the table's order.
        return out.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map { ($0.0, $0.1) }
    }

    private func loaded() -> Loaded {
        cached.withLock { cached in
            if let cached { return cached }
            let loaded = load()
            cached = loaded
            return loaded
        }
    }

    private func load() -> Loaded {
        let table = ((try? destinationsDirectory.map(Destinations.table)) ?? nil) ?? []
        let made =
            table.map { Self.entry($0.place, source: "", gateway: $0.gateway) }
            + (folder?.load().regions ?? []).flatMap { region in
                region.places.map { Self.entry($0, source: "OpenStreetMap, " + Self.printable(region.region)) }
            }
        return Loaded(entries: made, gateways: Gateways(table.compactMap(\.gateway)), keys: NameKeys(made))
    }

    private static func entry(_ p: ImportedPlace, source: String, gateway: Coordinate? = nil) -> Entry {
        var place = Place(
            name: printable(p.name), region: printable(p.region), country: printable(p.country),
            countryCode: printable(p.countryCode),
            coordinate: Coordinate(latitude: p.latitude, longitude: p.longitude),
            population: p.population, timeZone: p.timeZone)
        place.feature = printable(p.kind)
        place.source = source
        place.elevation = p.elevation
        let name = TypedName.folded(place.name)
        return Entry(
            place: place, size: max(p.prominence, p.population), name: name, gateway: gateway,
            words: name.indices.filter { i in
                i != name.startIndex && (name[i].isLetter || name[i].isNumber)
                    && !(name[name.index(before: i)].isLetter || name[name.index(before: i)].isNumber)
            }.map { name[$0...] },
            aliases: p.aliases.map { TypedName.folded(printable($0)) },
            whereabouts: [place.region, place.country, place.countryCode].map(TypedName.folded),
            nameBytes: Array(name.utf8))
    }

    /// A hand-edited file may hold anything: control characters never reach a row.
    private static func printable(_ text: String) -> String { PlainText.withoutControls(text) }
}
