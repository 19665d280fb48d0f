// Places from outside: OpenStreetMap PBF extracts (`places import`), Nominatim answers, the
// geocoder cache and the imported region files. Whatever the bytes, a place offered must be one a
// trip can hold: on the Earth, a population and an elevation that can be true, printable text.
import Foundation
@testable import Gazetteer
@testable import PlaceImport
@testable import RoadtripCore

/// The promises every reader of outside places keeps for each place it offers.
func checkPlace(_ p: ImportedPlace, _ reader: String) {
    let at = Coordinate(latitude: p.latitude, longitude: p.longitude)
    precondition(Plausibility.isOnEarth(at), "\(reader) offered a place off the Earth (\(p.latitude), \(p.longitude))")
    precondition(Plausibility.population(p.population) != nil, "\(reader) offered a population no place has (\(p.population))")
    precondition(
        (0...Plausibility.maxPopulation).contains(p.prominence), "\(reader) offered a prominence no place has (\(p.prominence))")
    if let elevation = p.elevation {
        precondition(Plausibility.elevation(elevation) != nil, "\(reader) offered an elevation no place has (\(elevation) m)")
    }
}

/// The same promises for a place as the search shows it, and what a row reads of it never traps.
func checkPlace(_ p: Place, _ reader: String) {
    precondition(p.coordinate.isValid, "\(reader) offered a place off the Earth (\(p.coordinate))")
    precondition(Plausibility.population(p.population) != nil, "\(reader) offered a population no place has (\(p.population))")
    if let elevation = p.elevation {
        precondition(Plausibility.elevation(elevation) != nil, "\(reader) offered an elevation no place has (\(elevation) m)")
    }
    for text in [p.name, p.region, p.country, p.countryCode, p.feature] {
        precondition(isOnePrintableLine(text), "\(reader) let through a hidden character: \(text.debugDescription)")
    }
    _ = (p.size, p.kind, p.label)
}

// MARK: pbf

/// `roadtrip places import FILE.osm.pbf`, end to end: the extract read (three passes over its
/// blocks), deduplicated and written as the region file; that file must then read back as the
/// places written, each a place a trip can hold, and be searchable.
func importExtract(_ data: Data) {
    let extract = scratch.appendingPathComponent("fuzz.osm.pbf")
    let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("pbf/trips.json"))
    try? FileManager.default.removeItem(at: folder.url)
    guard FileManager.default.createFile(atPath: extract.path, contents: data) else { fatalError("cannot write \(extract.path)") }
    let summary: PlaceImporter.Summary
    do { summary = try PlaceImporter.run(path: extract.path, region: "fuzz", folder: folder, nearest: { _ in nil }) } catch {
        return note("refused: \(error)")
    }
    note(summary.line)
    let (regions, problems) = folder.load()
    precondition(problems.isEmpty && regions.count == 1, "an imported region does not read back: \(problems)")
    let places = regions[0].places
    precondition(
        places.count == summary.total && summary.counts.map(\.count).reduce(0, +) == summary.total,
        "the summary says \(summary.total) places, the file holds \(places.count)")
    precondition(!places.isEmpty, "an import with no usable place wrote an empty region")
    for place in places {
        checkPlace(place, "places import")
        precondition(
            PlainText.name(place.name) == place.name && place.aliases.allSatisfy { PlainText.name($0) == $0 },
            "places import wrote a name that is not one clean line: \(place.name.debugDescription)")
        precondition(
            OSMFeature.prominence[place.kind] != nil, "places import wrote a kind of its own: \(place.kind.debugDescription)")
    }
    searchImported(folder, names: places.map(\.name), reader: "places import")
}

/// The imported places through the search that offers them: nothing it finds may break a promise.
func searchImported(_ folder: ImportedPlacesFolder, names: [String], reader: String) {
    let combined = CombinedPlaces(builtIn: NoBuiltInPlaces(), folder: folder, destinationsDirectory: nil)
    for name in names.prefix(3) {
        for place in combined.search(name, limit: 5) { checkPlace(place, reader) }
    }
}

