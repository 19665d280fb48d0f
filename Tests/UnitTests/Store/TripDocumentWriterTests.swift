import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// The hand-written writer must produce exactly the bytes `JSONEncoder` produced before it,
/// so existing files do not change on their first save and diffs stay clean.
@Suite struct TripDocumentWriterTests {
    /// What the store wrote before the hand-written writer: the reference.
    static func reference(_ document: TripDocument) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(document)) + [UInt8(ascii: "\n")]
    }

    static func expectIdentical(_ document: TripDocument, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try TripDocumentWriter.encode(document)
        let expected = try reference(document)
        if written != expected {
            let at =
                zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(written.count, expected.count)
            let context = { (b: [UInt8]) in String(decoding: b[max(0, at - 80)..<min(b.count, at + 80)], as: UTF8.self) }
            Issue.record(
                "differs at byte \(at):\n--- writer\n\(context(written))\n--- JSONEncoder\n\(context(expected))",
                sourceLocation: sourceLocation)
        }
    }

    @Test func sampleTripsAreIdentical() throws {
        let url = try #require(ResourceLocator.dataDirectory).appendingPathComponent("sample-trips.json")
        let document = try #require(try JSONTripStore(url: url).load())
        try Self.expectIdentical(document)
    }

    @Test(arguments: [UInt64(1), 2, 3, 42])
    func generatedTripsWithEveryFieldKindAreIdentical(seed: UInt64) throws {
        let document = TripWorkload.document(count: 40, stops: 12, seed: seed)
        // The workload must really hold every optional field, or this test proves less than it says.
        let stops = document.trips.flatMap(\.waypoints)
        #expect(document.trips.contains { $0.startDate != nil } && document.trips.contains { $0.startDate == nil })
        #expect(document.trips.contains { $0.fuelConsumption != nil && $0.fuelPrice != nil })
        #expect(stops.contains { $0.fixedArrival != nil } && stops.contains { $0.timeZone != nil })
        #expect(stops.contains { $0.overnight } && stops.contains { $0.stay > 0 } && stops.contains { $0.note.contains("\n") })
        try Self.expectIdentical(document)
    }

    @Test func emptyDocumentsTripsAndNotesAreIdentical() throws {
        try Self.expectIdentical(TripDocument(trips: []))
        try Self.expectIdentical(TripDocument(trips: [Trip(name: "", waypoints: [])]))
        try Self.expectIdentical(StoreFixtures.documentA)
    }

    @Test func edgeNumbersAreIdentical() throws {
        let numbers: [Double] = [
            0, -0.0, 0.1, 1e-7, 1e-5, 0.0001, 1e15, 1e16, 1e21, 5e-324, 2.2250738585072014e-308,
            .greatestFiniteMagnitude, 90, -90, 180, -180, 48.858400000000003, 1.0 / 3, 28800, 86_399.5
        ]
        let stops = numbers.map { n in
            Waypoint(
                name: "\(n)", coordinate: Coordinate(latitude: n.magnitude <= 90 ? n : 1, longitude: n.magnitude <= 180 ? n : 2),
                stay: n.magnitude)
        }
        let trips = numbers.map { n in
            Trip(
                name: "t", dailyDrivingLimit: n.magnitude + 1, dailyStartMinutes: 1439,
                fuelConsumption: .milesPerImperialGallon(n.magnitude + 0.5), fuelPrice: n.magnitude)
        }
        try Self.expectIdentical(TripDocument(trips: [Trip(name: "numbers", waypoints: stops)] + trips))
        try Self.expectIdentical(TripDocument(formatVersion: -3, trips: []))
    }

    @Test func edgeStringsAreIdentical() throws {
        let texts = [
            "a/b", "\"quoted\" \\ back", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1B}[31m\u{1F}\u{7F}",
            "東京 → 京都 🚗", "\u{2028}\u{2029}", "e\u{301}", "\u{FEFF}bom", "👩‍👩‍👧"
        ]
        let stops = texts.map { Waypoint(name: $0, coordinate: Coordinate(latitude: 1, longitude: 2), note: $0, timeZone: $0) }
        try Self.expectIdentical(TripDocument(trips: texts.map { Trip(name: $0, waypoints: stops) }))
    }

    @Test func edgeDatesAreIdentical() throws {
        let seconds: [Double] = [
            0, -1, 1_735_689_600, 1_735_689_600.5, 1_735_689_600.999, -62_135_596_800, 253_402_300_799,
            -62_135_596_801, 253_402_300_800, 951_782_400, 4_107_542_400, 1_709_164_800
        ]
        let stops = seconds.map {
            Waypoint(name: "d", coordinate: Coordinate(latitude: 0, longitude: 0), fixedArrival: Date(timeIntervalSince1970: $0))
        }
        try Self.expectIdentical(
            TripDocument(
                trips: seconds.map {
                    Trip(name: "d", waypoints: stops, startDate: Date(timeIntervalSince1970: $0))
                }))
    }

    @Test func civilTimeAgreesWithISO8601TextOverFourCenturies() {
        var random = WorkloadRandom(seed: 7)
        for _ in 0..<2000 {
            let seconds = Double(Int64(random.next() % 12_600_000_000) - 2_208_988_800)  // 1900…2300
            let civil = CivilTime(unixSeconds: seconds)
            let text = ISO8601Text.string(Date(timeIntervalSince1970: seconds))
            let mine = civil.map {
                String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", $0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second)
            }
            #expect(mine == text)
            #expect(civil?.unixSeconds == Int(seconds))
        }
    }

    @Test func refusesNumbersJSONCannotHoldNamingThem() {
        var trip = Trip(
            name: "t", waypoints: [Waypoint(name: "w", coordinate: Coordinate(latitude: 0, longitude: 0), stay: .infinity)])
        #expect(throws: TripDocumentWriter.Unwritable.self) { try TripDocumentWriter.encode(TripDocument(trips: [trip])) }
        do {
            _ = try TripDocumentWriter.encode(TripDocument(trips: [trip]))
        } catch {
            #expect(error.description == "trips[0].waypoints[0].stay is inf, which JSON cannot hold")
        }
        trip.waypoints = []
        trip.fuelPrice = .nan
        #expect(throws: TripDocumentWriter.Unwritable.self) { try TripDocumentWriter.encode(TripDocument(trips: [trip])) }
    }

    @Test(arguments: [1, 7, 300, 4096, 1 << 20])
    func streamedPiecesJoinToTheSameBytes(chunkSize: Int) throws {
        let document = TripWorkload.document(count: 60, stops: 12, seed: 5)
        var joined: [UInt8] = []
        var largest = 0
        try TripDocumentWriter.stream(document, chunkSize: chunkSize) { (bytes: UnsafeRawBufferPointer) throws(Never) in
            joined.append(contentsOf: bytes)
            largest = max(largest, bytes.count)
        }
        #expect(joined == (try TripDocumentWriter.encode(document)))
        // A piece is handed on once it reaches the chunk size, so it passes it by one stop at most.
        #expect(largest < chunkSize + 2000)
    }

    @Test func theStoreStreamsTheSameBytesAsJSONEncoderAcrossChunks() throws {
        let document = TripWorkload.document(count: 400, stops: 20, seed: 2026)
        let expected = try Self.reference(document)
        #expect(expected.count > 2 * TripDocumentWriter.chunkSize, "the file must span several chunks")
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: url).save(document)
            #expect(bytes(of: url) == Data(expected))
        }
    }

    @Test func streamingStopsAtTheFirstRefusedPiece() {
        struct Refused: Error {}
        let document = TripWorkload.document(count: 60, stops: 12, seed: 6)
        var pieces = 0
        do {
            try TripDocumentWriter.stream(document, chunkSize: 1000) { (_: UnsafeRawBufferPointer) throws(Refused) in
                pieces += 1
                if pieces == 3 { throw Refused() }
            }
            Issue.record("the refusal did not stop the stream")
        } catch {
            guard case .output = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(pieces == 3)
    }

    @Test func aValueJSONCannotHoldStopsTheStreamNamingIt() {
        var document = TripWorkload.document(count: 60, stops: 12, seed: 7)
        document.trips[40].waypoints[3].stay = .infinity
        var handedOn = 0
        do {
            try TripDocumentWriter.stream(document, chunkSize: 1000) { (bytes: UnsafeRawBufferPointer) throws(Never) in
                handedOn += bytes.count
            }
            Issue.record("an infinite stay was written")
        } catch {
            guard case let .unwritable(value) = error else { return }
            #expect(value.description == "trips[40].waypoints[3].stay is inf, which JSON cannot hold")
        }
        #expect(handedOn > 0, "the stream had started before the value")
    }
}
