import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// A large document is read on several cores, and must give exactly what one reader gives,
/// whatever the layout does to the guessed split points.
@Suite struct TripArrayPartsTests {
    /// About 2.5 MB in the app's own layout: large enough to be split.
    static let document = TripWorkload.document(count: 420, stops: 20, seed: 7)
    static let bytes = Data(try! TripDocumentWriter.encode(document))
    /// Runs each part before the first reader starts, so a test knows the parts were ready.
    static let atOnce: TripArrayParts.Run = { $0() }

    @Test func splitPointsOfTheAppsLayoutAreTripStarts() throws {
        #expect(Self.bytes.count > TripArrayParts.minimumBytes)
        let starts = Self.bytes.withUnsafeBytes { raw in
            TripArrayParts(bytes: raw.bindMemory(to: UInt8.self), parts: 4).starts
        }
        #expect(starts.count == 3)
        let text = [UInt8](Self.bytes)
        for start in starts {
            // A trip's first key, in sorted order, follows its brace.
            let next = String(decoding: text[start..<start + 30], as: UTF8.self)
            #expect(next.hasPrefix("{\n      \"dailyDrivingLimit\""), "\(next)")
        }
    }

    @Test(arguments: [2, 3, 8])
    func theTripsOfEveryPartAreTakenInOrder(cores: Int) throws {
        let (read, used) = try TripDocumentReader.readCountingParts(Self.bytes, cores: cores, run: Self.atOnce)
        #expect(read == Self.document)
        #expect(used == min(cores, Self.bytes.count / TripArrayParts.minimumPartBytes) - 1)
    }

    @Test func onOtherThreadsTheResultIsTheSame() throws {
        for cores in [2, 4] {
            #expect(try TripDocumentReader.read(Self.bytes, cores: cores) == Self.document)
        }
    }

    @Test func aSmallDocumentIsNotSplit() throws {
        let small = Data(try TripDocumentWriter.encode(TripWorkload.document(count: 20, stops: 5, seed: 1)))
        let starts = small.withUnsafeBytes { TripArrayParts(bytes: $0.bindMemory(to: UInt8.self), parts: 8).starts }
        #expect(starts.isEmpty)
    }

    /// Re-indented so that the split pattern marks stops, not trips: the parts start in the middle
    /// of a trip's stops, the first reader never finds a trip starting there, and reads on itself.
    @Test func splitPointsBetweenStopsAreNotTaken() throws {
        var text = String(decoding: Self.bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: "\n    },\n    {", with: "\n     },\n     {")
            .replacingOccurrences(of: "\n        },\n        {", with: "\n    },\n    {")
        let bytes = Data(text.utf8)
        let starts = bytes.withUnsafeBytes { TripArrayParts(bytes: $0.bindMemory(to: UInt8.self), parts: 4).starts }
        #expect(!starts.isEmpty)
        let (read, used) = try TripDocumentReader.readCountingParts(bytes, cores: 4, run: Self.atOnce)
        #expect(read == Self.document)
        #expect(used == 0)
    }

    @Test func aCompactDocumentHasNoSplitPointsAndReadsTheSame() throws {
        let compact = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Self.bytes))
        let starts = compact.withUnsafeBytes { TripArrayParts(bytes: $0.bindMemory(to: UInt8.self), parts: 4).starts }
        #expect(starts.isEmpty)
        #expect(try TripDocumentReader.read(compact, cores: 4) == JSONDecoder().decode(TripDocument.self, from: compact))
    }

    /// Past the last split point, a value the fast reader does not take: a part gives up, the
    /// first reader reaches the value itself and gives up too, so the full decoder decides, as it
    /// does for a document read by one reader: a wrong type and a negative stay are refused with
    /// its message, an unknown key is read.
    @Test(arguments: [
        ("\"overnight\" : false", "\"overnight\" : 7", false),
        ("\"stay\" : 0", "\"stay\" : -1", false),
        ("\"stay\" : 0", "\"stayx\" : 0", true)
    ])
    func aValueInALaterPartIsLeftToTheFullDecoder(field: String, replacement: String, isRead: Bool) throws {
        var text = String(decoding: Self.bytes, as: UTF8.self)
        let late = try #require(text.range(of: field, options: .backwards))
        text.replaceSubrange(late, with: replacement)
        let bytes = Data(text.utf8)
        for cores in [1, 2, 4] {
            #expect(throws: TripDocumentReader.NotOnFastPath.self) {
                try TripDocumentReader.readCountingParts(bytes, cores: cores, run: Self.atOnce)
            }
        }
        if isRead {
            #expect(try TripDocumentCodec.decode(bytes, path: "/t.json") == JSONDecoder().decode(TripDocument.self, from: bytes))
        } else {
            #expect(throws: TripStoreError.self) { try TripDocumentCodec.decode(bytes, path: "/t.json") }
        }
    }

    /// A part whose thread had not begun when the first reader got there is read by that reader.
    @Test func aPartNoThreadBeganIsReadByTheFirstReader() throws {
        let never: TripArrayParts.Run = { _ in }
        let (read, used) = try TripDocumentReader.readCountingParts(Self.bytes, cores: 3, run: never)
        #expect(read == Self.document)
        #expect(used == 0)
    }
}
