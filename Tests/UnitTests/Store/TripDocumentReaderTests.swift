import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// The fast reader must read what `JSONDecoder` reads, to the same values, and leave everything
/// else to it, so the full decoder's positioned messages still explain bad files.
@Suite struct TripDocumentReaderTests {
    static func decoded(_ text: String) throws -> TripDocument {
        try JSONDecoder().decode(TripDocument.self, from: Data(text.utf8))
    }

    static func fast(_ text: String) throws -> TripDocument {
        try TripDocumentReader.read(Data(text.utf8))
    }

    @Test(arguments: [UInt64(1), 5, 99])
    func roundTripsGeneratedTripsWithEveryFieldKind(seed: UInt64) throws {
        let document = TripWorkload.document(count: 30, stops: 15, seed: seed)
        let bytes = Data(try TripDocumentWriter.encode(document))
        #expect(try TripDocumentReader.read(bytes) == document)
        #expect(try JSONDecoder().decode(TripDocument.self, from: bytes) == document)
    }

    @Test func aWholeNumberTooLongForAnIntIsLeftToTheFullDecoderNotOverflowed() {
        // Found by the file fuzzer: 40 digits used to overflow before the length check.
        let text = #"{"formatVersion": "# + String(repeating: "2", count: 40) + #", "trips": []}"#
        #expect(throws: (any Error).self) { try Self.fast(text) }
        #expect(throws: (any Error).self) { try TripDocumentCodec.decode(Data(text.utf8), path: "/t.json") }
    }

    @Test func readsTheSampleTripsAsTheFullDecoderDoes() throws {
        let url = try #require(ResourceLocator.dataDirectory).appendingPathComponent("sample-trips.json")
        let data = try Data(contentsOf: url)
        #expect(try TripDocumentReader.read(data) == JSONDecoder().decode(TripDocument.self, from: data))
    }

    @Test func readsEdgeNumbersToTheSameDoubles() throws {
        let numbers = [
            "0", "-0", "0.1", "1E5", "1e-7", "-2.5e+2", "48.858400000000003", "0.30000000000000004",
            "123456789012345678901234", "1.7976931348623157e308", "5e-324", "2.2250738585072011e-308",
            "0.000000000000000000000000000001", "9007199254740993", "89.99999999999999999999", "1e22", "1e23",
            "45.00000000000000000000000000000000000001"
        ]
        for number in numbers {
            let text = StoreFixtures.text(
                stop: """
                          "id" : "00000000-0000-4000-8000-000000000001",
                          "latitude" : \(number.hasPrefix("1e2") || number.hasPrefix("1.79") || number.hasPrefix("1234") ? "1" : number),
                          "longitude" : 0,
                          "name" : "n",
                          "stay" : \(number.hasPrefix("-") ? "1" : number)
                    """)
            let expected = try Self.decoded(text)
            let read = try Self.fast(text)
            #expect(read == expected, "\(number)")
            let stop = try #require(read.trips.first?.waypoints.first)
            let reference = try #require(expected.trips.first?.waypoints.first)
            #expect(stop.stay.bitPattern == reference.stay.bitPattern, "\(number)")
            #expect(stop.coordinate.latitude.bitPattern == reference.coordinate.latitude.bitPattern, "\(number)")
        }
    }

    /// Strings and spaces are scanned eight bytes at a time: whatever a word's first quote,
    /// backslash, control character or non-ASCII byte, and wherever the word ends, the value read is
    /// the full decoder's, and a raw control character is left to it.
    @Test(arguments: 0..<18)
    func readsStringsWhateverWhereTheirSpecialBytesFall(at offset: Int) throws {
        let lead = String(repeating: "a", count: offset)
        for inner in ["é", "東京🚗", "\\\"", "\\\\", "\\n", "\\u00e9", "", "z"] {
            let spaces = String(repeating: " ", count: offset)
            let text = StoreFixtures.text(
                stop: StoreFixtures.goodStop.replacingOccurrences(
                    of: "\"name\" : \"東京\"", with: "\"name\"\(spaces):\(spaces)\"\(lead)\(inner)\(lead)\""))
            #expect(try Self.fast(text) == Self.decoded(text), "\(offset) \(inner)")
        }
        for control in ["\u{01}", "\u{1F}", "\t", "\n"] {
            let text = StoreFixtures.text(
                stop: StoreFixtures.goodStop.replacingOccurrences(
                    of: "\"name\" : \"東京\"", with: "\"name\" : \"\(lead)\(control)\(lead)\""))
            #expect(throws: TripDocumentReader.NotOnFastPath.self, "\(offset)") { try Self.fast(text) }
            #expect(throws: (any Error).self, "\(offset)") { try Self.decoded(text) }
        }
    }

