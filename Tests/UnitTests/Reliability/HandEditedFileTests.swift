import Exchange
import Foundation
import RoadtripCore
import TripFile
import TermUI
import Testing
import TestSupport

/// Data files a person edited by hand: refused with one clear line, or loaded and shown, never a crash.
@MainActor
@Suite struct HandEditedFileTests {
    /// The store's answer for `content`: the document, or the refusal's one line. The file is never touched.
    func load(_ content: Data) throws -> Result<TripDocument?, TripStoreError> {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            _ = FileManager.default.createFile(atPath: url.path, contents: content)
            let result: Result<TripDocument?, TripStoreError>
            do {
                result = .success(try JSONTripStore(url: url).load())
            } catch let error as TripStoreError {
                result = .failure(error)
            }
            #expect(FileManager.default.contents(atPath: url.path) == content)
            if case let .failure(error) = result { #expect(!error.description.contains("\n")) }
            return result
        }
    }

    func stopText(latitude: String, longitude: String = "139.76712") -> String {
        StoreFixtures.text(
            stop: StoreFixtures.goodStop
                .replacingOccurrences(of: "35.68123", with: latitude)
                .replacingOccurrences(of: "139.76712", with: longitude))
    }

    @Test(arguments: ["NaN", "-NaN", "Infinity", "-Infinity", "inf", "1e999", "-1e400"])
    func nonFiniteNumbersAreRefusedWithTheirPosition(_ number: String) throws {
        let result = try load(Data(stopText(latitude: number).utf8))
        guard case let .failure(error) = result else {
            Issue.record("\(number) was accepted")
            return
        }
        guard case let .malformed(line, _) = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(line == 10, "\(error)")
    }

    @Test(arguments: ["\"NaN\"", "\"Infinity\""])
    func nonFiniteNumbersInStringsAreRefusedByPath(_ text: String) throws {
        let result = try load(Data(stopText(latitude: text).utf8))
        guard case let .failure(error) = result else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.reason.contains("trips[0].waypoints[0].latitude: expected a number"), "\(error)")
    }

    @Test func duplicatedIdsAcrossTripsAndStopsAreRefused() throws {
        let stop = Waypoint(name: "A", coordinate: Coordinate(latitude: 1, longitude: 2))
        let trip = Trip(name: "T", waypoints: [stop, stop])
        let data = try JSONEncoder().encode(TripDocument(trips: [trip]))
        guard case let .failure(error) = try load(data) else {
            Issue.record("accepted")
            return
        }
        #expect(error.reason.contains("the same id as waypoints[0]"), "\(error)")
    }

    @Test func tenThousandStopsLoadAndShow() throws {
        let stops = (0..<10_000).map { i in
            Waypoint(
                name: "Stop \(i)", coordinate: Coordinate(latitude: Double(i % 180) - 89.5, longitude: Double(i % 360) - 179.5))
        }
        let data = try JSONEncoder().encode(TripDocument(trips: [Trip(name: "Long haul", waypoints: stops)]))
        let document = try #require(try load(data).get())
        #expect(document.trips[0].waypoints.count == 10_000)
        try withTemporaryFolder { folder in
            let app = ReliabilityApp(dataFile: folder.appendingPathComponent("trips.json"), trips: document.trips)
            #expect(app.harness.line(containing: "Long haul")?.contains("10000") == true || app.harness.shows("10,000"))
            app.harness.send(.enter)
            app.harness.send(.end)
            #expect(app.harness.shows("Stop 9999"))
        }
    }

    @Test func megabyteNamesLoadAndAreCutToTheScreen() throws {
        let huge = String(repeating: "東京🚗e\u{301}", count: 1 << 18)  // over a megabyte of UTF-8
        #expect(huge.utf8.count > 1 << 20)
        let trip = Trip(name: huge, waypoints: [Waypoint(name: huge, coordinate: Coordinate(latitude: 1, longitude: 2))])
        let data = try JSONEncoder().encode(TripDocument(trips: [trip]))
        let document = try #require(try load(data).get())
        #expect(document.trips[0].name == huge)
        try withTemporaryFolder { folder in
            let app = ReliabilityApp(dataFile: folder.appendingPathComponent("trips.json"), trips: document.trips)
            app.harness.send(.enter)
            for line in app.harness.lines { #expect(TextWidth.of(line) <= 80) }
            #expect(app.harness.shows("東京🚗"))
        }
    }

    @Test func emptyAndWhitespaceFilesAreRefusedNotTreatedAsNoTrips() throws {
        for content in ["", " \n", "\u{FEFF}"] {
            guard case let .failure(error) = try load(Data(content.utf8)) else {
                Issue.record("\(content.debugDescription) accepted")
                continue
            }
            #expect(!error.reason.isEmpty)
        }
    }

    /// Every seed and past finding of the file fuzzer (Tests/Fixtures/fuzz) goes through its reader here too.
    @Test func fuzzCorpusNeverCrashes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/fuzz").standardizedFileURL
        var fed = 0
        for (folder, format) in [("store", nil), ("gpx", ExchangeFormat.gpx), ("geojson", .geojson), ("kml", .kml), ("kmz", .kmz)]
            as [(String, ExchangeFormat?)]
        {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            for name in names {
                let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))
                if let format {
                    _ = try? TripImporter().importData(data, fileName: name, format: format)
                } else {
                    _ = try load(data)
                }
                fed += 1
            }
        }
        #expect(fed >= 10)
    }
}
