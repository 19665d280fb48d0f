import Foundation
import RoadtripCore
import Testing
@testable import Exchange

/// Each writer's output for one fixed trip, kept under Tests/Fixtures/exchange/golden so a
/// change in what users' GPS units and maps receive shows up in review.
/// `RECORD_SNAPSHOTS=1` re-records them.
@Suite struct GoldenExportTests {
    static let trip = Trip(
        id: UUID(uuidString: "7C2A1F3E-0B5D-4E8A-9C61-2F4B8D0E1A37")!,
        name: "Riviera & Alps",
        waypoints: [
            Waypoint(
                id: UUID(uuidString: "11111111-2222-4333-8444-555555555501")!, name: "Nice",
                coordinate: Coordinate(latitude: 43.695, longitude: 7.2656)),
            Waypoint(
                id: UUID(uuidString: "11111111-2222-4333-8444-555555555502")!, name: "Col de la Bonette, \"2802 m\"",
                coordinate: Coordinate(latitude: 44.3211, longitude: 6.8069)),
            Waypoint(
                id: UUID(uuidString: "11111111-2222-4333-8444-555555555503")!, name: "Chamonix <Mont-Blanc>",
                coordinate: Coordinate(latitude: 45.9237, longitude: 6.8694))
        ]
    )

    static let legs: [Leg] = {
        let c = trip.coordinates
        return [
            Leg(
                from: c[0], to: c[1], distanceMeters: 141_000, durationSeconds: 9_000, source: .osrm,
                geometry: [c[0], Coordinate(latitude: 43.9, longitude: 7.1), c[1]]),
            Leg(
                from: c[1], to: c[2], distanceMeters: 250_000, durationSeconds: 14_000, source: .osrm,
                geometry: [c[1], Coordinate(latitude: 45.2, longitude: 6.5), c[2]])
        ]
    }()

    @Test(arguments: ExchangeFormat.allCases)
    func matchesGoldenFile(format: ExchangeFormat) throws {
        let data = try TripExporter.export(Self.trip, legs: Self.legs, format: format)
        let url = ExchangeTestFiles.repositoryRoot
            .appendingPathComponent("Tests/Fixtures/exchange/golden/riviera.\(format.fileExtension)")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let golden = try Data(contentsOf: url)
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
    }
}
