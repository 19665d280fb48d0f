import Foundation
import RoadtripCore

/// The curated places people drive to that are not towns: parks, landmarks, passes, sights.
///
/// `Data/destinations.tsv` is a versioned table kept by hand and checked entry by entry by
/// `Scripts/data/check_destinations.py` (inside its country, no duplicates, kind from `kinds`); that
/// script also writes each entry's region and time zone from the nearest gazetteer place, so a
/// destination qualifies ("Crater Lake, Oregon") and keeps local time as a town does, and its
/// gateway: the position of that nearest town when within 10 km, where people stay to see it.
public enum Destinations {
    public static let fileName = "destinations.tsv"
    /// The table packed for searching (`PackedPlaces`), kept beside it by Scripts/data/pack_destinations.sh.
    public static let packName = "destinations.pack"

    /// Every kind an entry may have.
    public static let kinds: Set<String> = [
        "park", "landmark", "canyon", "lake", "waterfall", "peak", "volcano", "pass", "road",
        "glacier", "fjord", "beach", "cave", "castle", "sight"
    ]

    /// The size a destination ranks as. Each was chosen because people drive to it, so it stands with
    /// a town of 100,000, above villages of its name; a park, the widest draw, with one of 300,000:
    /// "Grand Canyon" is the park before the village at its rim, while the town of Banff, ranked up
    /// as the park's gateway, stays before Banff National Park.
    static func prominence(kind: String) -> Int { kind == "park" ? 300_000 : 100_000 }

    /// The table's entries as places, in file order; a missing file is no destinations.
    ///
    /// - Throws: `GazetteerError.malformed` naming the line of a row that does not read.
    public static func load(from directory: URL) throws -> [ImportedPlace] {
        try table(from: directory).map(\.place)
    }

    /// The entries, each with the position of its gateway town when it has one.
    static func table(from directory: URL) throws -> [(place: ImportedPlace, gateway: Coordinate?)] {
        let url = directory.appendingPathComponent(fileName)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return try table(text, path: url.path, directory: directory)
    }

    /// The packed table of `directory`: `destinations.pack` mapped when it was made from the
    /// `destinations.tsv` beside it (its hash says so), else packed in memory from the table, as
    /// after a hand edit. Nil when there is no table.
    static func packed(in directory: URL) -> PackedPlaces? {
        let url = directory.appendingPathComponent(fileName)
        guard let bytes = FileManager.default.contents(atPath: url.path) else { return nil }
        let hash = fnv1a(bytes)
        if let pack = try? PackedPlaces(directory.appendingPathComponent(packName)), pack.sourceHash == hash { return pack }
        guard let packed = try? pack(tableBytes: bytes, directory: directory) else { return nil }
        return try? PackedPlaces(packed: packed, path: url.path)
    }

    /// `destinations.tsv`'s bytes packed: what `destinations.pack` must hold.
    public static func pack(tableBytes bytes: Data, directory: URL) throws -> [UInt8] {
        let url = directory.appendingPathComponent(fileName)
        let rows = try table(String(decoding: bytes, as: UTF8.self), path: url.path, directory: directory)
        return PackedPlacesWriter.pack(
            rows.map { PackedPlacesWriter.Input(place: $0.place, source: "", gateway: $0.gateway) }, sourceHash: fnv1a(bytes))
    }

    private static func table(
        _ text: String, path: String, directory: URL
    ) throws -> [(place: ImportedPlace, gateway: Coordinate?)] {
        let url = URL(fileURLWithPath: path)
        let countries = countryNames(in: directory)
        var out: [(place: ImportedPlace, gateway: Coordinate?)] = []
        var header = true
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if header {
                header = false
                continue
            }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 10, let latitude = Double(cells[5]), let longitude = Double(cells[6]),
                (-90...90).contains(latitude), (-180...180).contains(longitude), kinds.contains(cells[2])
            else {
                throw GazetteerError.malformed(path: url.path, reason: "line \(number + 1) is not a destination")
            }
            var place = ImportedPlace(
                name: cells[0], aliases: cells[1].split(separator: "|").map(String.init), kind: cells[2],
                latitude: latitude, longitude: longitude, population: 0, prominence: prominence(kind: cells[2]),
                region: cells[4], country: countries[cells[3]] ?? cells[3], countryCode: cells[3], timeZone: cells[8])
            place.elevation = Int(cells[7]).flatMap(Plausibility.elevation)
            let gateway = cells[9].split(separator: ",").compactMap { Double($0) }
            let town = gateway.count == 2 ? Coordinate(latitude: gateway[0], longitude: gateway[1]) : nil
            guard town?.isValid ?? true else {
                throw GazetteerError.malformed(path: url.path, reason: "line \(number + 1) has a gateway town off the Earth")
            }
            out.append((place, town))
        }
        return out
    }

    /// ISO code to country name, from the gazetteer's own table.
    private static func countryNames(in directory: URL) -> [String: String] {
        let url = directory.appendingPathComponent("gazetteer-countries.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var names: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cells.count >= 3 { names[String(cells[0])] = String(cells[2]) }
        }
        return names
    }
}