/// An empty built-in gazetteer: only the imported places are searched.
struct NoBuiltInPlaces: PlaceSearching, NearestPlaceFinding {
    func search(_ query: String, limit: Int) -> [Place] { [] }
    func nearest(to coordinate: Coordinate) -> Place? { nil }
}

// MARK: nominatim

/// A Nominatim `/search` answer, over a real socket (the reader is private to `search`): every
/// place offered keeps the promises, and the same question asked again is answered from the
/// cache with the same places.
func readNominatimAnswer(_ data: Data) {
    let server = LoopbackServer.shared
    server.answer(status: 200, body: data)
    let geocoder = NominatimGeocoder(
        base: server.baseURL, timeout: .seconds(5), cache: GeocoderCache(url: nil), zones: { _ in "Europe/Monaco" })
    let first = blocking { await geocoder.search("fuzz", limit: 5) }
    guard case .success(let places) = first else {
        if case .failure(let failure) = first {
            note("refused: \(failure)")
            precondition(isOnePrintableLine(failure.description), "a geocoder failure is not one clean line")
        }
        return
    }
    note("\(places.count) places: \(places.map { "\($0.name) (\($0.kind), \($0.size))" }.joined(separator: ", "))")
    for place in places {
        checkPlace(place, "Nominatim")
        precondition(place.source == geocoder.sourceName, "a Nominatim place says it came from \(place.source)")
    }
    server.answer(status: 500, body: Data())
    let again = blocking { await geocoder.search("FUZZ", limit: 5) }
    precondition(again == .success(places), "the geocoder cache answers a question asked again differently")
}

// MARK: geocache

/// The on-disk shape of `GeocoderCache`, read with its decoder, to know what each entry said.
private struct GeocoderCacheFile: Decodable {
    var version: Int
    var entries: [String: GeocoderCache.Entry]
}

/// The cache's idea of "now" for every run, and how far ahead a clock may be (as the leg cache's).
let fuzzNow = Date(timeIntervalSince1970: 1_750_000_000)
private let geocoderClockSkew: TimeInterval = 3600

/// `geocoder-cache.json` as a run reads it: an answer is given only while it is fresh (never
/// from the future, never past `maxAge`), only with places a trip can hold, and the same after
/// the cache is saved and read again.
func readGeocoderCache(_ data: Data) {
    let file = scratch.appendingPathComponent("geocoder-cache.json")
    guard FileManager.default.createFile(atPath: file.path, contents: data) else { fatalError("cannot write \(file.path)") }
    let cache = GeocoderCache(url: file, now: { fuzzNow })
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let stored = try? decoder.decode(GeocoderCacheFile.self, from: data) else { return note("not a cache file") }
    var answers: [String: [ImportedPlace]] = [:]
    for (key, entry) in stored.entries {
        guard let places = cache.places(for: key) else { continue }
        let age = fuzzNow.timeIntervalSince(entry.saved)
        precondition(
            age >= -geocoderClockSkew && age < GeocoderCache.maxAge,
            "the geocoder cache answered from an entry saved \(age) s ago (saved \(entry.saved.timeIntervalSince1970))")
        for place in places { checkPlace(place, "the geocoder cache") }
        answers[key] = places
    }
    note("\(answers.count) of \(stored.entries.count) entries answer: \(answers.values.map(\.count)) places")
    // Saved (a new answer kept) and read again by the next run: the same answers. Past its
    // capacity the oldest are dropped, and an entry within a second of expiring may expire.
    guard stored.entries.count < GeocoderCache.capacity else { return }
    cache.keep([], for: "fuzz\nround trip\n1")
    let reread = GeocoderCache(url: file, now: { fuzzNow })
    for (key, places) in answers {
        let age = fuzzNow.timeIntervalSince(stored.entries[key]!.saved)
        guard age > -geocoderClockSkew + 1, age < GeocoderCache.maxAge - 1 else { continue }
        precondition(reread.places(for: key) == places, "a geocoder cache entry reads back different after a save")
    }
}