    /// Bytes that are not UTF-8, wherever they fall, are left to the full decoder, which refuses
    /// them; a U+FFFD written in the file is read as it is.
    @Test(arguments: [[0xF0, 0x9F, 0x98], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xE6, 0x97]])
    func bytesThatAreNotUTF8AreNotReadFast(bad: [UInt8]) throws {
        for lead in ["", "Zürich ", String(repeating: "a", count: 9)] {
            var bytes = Array(StoreFixtures.text(stop: StoreFixtures.goodStop).utf8)
            let name = Array("東京".utf8)
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: name) })
            bytes.replaceSubrange(at..<at + name.count, with: Array(lead.utf8) + bad + Array("x".utf8))
            #expect(throws: TripDocumentReader.NotOnFastPath.self, "\(bad) \(lead)") { try TripDocumentReader.read(Data(bytes)) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(TripDocument.self, from: Data(bytes)) }
        }
        let replacement = StoreFixtures.text(stop: StoreFixtures.goodStop.replacingOccurrences(of: "東京", with: "a\u{FFFD}b"))
        #expect(try Self.fast(replacement).trips[0].waypoints[0].name == "a\u{FFFD}b")
    }

    @Test func readsEscapesNullsAnyKeyOrderAndCompactText() throws {
        let text = #"""
            {"trips":[{"waypoints":[{"name":"caf\u00e9 \ud83d\ude97 \/ \"q\" \\ \b\f\n\r\t","longitude":-0.5,"latitude":1,
            "id":"abcdef01-2345-4678-89ab-cdef01234567","note":null,"timeZone":null,"fixedArrival":"2026-03-28T22:00:00+01:00",
            "stay":null,"overnight":true}],"name":"x","id":"00000000-0000-4000-8000-0000000000A1","startDate":null,
            "fuelConsumption":{"value":6.5,"unit":"L/100km"},"fuelPrice":null,"dailyStartMinutes":0,"dailyDrivingLimit":3600.5}],
            "formatVersion":1}
            """#
        let read = try Self.fast(text)
        #expect(read == (try Self.decoded(text)))
        #expect(read.trips[0].waypoints[0].name == "café 🚗 / \"q\" \\ \u{8}\u{C}\n\r\t")
        #expect(read.trips[0].waypoints[0].fixedArrival == ISO8601Text.date("2026-03-28T21:00:00Z"))
    }

    @Test func readsDatesAsISO8601TextDoes() throws {
        let dates = [
            "2026-03-28T22:00:00Z", "2026-03-28T22:00:00+01:00", "2026-03-28T22:00:00-09:30", "2024-02-29T23:59:59Z",
            "0001-01-01T00:00:00Z", "1582-10-04T00:00:00Z", "1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2026-03-28T22:00:00.250Z", "1969-12-31T23:59:59Z"
        ]
        for text in dates {
            let expected = try #require(ISO8601Text.date(text), "\(text)")
            let read = TripDocumentReader.fastDate(text) ?? ISO8601Text.date(text)
            #expect(read == expected, "\(text)")
        }
        // Impossible days are left to ISO8601Text, whatever it decides.
        #expect(TripDocumentReader.fastDate("2026-02-30T00:00:00Z") == nil)
        #expect(TripDocumentReader.fastDate("2026-03-28T24:00:00Z") == nil)
    }

    @Test(arguments: [
        "\u{FEFF}{\"formatVersion\":1,\"trips\":[]}",  // a byte order mark
        "{\"formatVersion\":1,\"trips\":[],\"extra\":0}",  // an unknown key
        "{\"formatVersion\":1,\"formatVersion\":1,\"trips\":[]}",  // a repeated key
        "{\"formatVersion\":1.0,\"trips\":[]}",  // a version with a fraction
        "{\"formatVersion\":1,\"trips\":[]} x",  // content after the document
        "{\"formatVersion\":1,\"trips\":[}",  // broken syntax
        "{\"formatVersion\":1,\"trips\":[{\"id\":\"00000000-0000-4000-8000-0000000000A1\",\"name\":\"\\ud800\",\"waypoints\":[]}]}",
        "{\"formatVersion\":1,\"trips\":[{\"id\":\"00000000-0000-4000-8000-0000000000A1\",\"name\":\"a\",\"waypoints\":[],\"dailyDrivingLimit\":0}]}",
        "{\"formatVersion\":1,\"trips\":[{\"id\":\"00000000-0000-4000-8000-0000000000A1\",\"name\":\"a\",\"waypoints\":[],\"fuelPrice\":1e400}]}",
        "{\"formatVersion\":1,\"trips\":[{\"id\":\"0000000-0000-4000-8000-0000000000A1\",\"name\":\"a\",\"waypoints\":[]}]}",
        "{\"formatVersion\":1,\"trips\":[{\"id\":\"00000000-0000-4000-8000-0000000000A1\",\"name\":\"a\u{1}\",\"waypoints\":[]}]}",
        "{\"formatVersion\":01,\"trips\":[]}"
    ])
    func leavesEverythingElseToTheFullDecoder(text: String) {
        #expect(throws: TripDocumentReader.NotOnFastPath.self) { try Self.fast(text) }
    }

    @Test func badFilesStillGetTheFullDecodersPositionedMessages() throws {
        let text = StoreFixtures.text(stop: StoreFixtures.goodStop + ",\n          \"stay\" : -5")
        let content = try #require(throws: TripStoreError.self) { try TripDocumentCodec.decode(Data(text.utf8), path: "/t.json") }
        #expect(content.kind == .invalidContent)
        #expect(content.reason.hasPrefix("line 13: trips[0].waypoints[0].stay:"), "\(content.reason)")
        let syntax = try #require(throws: TripStoreError.self) {
            try TripDocumentCodec.decode(Data("{\"formatVersion\": 1, \"trips\": [}".utf8), path: "/t.json")
        }
        #expect(syntax.kind == .malformed(line: 1, column: 32))
    }
}
