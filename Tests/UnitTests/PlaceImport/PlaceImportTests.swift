import Foundation
import Gazetteer
import RoadtripCore
import SwiftProtobuf
import Testing
@testable import PlaceImport

/// `places import` on a real OpenStreetMap extract (Monaco, as osrm-bindings ships it) and on broken files.
@Suite struct PlaceImportTests {
    static let monaco = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/osrm/monaco.osm.pbf").path

    private func sandbox() throws -> ImportedPlacesFolder {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return ImportedPlacesFolder(dataFile: dir.appendingPathComponent("trips.json"))
    }

    @Test func monacosSightsParksAndFuelBecomeSearchable() throws {
        let folder = try sandbox()
        defer { try? FileManager.default.removeItem(at: folder.url.deletingLastPathComponent()) }
        let gazetteer = try GazetteerFixture.gazetteer()
        let summary = try PlaceImporter.run(
            path: Self.monaco, region: "monaco", folder: folder, nearest: { gazetteer.nearest(to: $0) })
        #expect(summary.total >= 40)
        #expect(summary.counts.contains { $0.kind == "fuel" && $0.count >= 3 })
        #expect(summary.counts.contains { $0.kind == "museum" })
        #expect(folder.regions() == ["monaco"])

        let combined = CombinedPlaces(builtIn: gazetteer, folder: folder, destinationsDirectory: nil)
        let palace = try #require(combined.search("Palais Princier", limit: 1).first)
        #expect(palace.name == "Palais Princier de Monaco" && palace.kind == "sight")
        #expect(abs(palace.coordinate.latitude - 43.7314) < 0.001 && abs(palace.coordinate.longitude - 7.4201) < 0.001)
        #expect(palace.country == "Monaco" && palace.timeZone == "Europe/Monaco")
        // Accents and a later word, as for built-in places.
        #expect(combined.search("oceanographique", limit: 1).first?.name == "Musée Océanographique")
        // The built-in places still come first where they are the better match.
        #expect(combined.search("Hallstatt", limit: 1).first?.name == "Hallstatt")
        #expect(combined.search("Jardin, Monaco", limit: 1).first?.name.hasPrefix("Jardin") == true)

        try FileManager.default.removeItem(at: folder.file("monaco"))
        #expect(
            CombinedPlaces(builtIn: gazetteer, folder: folder).search("Palais Princier", limit: 1).first?.name
                != "Palais Princier de Monaco")
    }

    @Test func regionNamesAreSafeFileNames() {
        #expect(ImportedPlacesFolder.regionName("/tmp/Monaco-latest.osm.pbf") == "monaco")
        #expect(ImportedPlacesFolder.regionName("../../etc/passwd") == "passwd")
        #expect(ImportedPlacesFolder.regionName("Île de France") == "le-de-france")
    }

    @Test func tagsDecideTheKind() {
        #expect(OSMFeature.kind(["boundary": "national_park"]) == "park")
        #expect(OSMFeature.kind(["natural": "peak"]) == "peak")
        #expect(OSMFeature.kind(["mountain_pass": "yes", "highway": "road"]) == "pass")
        #expect(OSMFeature.kind(["amenity": "fuel"]) == "fuel")
        #expect(OSMFeature.kind(["place": "village"]) == "village")
        #expect(OSMFeature.kind(["amenity": "bench"]) == nil)
        #expect(
            OSMFeature.aliases(["name:en": "Prince's Palace", "alt_name": "Palais;Palace"], name: "Palais") == [
                "Prince's Palace", "Palace"
            ])
    }

    /// A file that is not what it says is refused in one line, without reading past what the format allows.
    @Test func brokenAndHostileFilesAreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pbf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func refusal(_ bytes: Data) -> String {
            let path = dir.appendingPathComponent("f\(UUID().uuidString).osm.pbf").path
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
            do {
                _ = try OSMExtract.places(in: path)
                return "read"
            } catch { return "\(error)" }
        }
        func block(_ type: String, _ blob: RoadtripOsm_Blob) throws -> Data {
            let body = try blob.serializedData()
            var header = RoadtripOsm_BlobHeader()
            header.type = type
            header.datasize = Int32(body.count)
            let head = try header.serializedData()
            return Data([0, 0, UInt8(head.count >> 8), UInt8(head.count & 0xFF)]) + head + body
        }
        var headerBlob = RoadtripOsm_Blob()
        headerBlob.raw = try {
            var h = RoadtripOsm_HeaderBlock()
            h.requiredFeatures = ["OsmSchema-V0.6"]
            return try h.serializedData()
        }()
        let goodHeader = try block("OSMHeader", headerBlob)

        #expect(refusal(Data("<?xml version='1.0'?><osm/>".utf8)).contains("not an OpenStreetMap PBF file"))
        #expect(refusal(Data(repeating: 0xFF, count: 64)).contains("not an OpenStreetMap PBF file"))
        #expect(refusal(goodHeader.prefix(goodHeader.count - 3)).contains("ends inside a block"))
        #expect(refusal(Data()).contains("no OSMHeader block"))
        // A header claiming a block far over the format's 32 MiB is refused before anything is read.
        var huge = RoadtripOsm_BlobHeader()
        huge.type = "OSMData"
        huge.datasize = 1 << 30
        let hugeHead = try huge.serializedData()
        #expect(refusal(goodHeader + Data([0, 0, 0, UInt8(hugeHead.count)]) + hugeHead).contains("over the format's 32 MiB"))
        // A block whose zlib data unpacks to more than it says (a decompression bomb) is refused.
        var bomb = RoadtripOsm_Blob()
        bomb.rawSize = 10
        bomb.zlibData = Data([0x78, 0x9C]) + Self.deflatedZeros
        #expect(refusal(goodHeader + (try block("OSMData", bomb))).contains("larger than it says"))
        var lzma = RoadtripOsm_Blob()
        lzma.lzmaData = Data([1, 2, 3])
        #expect(refusal(goodHeader + (try block("OSMData", lzma))).contains("compressed other than with zlib"))
        var future = RoadtripOsm_HeaderBlock()
        future.requiredFeatures = ["OsmSchema-V0.6", "HistoricalInformation"]
        var futureBlob = RoadtripOsm_Blob()
        futureBlob.raw = try future.serializedData()
        #expect(refusal(try block("OSMHeader", futureBlob)).contains("HistoricalInformation"))
    }

    /// 100,000 zero bytes, raw-deflated (zlib's stored form of a long run): what a bomb's block holds.
    static let deflatedZeros: Data = {
        // Built with Python's zlib.compress(bytes(100000), 9)[2:] and kept as bytes, so no compressor is needed here.
        Data(
            base64Encoded:
                "7cExAQAAAMKg9U9tDQ+gAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgFcDhq8AAQ=="
        )!
    }()
}
