import Foundation
import RoadtripCore

/// The built-in gazetteer searched together with the curated destinations and the regions imported
/// from OpenStreetMap extracts.
///
/// Destinations and imported places are read on the first search (off the UI thread, where searches
/// run) and ranked by the same rules as the built-in towns: kind of match weighted by size, a
/// destination's or point of interest's size being its kind's standing.
public final class CombinedPlaces: PlaceSearching, NearestPlaceFinding, @unchecked Sendable {
    // @unchecked: `cached` is only touched under `lock`.
    private let builtIn: any PlaceSearching & NearestPlaceFinding
    private let folder: ImportedPlacesFolder?
    private let destinationsDirectory: URL?
    private let lock = NSLock()
    private var cached: (entries: [Entry], gateways: Gateways)?

    /// An imported place with its names folded once.
    private struct Entry {
        var place: Place
        var size: Int
        var name: String
        /// A destination's nearest town, when within 10 km.
        var gateway: Coordinate?
        /// The name from each later word on ("jardin animalier", "animalier" for "le jardin animalier"),
        /// so a query may begin at any word and run on, as in the built-in index.
        var words: [Substring]
        var aliases: [String]
    }

    /// - Parameters:
    ///   - folder: the imported regions; nil searches none.
    ///   - destinationsDirectory: the folder holding `destinations.tsv`: roadtrip's data folder unless given.
    public init(builtIn: any PlaceSearching & NearestPlaceFinding, folder: ImportedPlacesFolder?,
                destinationsDirectory: URL? = ResourceLocator.location.directory) {
        self.builtIn = builtIn
        self.folder = folder
        self.destinationsDirectory = destinationsDirectory
    }

    public func nearest(to coordinate: Coordinate) -> Place? { builtIn.nearest(to: coordinate) }

    /// The town nearest a curated destination (within 10 km) is where people stay to see it, and
    /// ranks as a town this many times its size: Moab (by Arches) above Moabit, Brugge (by its other
    /// name) above Bruges (France), Queenstown (New Zealand) above Queenstown (South Africa).
    static let gatewayFactor = 10
    /// How many built-in places are weighed against the others, whatever the limit.
    static let candidates = 10

    public func search(_ query: String, limit: Int) -> [Place] {
        let found = builtIn.search(query, limit: max(limit, Self.candidates))
        guard limit > 0, case let .name(name, qualifiers)? = PlaceQuery(query) else { return Array(found.prefix(limit)) }
        let typed = TypedName.folded(name)
        let all = loaded()
        // A village known for itself (Hallstatt, Óbidos) is one place: its town's row, ranked as a gateway.
        let towns = Set(found.map { Gateways.Key($0.coordinate) })
        let extra = matches(typed, qualifiers: qualifiers.map(TypedName.folded), in: all.entries.filter { entry in
            guard let gateway = entry.gateway, towns.contains(Gateways.Key(gateway)) else { return true }
            return !found.contains { Gateways.Key($0.coordinate) == Gateways.Key(gateway) && TypedName.folded($0.name) == entry.name }
        })
        let ranked = found.map { place in
            let size = all.gateways.contains(place.coordinate) ? place.population * Self.gatewayFactor : place.population
            return (place, Gazetteer.MatchPenalty.score(place.matched, ownNameIsTyped: TypedName.folded(place.name) == typed,
                                                        matchedExactly: place.typedExactly, size: size))
        } + extra
        // As in the built-in search, kinds of match keep their order whatever the sizes (`PlaceMatch.tier`).
        return ranked.sorted { ($0.0.matched.tier, $0.1) < ($1.0.matched.tier, $1.1) }.prefix(limit).map(\.0)
    }

    private func matches(_ typed: String, qualifiers: [String], in entries: [Entry]) -> [(Place, Double)] {
        guard !typed.isEmpty else { return [] }
        var out: [(Place, Double)] = []
        for entry in entries {
            if !qualifiers.isEmpty, !qualifiers.allSatisfy({ q in
                [entry.place.region, entry.place.country, entry.place.countryCode].contains { TypedName.folded($0).hasPrefix(q) }
            }) { continue }
            var place = entry.place
            // "Crater Lake" is exactly one of Crater Lake National Park's names, though it only begins its own.
            let aliasIsTyped = entry.aliases.contains(typed)
            let exactly: Bool
            if entry.name.hasPrefix(typed) || entry.words.contains(where: { $0.hasPrefix(typed) }) {
                place.matched = .name
                exactly = entry.name == typed || aliasIsTyped
            } else if aliasIsTyped || entry.aliases.contains(where: { $0.hasPrefix(typed) }) {
                place.matched = .alias
                exactly = aliasIsTyped
            } else if typed.count >= Gazetteer.typoMinimumLetters,
                      TypedName.isOneEditApart(Array(entry.name.utf8), Array(typed.utf8)) {
                place.matched = .misspelling
                exactly = false
            } else {
                continue
            }
            let score = Gazetteer.MatchPenalty.score(place.matched, ownNameIsTyped: entry.name == typed,
                                                     matchedExactly: exactly, size: entry.size)
            place.typedExactly = exactly
            out.append((place, score))
        }
        return out
    }

    private func loaded() -> (entries: [Entry], gateways: Gateways) {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let table = ((try? destinationsDirectory.map(Destinations.table)) ?? nil) ?? []
        let made = table.map { Self.entry($0.place, source: "", gateway: $0.gateway) }
            + (folder?.load().regions ?? []).flatMap { region in
                region.places.map { Self.entry($0, source: "OpenStreetMap, " + Self.printable(region.region)) }
            }
        let loaded = (made, Gateways(table.compactMap(\.gateway)))
        cached = loaded
        return loaded
    }

    private static func entry(_ p: ImportedPlace, source: String, gateway: Coordinate? = nil) -> Entry {
        var place = Place(name: printable(p.name), region: printable(p.region), country: printable(p.country),
                          countryCode: printable(p.countryCode),
                          coordinate: Coordinate(latitude: p.latitude, longitude: p.longitude),
                          population: p.population, timeZone: p.timeZone)
        place.feature = printable(p.kind)
        place.source = source
        place.elevation = p.elevation
        let name = TypedName.folded(place.name)
        return Entry(place: place, size: max(p.prominence, p.population), name: name, gateway: gateway,
                     words: name.indices.filter { i in
                         i != name.startIndex && (name[i].isLetter || name[i].isNumber)
                             && !(name[name.index(before: i)].isLetter || name[name.index(before: i)].isNumber)
                     }.map { name[$0...] },
                     aliases: p.aliases.map { TypedName.folded(printable($0)) })
    }

    /// A hand-edited file may hold anything: control characters never reach a row.
    private static func printable(_ text: String) -> String { PlainText.withoutControls(text) }
}

/// The positions of the towns nearest the curated destinations, as the places file gives them.
struct Gateways: Sendable {
    private let keys: Set<Key>

    /// Positions to 1e-5 degrees (about a metre), as the places file writes them.
    struct Key: Hashable {
        var latitude: Int
        var longitude: Int
        init(_ c: Coordinate) {
            latitude = Int((c.latitude * 1e5).rounded())
            longitude = Int((c.longitude * 1e5).rounded())
        }
    }

    init(_ towns: [Coordinate]) { keys = Set(towns.map(Key.init)) }

    /// Whether the town at `c` is a destination's gateway.
    func contains(_ c: Coordinate) -> Bool { keys.contains(Key(c)) }
}
