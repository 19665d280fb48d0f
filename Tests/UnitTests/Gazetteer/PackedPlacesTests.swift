import Foundation
import RoadtripCore
import Testing

@testable import Gazetteer

/// The curated destinations and imported regions are searched from packs made once (issue 34):
/// the committed pack must be the table's, a damaged pack is refused and never crashes, and a
/// region gets its pack when it is imported.
@Suite struct PackedPlacesTests {
    static let data = try! #require(ResourceLocator.location.directory)

    @Test func theCommittedPackIsTheTablesPack() throws {
        let table = try #require(
            FileManager.default.contents(atPath: Self.data.appendingPathComponent(Destinations.fileName).path))
        let packed = try Destinations.pack(tableBytes: table, directory: Self.data)
        let committed = try Data(contentsOf: Self.data.appendingPathComponent(Destinations.packName))
        #expect(
            Data(packed) == committed,
            "Data/destinations.pack is stale: run Scripts/data/pack_destinations.sh after editing Data/destinations.tsv")
    }

    @Test func thePackFindsWhatTheTableHolds() throws {
        let pack = try PackedPlaces(Self.data.appendingPathComponent(Destinations.packName))
        let rows = try Destinations.table(from: Self.data)
        #expect(pack.count == rows.count)
        for (i, row) in rows.enumerated() where i % 97 == 0 {
            #expect(pack.place(i).name == PlainText.line(row.place.name))
            #expect(pack.gateway(i) == row.gateway)
            let hits = pack.keys(beginningWith: Array(TypedName.folded(row.place.name).utf8))
            #expect(hits.contains { $0.entry == i && $0.kind == .name && $0.exact })
        }
    }

    @Test(arguments: ["truncated", "magic", "key"])
    func aDamagedPackIsRefusedAndTheTableIsSearchedInstead(damage: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [Destinations.fileName, "gazetteer-countries.tsv"] {
            try FileManager.default.copyItem(at: Self.data.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        var bytes = [UInt8](try Data(contentsOf: Self.data.appendingPathComponent(Destinations.packName)))
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 2)
        case "magic": bytes[0] = 0
        default:
            // The first key's entry number, far past the entries.
            let keysAt = PackedPlaces.headerBytes + 1929 * PackedPlaces.Record.bytes
            bytes.replaceSubrange((keysAt + 8)..<(keysAt + 12), with: [0xFF, 0xFF, 0xFF, 0x7F])
        }
        let url = folder.appendingPathComponent(Destinations.packName)
        try Data(bytes).write(to: url)
        #expect(throws: GazetteerError.self) { try PackedPlaces(url) }
        let packed = try #require(Destinations.packed(in: folder))
        #expect(packed.count == 1929)
    }

    @Test func anImportedRegionIsPackedOnceAndMappedAfter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = ImportedPlacesFolder(dataFile: folder.appendingPathComponent("trips.json"))
        try FileManager.default.createDirectory(at: places.url, withIntermediateDirectories: true)
        let region = ImportedRegion(
            region: "monaco", source: "monaco.osm.pbf", imported: "2026-11-27T00:00:00Z",
            places: [
                ImportedPlace(
                    name: "Jardin Exotique", aliases: ["Exotic Garden"], kind: "park", latitude: 43.7311, longitude: 7.4136,
                    population: 0, prominence: 1000, region: "Monaco", country: "Monaco", countryCode: "MC",
                    timeZone: "Europe/Monaco"),
                ImportedPlace(
                    name: "Off the Earth", aliases: [], kind: "sight", latitude: 95, longitude: 500, population: Int.max,
                    prominence: 1, region: "", country: "", countryCode: "", timeZone: "")
            ])
        // As an older roadtrip left it: the region file only.
        try JSONEncoder().encode(region).write(to: places.file("monaco"))
        let first = places.packs()
        #expect(first.count == 1 && first[0].count == 1)
        #expect(FileManager.default.fileExists(atPath: places.packFile("monaco").path))
        let mapped = places.packs()
        #expect(mapped.first?.place(0).name == "Jardin Exotique")
        #expect(mapped.first?.keys(beginningWith: Array("exotic".utf8)).first?.kind == .alias)
    }
}