// MARK: places

/// `<data folder>/places/REGION.json`, hand-edited or stale: what the folder loads is only places
/// a trip can hold (the rest left out and said so), and the search over them keeps the promises.
func readImportedRegion(_ data: Data) {
    let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("places/trips.json"))
    try? FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    // The last input's pack may carry the same modification time (the clock ticks in milliseconds):
    // each input is packed afresh.
    try? FileManager.default.removeItem(at: folder.packFile("fuzz"))
    guard FileManager.default.createFile(atPath: folder.file("fuzz").path, contents: data) else {
        fatalError("cannot write \(folder.file("fuzz").path)")
    }
    let (regions, problems) = folder.load()
    note("\(regions.map(\.places.count)) places; problems: \(problems)")
    precondition(regions.count + problems.count >= 1, "a region file neither read nor refused")
    for problem in problems { precondition(isOnePrintableLine(problem), "a region problem is not one clean line") }
    for place in regions.flatMap(\.places) { checkPlace(place, "an imported region") }
    searchImported(folder, names: regions.flatMap(\.places).map(\.name), reader: "an imported region")
}

// MARK: pack

/// The region file a fuzzed pack sits beside: real places, written long before the pack, so the
/// pack is the one the search maps (a pack newer than its region file is taken as made from it).
private let packedRegion = Data(
    (#"{"region":"fuzz","source":"monaco.osm.pbf","imported":"2026-01-01T00:00:00Z","places":["#
        + #"{"name":"Monte-Carlo","aliases":[],"kind":"town","latitude":43.7384,"longitude":7.4246,"population":15200,"#
        + #""prominence":15200,"region":"Monaco","country":"Monaco","countryCode":"MC","timeZone":"Europe/Monaco"}]}"#).utf8)

/// `places/REGION.pack`, the packed form a search maps in place (damaged on disk, or left by
/// another build): a pack that does not hold together is refused and the region file read
/// instead; whatever a search over it offers is a place a trip can hold; no read traps.
func readPlacesPack(_ data: Data) {
    let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("pack/trips.json"))
    let region = folder.file("fuzz")
    if !FileManager.default.fileExists(atPath: region.path) {
        try? FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: region.path, contents: packedRegion) else {
            fatalError("cannot write \(region.path)")
        }
        try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1e9)], ofItemAtPath: region.path)
    }
    // Replaced, not written over: a search may still map the last one.
    let pack = folder.packFile("fuzz")
    try? FileManager.default.removeItem(at: pack)
    guard FileManager.default.createFile(atPath: pack.path, contents: data) else { fatalError("cannot write \(pack.path)") }
    let combined = CombinedPlaces(builtIn: NoBuiltInPlaces(), folder: folder, destinationsDirectory: nil)
    var offered = 0
    for query in ["m", "monte", "e", "a", "Monte-Carlo, Monaco"] {
        for place in combined.search(query, limit: 10) {
            checkPlace(place, "a places pack")
            offered += 1
        }
    }
    // Every entry and key read in place, whether a query reaches it or not.
    if let packed = try? PackedPlaces(packed: Array(data), path: pack.path) {
        note("a pack of \(packed.count) entries, \(packed.keyCount) keys; \(offered) places offered")
        for entry in 0..<min(packed.count, 64) {
            _ = (packed.place(entry), packed.size(entry), packed.gateway(entry), packed.whereabouts(entry))
            _ = (packed.foldedName(entry), packed.nameBytes(entry).count)
        }
        for prefix in ["", "m", "z"] { _ = packed.keys(beginningWith: Array(prefix.utf8)) }
        _ = packed.isGateway(Gateways.Key(Coordinate(latitude: 43.7384, longitude: 7.4246)))
    } else {
        note("not a pack; \(offered) places offered from the region file")
    }
}
