import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// Data/sample-trips.json: what a first run starts from.
///
/// The file must be exactly what `JSONTripStore.save` writes. After editing it by hand, run
/// `RECORD_SAMPLE_TRIPS=1 swift test --filter SampleTripsTests` to rewrite it in that form.
@Suite struct SampleTripsTests {
    private var url: URL {
        get throws { try #require(ResourceLocator.dataDirectory).appendingPathComponent("sample-trips.json") }
    }

    @Test func isWrittenExactlyAsTheStoreWritesIt() throws {
        let url = try url
        let document = try #require(try JSONTripStore(url: url).load())
        let canonical = try TripDocumentCodec.encode(document)
        if ProcessInfo.processInfo.environment["RECORD_SAMPLE_TRIPS"] == "1" {
            try canonical.write(to: url, options: .atomic)
        }
        #expect(bytes(of: url) == canonical)
    }

    @Test func holdsTenRealTripsOfAboutTenStops() throws {
        let document = try #require(try JSONTripStore(url: try url).load())
        #expect(document.formatVersion == TripDocument.currentFormatVersion)
        #expect(document.trips.count == 10)
        for trip in document.trips {
            #expect((10...14).contains(trip.waypoints.count), "\(trip.name)")
            for stop in trip.waypoints {
                #expect(stop.coordinate.isValid)
                // Five decimals, about a metre: as precise as a hand-picked stop deserves.
                for value in [stop.coordinate.latitude, stop.coordinate.longitude] {
                    #expect(abs(value * 100_000 - (value * 100_000).rounded()) < 1e-6, "\(stop.name) \(value)")
                }
            }
            // A swapped sign or digit would put one leg across an ocean.
            for leg in GeodesicRouteProvider().instantLegs(for: trip.coordinates) {
                #expect(leg.distanceMeters < 600_000, "\(trip.name): a \(Int(leg.distanceMeters / 1000)) km leg")
            }
        }
        #expect(document.trips.contains { $0.name == "東京 → 京都 → 大阪" })
    }

    @Test func idsAreStableAndUnique() throws {
        let document = try #require(try JSONTripStore(url: try url).load())
        let ids = document.trips.map(\.id) + document.trips.flatMap { $0.waypoints.map(\.id) }
        #expect(Set(ids).count == ids.count)
        #expect(document.trips.first?.id == UUID(uuidString: "E44CF1E0-8C21-5B5E-A0FF-BAEEE0977316"))
    }
}

/// Examples (the samples shown on a first run) are never written; an edit makes one the person's,
/// and undoing that edit makes it an example again, so the file loses it.
@MainActor
@Suite struct ExampleTripsTests {
    @Test func onlyTheEditedExampleIsWrittenAndUndoTakesItOut() throws {
        try withTemporaryFolder { (folder: URL) throws in
            let url = folder.appendingPathComponent("trips.json")
            var examples = (0..<3).map { Trip(name: "Sample \($0)") }
            for i in examples.indices { examples[i].isExample = true }
            let repository = TripRepository(store: JSONTripStore(url: url), trips: examples)
            let error = repository.update(tripID: examples[1].id) { $0.name = "Mine now" }
            #expect(error == nil)
            #expect(try JSONTripStore(url: url).load()?.trips.map(\.name) == ["Mine now"])
            #expect(repository.trips.map(\.isExample) == [true, false, true])
            _ = repository.undo()
            #expect(try JSONTripStore(url: url).load()?.trips.map(\.name) == [])
            let allExamples = repository.trips.allSatisfy { $0.isExample }
            #expect(allExamples)
            // A copy of an example is the person's own from the start.
            #expect(!examples[0].duplicated(named: "Copy").isExample)
        }
    }
}
