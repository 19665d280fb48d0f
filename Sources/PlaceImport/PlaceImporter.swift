import Exchange
import Foundation
import Gazetteer
import RoadtripCore

/// `roadtrip places import FILE.osm.pbf`: an extract's named places into the user gazetteer.
public enum PlaceImporter {
    /// What an import wrote: the region's name, its file and how many places of each kind.
    public struct Summary: Sendable, Equatable {
        public var region: String
        public var file: URL
        public var counts: [(kind: String, count: Int)]
        public var total: Int

        public static func == (a: Summary, b: Summary) -> Bool {
            a.region == b.region && a.file == b.file && a.total == b.total && a.counts.elementsEqual(b.counts, by: ==)
        }

        /// "1,203 places: 2 towns, 40 sights, 12 fuel …".
        public var line: String {
            "\(Formatting.grouped(total)) place\(total == 1 ? "" : "s"): "
                + counts.map { "\(Formatting.grouped($0.count)) \($0.kind)" }.joined(separator: ", ")
        }
    }

    /// Reads `path`, gives each place the region, country and zone of its nearest built-in place,
    /// and writes `<folder>/REGION.json` atomically (replacing an earlier import of the same region).
    public static func run(
        path: String, region: String, folder: ImportedPlacesFolder,
        nearest: (Coordinate) -> Place?
    ) throws -> Summary {
        let extracted = try OSMExtract.places(in: path)
        let shown = PlainText.line(path)
        guard !extracted.isEmpty else {
            throw ImportError("\(shown) holds no named places or points of interest: nothing was imported")
        }
        var seen = Set<String>()
        // The most prominent first, so that of one thing mapped twice (a castle also tagged as a sight,
        // a peak with its viewpoint) the row kept is the one that says most.
        let ordered = extracted.sorted {
            (OSMFeature.prominence[$0.kind] ?? 0, $0.population) > (OSMFeature.prominence[$1.kind] ?? 0, $1.population)
        }
        let places: [ImportedPlace] = ordered.compactMap { p in
            guard let name = ImportedText.name(p.name), Plausibility.isOnEarth(p.coordinate) else { return nil }
            // One row per name and spot (about 100 m): a lake drawn as a way and a relation is one lake.
            let key =
                "\(TypedName.folded(name))|\(Int((p.coordinate.latitude * 1000).rounded()))|\(Int((p.coordinate.longitude * 1000).rounded()))"
            guard seen.insert(key).inserted else { return nil }
            let near = nearest(p.coordinate)
            return ImportedPlace(
                name: name, aliases: p.aliases.compactMap(ImportedText.name), kind: p.kind,
                latitude: p.coordinate.latitude, longitude: p.coordinate.longitude, population: p.population,
                prominence: max(p.population, OSMFeature.prominence[p.kind] ?? 100),
                region: near?.region ?? "", country: near?.country ?? "",
                countryCode: near?.countryCode ?? "", timeZone: near?.timeZone ?? "")
        }
        // An empty region would replace a good earlier import of the same name with nothing.
        guard !places.isEmpty else {
            throw ImportError(
                "\(shown): none of its \(extracted.count) named places has a printable name and a position on Earth; "
                    + "nothing was imported")
        }
        let source = path.split(separator: "/").last.map(String.init) ?? path
        let document = ImportedRegion(
            region: region, source: ImportedText.name(source) ?? region,
            imported: ISO8601Text.string(Date()), places: places)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        } catch {
            throw ImportError(
                "cannot create the places folder \(folder.url.path): make \(folder.url.deletingLastPathComponent().path) "
                    + "writable, or choose another --data")
        }
        do {
            let bytes = try encoder.encode(document)
            try ExportFile.write(bytes, to: folder.file(region).path)
            // Packed now, once, so no search reads or folds the region again.
            try folder.writePack(of: document, sourceBytes: bytes)
        } catch {
            throw ImportError("cannot write \(folder.file(region).path): \(error)")
        }
        let counts = Dictionary(grouping: places, by: \.kind).map { ($0.key, $0.value.count) }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        return Summary(
            region: region, file: folder.file(region), counts: counts.map { (kind: $0.0, count: $0.1) }, total: places.count)
    }
}
