import Foundation
import Testing
@testable import Gazetteer

/// A damaged gazetteer-index.bin (or a places file it was not built with) is refused with
/// a one-line reason: the search reads the index's arrays in place, so the loader must
/// catch every number that would point outside them.
@Suite("Gazetteer: damaged index")
struct DamagedIndexTests {
    @Test func anOldVersionIsRefusedByNumber() throws {
        let reason = try loadDamaged { index in index.setUInt32(2, at: 4) }
        #expect(reason == "index version 2, this build reads version 3")
    }

    @Test func aTruncatedIndexIsRefused() throws {
        let reason = try loadDamaged { index in index.bytes.removeLast(10) }
        #expect(reason.contains("bytes where the header promises"), "\(reason)")
    }

    @Test func aNameOffsetPastTheNamesIsRefused() throws {
        let reason = try loadDamaged { index in
            let last = index.entries + 4 * (index.entryCount - 1)
            index.setUInt32(index.uint32(at: last) | 0x3FFF << 18, at: last)
        }
        #expect(reason == "a name starts past the end of the names")
    }

    @Test func aRowPastTheLastPlaceIsRefused() throws {
        let reason = try loadDamaged { index in
            let entry = index.uint32(at: index.entries) & ~IndexFile.rowMask
            index.setUInt32(entry | UInt32(index.placeCount), at: index.entries)
        }
        #expect(reason == "a name points past the last place")
    }

    @Test func aWordKeyPastTheNamesIsRefused() throws {
        let reason = try loadDamaged { index in
            index.setUInt32(UInt32(index.entryCount) << 8 | 1, at: index.words)
        }
        #expect(reason == "a word key points outside the names")
    }

    @Test func aPlaceLinePastThePlacesFileIsRefused() throws {
        let reason = try loadDamaged { index in
            index.setUInt32(index.uint32(at: 24), at: index.placeLines + 4)
        }
        #expect(reason == "a place row starts past the places file")
    }

    @Test func aCountryOutOfRangeIsRefused() throws {
        let reason = try loadDamaged { index in
            index.bytes[28] = 0xFF
            index.bytes[29] = 0xFF
        }
        #expect(reason == "a country or region number is out of range")
    }

    @Test func aPlacesFileOfAnotherSizeIsRefused() throws {
        let reason = try loadDamaged(places: { places in places.append(contentsOf: Array("0\tX\n".utf8)) })
        #expect(reason.hasSuffix("bytes, but the index was built with one of \(placesSize())"), "\(reason)")
    }

    @Test func aPlacesFileWithoutItsLastNewlineIsRefused() throws {
        let reason = try loadDamaged(places: { places in places[places.count - 1] = UInt8(ascii: " ") })
        #expect(reason == "no newline at the end")
    }

    private func placesSize() -> Int {
        (try? FileManager.default.attributesOfItem(
            atPath: GazetteerFixture.dataDirectory.appendingPathComponent("gazetteer-places.tsv").path)[.size] as? Int) ?? -1
    }

    /// Loads a copy of the data with the index and places file changed as given, and returns
    /// the reason of the `GazetteerError.malformed` it must throw.
    private func loadDamaged(
        index damage: (inout IndexBytes) -> Void = { _ in }, places: (inout [UInt8]) -> Void = { _ in }
    ) throws -> String {
        try GazetteerFixture.withCopyOfData { dir in
            let indexURL = dir.appendingPathComponent("gazetteer-index.bin")
            var index = IndexBytes(bytes: [UInt8](try Data(contentsOf: indexURL)))
            damage(&index)
            try Data(index.bytes).write(to: indexURL)
            let placesURL = dir.appendingPathComponent("gazetteer-places.tsv")
            var placeBytes = [UInt8](try Data(contentsOf: placesURL))
            places(&placeBytes)
            try Data(placeBytes).write(to: placesURL)
            do {
                _ = try Gazetteer.load(from: dir)
            } catch let GazetteerError.malformed(_, reason) {
                #expect(!reason.contains("\n"))
                return reason
            }
            Issue.record("the damaged copy loaded")
            return ""
        }
    }
}

/// gazetteer-index.bin as bytes, with where its arrays start (the format in
/// Scripts/data/build_gazetteer.py, worked out here independently of the loader).
private struct IndexBytes {
    var bytes: [UInt8]

    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    var placeCount: Int { Int(uint32(at: 8)) }
    var entryCount: Int { Int(uint32(at: 12)) }
    var wordCount: Int { Int(uint32(at: 16)) }
    var heads: Int { (28 + 4 * placeCount + 7) / 8 * 8 }
    var placeLines: Int { heads + 8 * ((entryCount + 31) / 32) + 8 * ((wordCount + 31) / 32) }
    var entries: Int { placeLines + 4 * ((placeCount + 15) / 16) + 4 * ((entryCount + 31) / 32) }
    var words: Int { entries + 4 * entryCount }
}
