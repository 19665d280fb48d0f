import Foundation
import RoadtripCore

/// The built-in gazetteer searched together with the regions imported from OpenStreetMap extracts.
///
/// Imported places are read on the first search (off the UI thread, where searches run) and ranked by
/// the same rules as the built-in ones: kind of match weighted by size, a point of interest's size
/// being its kind's standing.
public final class CombinedPlaces: PlaceSearching, NearestPlaceFinding, @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    private let builtIn: any PlaceSearching & NearestPlaceFinding
    private let folder: ImportedPlacesFolder
    private let lock = NSLock()
    private var entries: [Entry]?

    /// An imported place with its names folded once.
    private struct Entry {
        var place: Place
        var size: Int
        var name: String
        var words: [Substring]
        var aliases: [String]
    }

    public init(builtIn: any PlaceSearching & NearestPlaceFinding, folder: ImportedPlacesFolder) {
        self.builtIn = builtIn
        self.folder = folder
    }

    public func nearest(to coordinate: Coordinate) -> Place? { builtIn.nearest(to: coordinate) }

    public func search(_ query: String, limit: Int) -> [Place] {
        let found = builtIn.search(query, limit: limit)
        guard limit > 0, case let .name(name, qualifiers)? = PlaceQuery(query) else { return found }
        let typed = TypedName.folded(name)
        let imported = matches(typed, qualifiers: qualifiers.map(TypedName.folded))
        guard !imported.isEmpty else { return found }
        // The built-in search does not hand back which names matched exactly: an alias counts as exact
        // (the kinder reading), a name as begun unless it is what was typed.
        let ranked = found.map { place in
            (place, Gazetteer.MatchPenalty.score(place.matched, ownNameIsTyped: TypedName.folded(place.name) == typed,
                                                 matchedExactly: place.matched == .alias, size: place.population))
        } + imported
        return ranked.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }

    private func matches(_ typed: String, qualifiers: [String]) -> [(Place, Double)] {
        guard !typed.isEmpty else { return [] }
        var out: [(Place, Double)] = []
        for entry in loaded() {
            if !qualifiers.isEmpty, !qualifiers.allSatisfy({ q in
                [entry.place.region, entry.place.country, entry.place.countryCode].contains { TypedName.folded($0).hasPrefix(q) }
            }) { continue }
            var place = entry.place
            var exactly = false
            if entry.name.hasPrefix(typed) || entry.words.contains(where: { $0.hasPrefix(typed) }) {
                place.matched = .name
            } else if entry.aliases.contains(where: { $0.hasPrefix(typed) }) {
                place.matched = .alias
                exactly = entry.aliases.contains(typed)
            } else if typed.count >= Gazetteer.typoMinimumLetters,
                      TypedName.isOneEditApart(Array(entry.name.utf8), Array(typed.utf8)) {
                place.matched = .misspelling
            } else {
                continue
            }
            let score = Gazetteer.MatchPenalty.score(place.matched, ownNameIsTyped: entry.name == typed,
                                                     matchedExactly: exactly, size: entry.size)
            out.append((place, score))
        }
        return out
    }

    private func loaded() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        if let entries { return entries }
        let made = folder.load().regions.flatMap { region in
            region.places.map { p in
                var place = Place(name: Self.printable(p.name), region: Self.printable(p.region), country: Self.printable(p.country),
                                  countryCode: Self.printable(p.countryCode),
                                  coordinate: Coordinate(latitude: p.latitude, longitude: p.longitude),
                                  population: p.population, timeZone: p.timeZone)
                place.feature = Self.printable(p.kind)
                place.source = "OpenStreetMap, " + Self.printable(region.region)
                let name = TypedName.folded(place.name)
                return Entry(place: place, size: max(p.prominence, p.population), name: name,
                             words: name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }),
                             aliases: p.aliases.map { TypedName.folded(Self.printable($0)) })
            }
        }
        entries = made
        return made
    }

    /// A hand-edited file may hold anything: control characters never reach a row.
    private static func printable(_ text: String) -> String { PlainText.withoutControls(text) }
}
