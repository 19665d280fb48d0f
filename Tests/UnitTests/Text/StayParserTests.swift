import Foundation
import RoadtripCore
import Testing
import TripFile

/// Stays typed with nights, and nights in the data file: old files keep their meaning.
@Suite struct StayParserTests {
    @Test func hoursNightsAndBoth() throws {
        let cases: [(String, TimeInterval, Int?)] = [
            ("1h30", 5400, nil), ("90 min", 5400, nil), ("2 nights", 0, 2), ("2n", 0, 2), ("1 night", 0, 1),
            ("3h 1n", 10800, 1), ("3h, 2 nights", 10800, 2), ("1n + 2h", 7200, 1), ("2 nights and 30 min", 1800, 2),
            ("", 0, nil), ("2d", 172_800, nil), ("0", 0, nil)
        ]
        for (text, seconds, nights) in cases {
            let stay = try StayParser.parse(text).get()
            #expect(stay.seconds == seconds && stay.nights == nights, "\(text)")
        }
    }

    @Test func nonsenseAndTooManyNightsAreRefusedInOneLine() {
        for text in ["forever", "2 nites", "400 nights", "200n 200n", "n"] {
            guard case let .failure(error) = StayParser.parse(text) else {
                Issue.record("“\(text)” was read as a stay")
                continue
            }
            #expect(!error.description.contains("\n") && error.description.contains(text), "\(error)")
        }
    }

    @Test func theTextReadsBack() throws {
        for (seconds, nights) in [(0.0, 2), (5400.0, 0), (10800.0, 1)] {
            let text = StayParser.text(seconds: seconds, nights: nights)
            let back = try StayParser.parse(text).get()
            #expect(back.seconds == seconds && (back.nights ?? 0) == nights, "\(text)")
        }
    }

    @Test func anOldOvernightReadsAsOneNightAndNightsAreWrittenBack() throws {
        let old = """
            {"formatVersion":1,"trips":[{"id":"00000000-0000-4000-8000-000000000001","name":"Old","waypoints":[
            {"id":"00000000-0000-4000-8000-000000000002","name":"A","latitude":1,"longitude":2,"stay":172800,"overnight":true},
            {"id":"00000000-0000-4000-8000-000000000003","name":"B","latitude":1,"longitude":3,"nights":3,"overnight":true,"overLimit":true}
            ]}]}
            """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("trips.json")
        try Data(old.utf8).write(to: url)
        let store = JSONTripStore(url: url)
        let trips = try #require(try store.load()).trips
        #expect(trips[0].waypoints[0].nights == 1 && trips[0].waypoints[0].stay == 172_800)
        #expect(trips[0].waypoints[1].nights == 3 && trips[0].waypoints[1].overLimit)
        try store.save(TripDocument(trips: trips))
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains("\"nights\" : 3") && written.contains("\"overLimit\" : true"))
        // Older versions read `overnight`: it is still written, true when there is a night.
        #expect(written.components(separatedBy: "\"overnight\" : true").count == 3)
        #expect(try store.load()?.trips == trips)
        let decoded = try JSONDecoder().decode(TripDocument.self, from: Data(written.utf8))
        #expect(decoded.trips == trips)
    }

    @Test func nightsOutOfRangeAreRefusedWithTheirPlace() throws {
        let bad = """
            {"formatVersion":1,"trips":[{"id":"00000000-0000-4000-8000-000000000001","name":"Bad","waypoints":[
            {"id":"00000000-0000-4000-8000-000000000002","name":"A","latitude":1,"longitude":2,"nights":-1}]}]}
            """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("trips.json")
        try Data(bad.utf8).write(to: url)
        #expect(throws: (any Error).self) { try JSONTripStore(url: url).load() }
    }
}
