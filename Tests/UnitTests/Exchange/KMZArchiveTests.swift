import Foundation
import RoadtripCore
import Testing
import ZIPFoundation
@testable import Exchange

/// KMZ archives built byte by byte, so each damage is exactly the one meant: every one is refused
/// in one line, none traps, none hangs, none unpacks past its limit.
@Suite struct KMZArchiveTests {
    static let kml = Data(
        """
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Zipped</name>
        <Placemark><name>A</name><Point><coordinates>7.1,46.2</coordinates></Point></Placemark>
        <Placemark><name>B</name><Point><coordinates>7.3,46.4</coordinates></Point></Placemark>
        </Document></kml>
        """.utf8)

    /// One file in a hand-made archive, with the lies a hostile one may tell.
    struct File {
        var path: String
        var data: Data
        var method: UInt16 = 8
        var flags: UInt16 = 0
        /// The uncompressed size the directory states, when not the true one.
        var statedSize: UInt32?
        var crc32: UInt32?
        /// How many compressed bytes are kept (a cut stream), when not all.
        var keptBytes: Int?
    }

    /// A zip archive: local headers and data, then the central directory and its end record.
    static func archive(_ files: [File], directoryOffset: UInt32? = nil, entryCount: UInt16? = nil) throws -> Data {
        var out = Data(), directory = Data()
        func u16(_ v: UInt16, _ d: inout Data) { d.append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8)]) }
        func u32(_ v: UInt32, _ d: inout Data) {
            u16(UInt16(v & 0xFFFF), &d)
            u16(UInt16(v >> 16), &d)
        }
        for file in files {
            var stored = file.data
            if file.method == 8 {
                stored = Data()
                _ = try Data.compress(
                    size: Int64(file.data.count), bufferSize: 1 << 16,
                    provider: { position, size in
                        file.data.subdata(in: Int(position)..<Int(position) + size)
                    }, consumer: { stored.append($0) })
            }
            if let kept = file.keptBytes { stored = stored.prefix(kept) }
            let crc = file.crc32 ?? file.data.crc32(checksum: 0)
            let name = Data(file.path.utf8)
            let offset = UInt32(out.count)
            for (signature, target) in [(UInt32(0x0403_4B50), 0), (0x0201_4B50, 1)] {
                var d = Data()
                u32(signature, &d)
                if target == 1 { u16(20, &d) }
                u16(20, &d)
                u16(file.flags, &d)
                u16(file.method, &d)
                u16(0, &d)
                u16(0x21, &d)
                u32(crc, &d)
                u32(UInt32(stored.count), &d)
                u32(file.statedSize ?? UInt32(file.data.count), &d)
                u16(UInt16(name.count), &d)
                u16(0, &d)
                if target == 1 {
                    u16(0, &d)
                    u16(0, &d)
                    u16(0, &d)
                    u32(0, &d)
                    u32(offset, &d)
                    directory.append(d + name)
                } else {
                    out.append(d + name + stored)
                }
            }
        }
        let start = UInt32(out.count)
        out.append(directory)
        var end = Data()
        u32(0x0605_4B50, &end)
        u16(0, &end)
        u16(0, &end)
        u16(entryCount ?? UInt16(files.count), &end)
        u16(entryCount ?? UInt16(files.count), &end)
        u32(UInt32(directory.count), &end)
        u32(directoryOffset ?? start, &end)
        u16(0, &end)
        return out + end
    }

    func refusal(_ data: Data, importer: TripImporter = TripImporter()) -> String {
        do {
            let result = try importer.importData(data, fileName: "t.kmz")
            return "imported \(result.trip.waypoints.count) stops"
        } catch {
            #expect(!error.description.contains("\n"))
            return error.description
        }
    }

    @Test func theArchivesBuiltHereAreReadWhenNothingIsWrong() throws {
        let plain = try Self.archive([File(path: "doc.kml", data: Self.kml)])
        #expect(refusal(plain) == "imported 2 stops")
        let stored = try Self.archive([File(path: "doc.kml", data: Self.kml, method: 0)])
        #expect(refusal(stored) == "imported 2 stops")
    }

    @Test func docKMLWinsElseTheFirstKMLAtAnyDepth() throws {
        let other = Data(String(decoding: Self.kml, as: UTF8.self).replacingOccurrences(of: "Zipped", with: "Other").utf8)
        let both = try Self.archive([File(path: "files/other.kml", data: other), File(path: "doc.kml", data: Self.kml)])
        #expect(try TripImporter().importData(both, fileName: "t.kmz").trip.name == "Zipped")
        let nested = try Self.archive([
            File(path: "files/", data: Data(), method: 0), File(path: "files/icon.png", data: Data([1, 2, 3])),
            File(path: "layers/Trip.KML", data: other)
        ])
        #expect(try TripImporter().importData(nested, fileName: "t.kmz").trip.name == "Other")
        let seed = ExchangeTestFiles.repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz/kmz/stored-with-image.kmz")
        #expect(try TripImporter().importData(Data(contentsOf: seed), fileName: "t.kmz").trip.name == "Iceland ring road")
    }

    /// The fuzzer's first find: ZIPFoundation's in-memory archive trapped on a directory past the end.
    @Test func aDirectoryPointingPastTheEndIsRefusedNotATrap() throws {
        let found = ExchangeTestFiles.repositoryRoot.appendingPathComponent(
            "Tests/Fixtures/fuzz/kmz/crash-directory-past-end.kmz")
        #expect(refusal(try Data(contentsOf: found)).contains("the KMZ archive is damaged"))
        let past = try Self.archive([File(path: "doc.kml", data: Self.kml)], directoryOffset: 1_000_000)
        #expect(refusal(past) == "t.kmz: the KMZ archive is damaged: its directory lies outside the archive")
        let tooMany = try Self.archive([File(path: "doc.kml", data: Self.kml)], entryCount: 2)
        #expect(refusal(tooMany) == "t.kmz: the KMZ archive is damaged: its directory is cut short")
    }

    @Test func aCutStreamAWrongChecksumAndAnUnderstatedSizeAreDamage() throws {
        let cut = try Self.archive([File(path: "doc.kml", data: Self.kml, keptBytes: 40)])
        let cutRefusal = refusal(cut)
        #expect(
            cutRefusal == "t.kmz: the KMZ archive is damaged: doc.kml is cut short"
                || cutRefusal == "t.kmz: the KMZ archive is damaged: doc.kml does not unpack", "\(cutRefusal)")
        let wrongSum = try Self.archive([File(path: "doc.kml", data: Self.kml, crc32: 12345)])
        #expect(refusal(wrongSum) == "t.kmz: the KMZ archive is damaged: doc.kml does not match its checksum")
        // A bomb that claims to be small is stopped at the size it claims.
        let understated = try Self.archive([
            File(path: "doc.kml", data: Self.kml + Data(repeating: 0x20, count: 1_000_000), statedSize: 100)
        ])
        #expect(refusal(understated) == "t.kmz: the KMZ archive is damaged: doc.kml unpacks to more than its directory says")
        let shortLocal = try Self.archive([File(path: "doc.kml", data: Self.kml, method: 0, keptBytes: 40)])
        #expect(refusal(shortLocal).contains("damaged"))
    }

    @Test func aZipBombIsRefusedBeforeItIsUnpacked() throws {
        // 60 MB of spaces inside the document deflates to some 60 KB.
        let padding = Data(repeating: 0x20, count: 60_000_000)
        let bomb = try Self.archive([File(path: "doc.kml", data: Self.kml.prefix(50) + padding + Self.kml.dropFirst(50))])
        #expect(bomb.count < 100_000)
        let started = Date()
        let size = Formatting.grouped(padding.count + Self.kml.count)
        #expect(refusal(bomb) == "t.kmz: doc.kml unpacks to \(size) bytes, over the 50,000,000-byte limit")
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func whatRoadtripDoesNotReadIsNamed() throws {
        let encrypted = try Self.archive([File(path: "doc.kml", data: Self.kml, flags: 1)])
        #expect(refusal(encrypted) == "t.kmz: the KMZ archive uses encrypted files (doc.kml), which roadtrip does not read")
        let bzip2 = try Self.archive([File(path: "doc.kml", data: Self.kml, method: 12)])
        #expect(
            refusal(bzip2)
                == "t.kmz: the KMZ archive uses bzip2 compression (doc.kml), which roadtrip does not read: "
                + "save it again with ordinary (Deflate) compression, e.g. zip -Z deflate")
        let zip64 = try Self.archive([File(path: "doc.kml", data: Self.kml, statedSize: 0xFFFF_FFFF)])
        #expect(refusal(zip64) == "t.kmz: the KMZ archive uses ZIP64 archives, which roadtrip does not read")
        #expect(
            refusal(Data([0x50, 0x4B, 0x03, 0x04])) == "t.kmz: the KMZ archive is damaged: it is too short to be a zip archive")
    }

    /// Every single-byte change and every cut of a real export is read or refused, never a trap.
    @Test func everyFlippedByteAndEveryCutIsReadOrRefused() throws {
        let kmz = [UInt8](try TripExporter.export(KMLTests.detailed, format: .kmz))
        var refused = 0
        for index in kmz.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = kmz
                damaged[index] ^= flip
                if (try? TripImporter().importData(Data(damaged), fileName: "t.kmz")) == nil { refused += 1 }
            }
            if (try? TripImporter().importData(Data(kmz.prefix(index)), fileName: "t.kmz")) == nil { refused += 1 }
        }
        #expect(refused > kmz.count)
    }
}
