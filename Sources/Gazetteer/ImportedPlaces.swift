import Foundation
import RoadtripCore

/// One region's imported places, as `roadtrip places import` writes them to `<data folder>/places/REGION.json`.
public struct ImportedRegion: Codable, Sendable, Equatable {
    public var region: String
    /// The file it was read from ("monaco.osm.pbf").
    public var source: String
    public var imported: String
    public var places: [ImportedPlace]

    public init(region: String, source: String, imported: String, places: [ImportedPlace]) {
        self.region = region
        self.source = source
        self.imported = imported
        self.places = places
    }
}

/// A settlement or point of interest from an OpenStreetMap extract.
public struct ImportedPlace: Codable, Sendable, Equatable {
    public var name: String
    public var aliases: [String]
    /// From the fixed list of `OSMFeature` ("village", "park", "peak", "fuel"…).
    public var kind: String
    public var latitude: Double
    public var longitude: Double
    /// The population the map gives a settlement; 0 for points of interest.
    public var population: Int
    /// How large it ranks: its population, else its kind's standing (a national park above a village).
    public var prominence: Int
    public var region: String
    public var country: String
    public var countryCode: String
    public var timeZone: String
    /// Metres above the sea, for a peak or a pass (curated destinations); absent when unknown.
    public var elevation: Int?

    public init(
        name: String, aliases: [String], kind: String, latitude: Double, longitude: Double, population: Int,
        prominence: Int, region: String, country: String, countryCode: String, timeZone: String
    ) {
        self.name = name
        self.aliases = aliases
        self.kind = kind
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.prominence = prominence
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.timeZone = timeZone
    }
}

/// The folder of imported regions: listing, reading, writing and forgetting them.
public struct ImportedPlacesFolder: Sendable {
    public let url: URL

    /// `<folder of the data file>/places`.
    public init(dataFile: URL) {
        url = dataFile.deletingLastPathComponent().appendingPathComponent("places")
    }

    /// "monaco" from "Monaco-latest.osm.pbf": lower-case letters, digits and dashes, safe as a file name.
    public static func regionName(_ text: String) -> String {
        var stem = (text.split(separator: "/").last.map(String.init) ?? text).lowercased()
        for suffix in [".osm.pbf", ".pbf", "-latest"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        let cleaned = String(
            stem.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
        return cleaned.split(separator: "-").joined(separator: "-")
    }

    public func file(_ region: String) -> URL { url.appendingPathComponent(region + ".json") }

    /// The regions imported, by name.
    public func regions() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A region's packed form, written beside its file at import (`PackedPlaces`).
    public func packFile(_ region: String) -> URL { url.appendingPathComponent(region + ".pack") }

    /// Writes `region`'s packed form beside its file, so searches map it instead of reading the file.
    public func writePack(of region: ImportedRegion, sourceBytes: Data) throws {
        try PackedPlacesWriter.write(Self.inputs(of: region), sourceHash: fnv1a(sourceBytes), to: packFile(region.region))
    }

    /// A region's places as the pack holds them, each saying where it came from.
    private static func inputs(of region: ImportedRegion) -> [PackedPlacesWriter.Input] {
        let source = "OpenStreetMap, " + PackedPlacesWriter.printable(region.region)
        return region.places.compactMap { $0.checked() }.map { PackedPlacesWriter.Input(place: $0, source: source, gateway: nil) }
    }

    /// Every region's packed form: mapped when it was packed from the file beside it; else (an
    /// import by an older roadtrip, a hand edit) packed again from the file and kept for next time.
    func packs() -> [PackedPlaces] { namedPacks().map(\.pack) }

    /// Every region's name with its pack (see `packs()`).
    func namedPacks() -> [(region: String, pack: PackedPlaces)] {
        regions().compactMap { name -> (region: String, pack: PackedPlaces)? in
            pack(of: name).map { (name, $0) }
        }
    }

    private func pack(of name: String) -> PackedPlaces? {
        let regionFile = file(name)
        let packURL = packFile(name)
        if let pack = try? PackedPlaces(packURL), Self.isNewer(packURL, than: regionFile) { return pack }
        guard let bytes = FileManager.default.contents(atPath: regionFile.path),
            let region = try? JSONDecoder().decode(ImportedRegion.self, from: bytes)
        else { return nil }
        try? writePack(of: region, sourceBytes: bytes)
        if let pack = try? PackedPlaces(packURL), pack.sourceHash == fnv1a(bytes) { return pack }
        let packed = PackedPlacesWriter.pack(Self.inputs(of: region), sourceHash: fnv1a(bytes))
        return try? PackedPlaces(packed: packed, path: packURL.path)
    }

    /// Whether `file` was written after `other` (a region file edited after its pack was made is
    /// newer). Strictly after: file times are coarse, and a tie packs again once rather than keep a stale pack.
    private static func isNewer(_ file: URL, than other: URL) -> Bool {
        let manager = FileManager.default
        guard let made = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
            let source = (try? manager.attributesOfItem(atPath: other.path))?[.modificationDate] as? Date
        else { return false }
        return made > source
    }

    /// Every region that reads; a damaged file is skipped and named in `problems`.
    public func load() -> (regions: [ImportedRegion], problems: [String]) {
        var regions: [ImportedRegion] = [], problems: [String] = []
        for name in self.regions() {
            do {
                var region = try JSONDecoder().decode(ImportedRegion.self, from: Data(contentsOf: file(name)))
                let kept = region.places.compactMap { $0.checked() }
                if kept.count < region.places.count {
                    problems.append(
                        "\(file(name).path): \(region.places.count - kept.count) places off the Earth left out; "
                            + "`roadtrip places import` again replaces the file")
                }
                region.places = kept
                regions.append(region)
            } catch {
                problems.append("\(file(name).path) cannot be read; `roadtrip places forget \(name)` removes it")
            }
        }
        return (regions, problems)
    }
}

extension ImportedPlace {
    /// This place with its figures kept to what can be true, or nil when its position is off the
    /// Earth: a hand-edited or stale file must never offer a stop that no trip can then save.
    public func checked() -> ImportedPlace? {
        guard Plausibility.isOnEarth(Coordinate(latitude: latitude, longitude: longitude)) else { return nil }
        var place = self
        place.population = Plausibility.population(population) ?? 0
        place.prominence = min(max(prominence, 0), Plausibility.maxPopulation)
        place.elevation = elevation.flatMap(Plausibility.elevation)
        return place
    }
}
