import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Export then import through the CLI keeps names, order and coordinates.
@Suite struct CLIRoundTripTests {
    static let tricky = Trip(
        id: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!, name: "Fish & <Chips> “quoted” 'n' 東京",
        waypoints: [
            Waypoint(name: "Null Island", coordinate: Coordinate(latitude: 0, longitude: 0)),
            Waypoint(
                name: "Ushuaïa, \"end\" of <the> world", coordinate: Coordinate(latitude: -54.8019121, longitude: -68.3029511)),
            Waypoint(name: "Near the date line", coordinate: Coordinate(latitude: -16.5123457, longitude: 179.9999999)),
            Waypoint(name: "Svalbard 🧊", coordinate: Coordinate(latitude: 78.2231722, longitude: 15.6267181)),
            Waypoint(name: "Nice", coordinate: Coordinate(latitude: 43.7009, longitude: 7.2683))
        ])

    @Test(arguments: ["gpx", "geojson", "kml", "kmz", "json", "csv"])
    func exportThenImportKeepsNamesOrderAndCoordinates(format: String) throws {
        let sandbox = try CLISandbox(trips: [Self.tricky])
        let exported = try sandbox.run("export", Self.tricky.id.uuidString, "-o", "trip.\(format)")
        #expect(exported.status == 0, "\(exported)")
        let imported = try sandbox.run("import", "trip.\(format)")
        #expect(imported.status == 0, "\(imported)")

        let trips = try sandbox.trips()
        #expect(trips.count == 2)
        let original = Self.tricky, copy = trips[1]
        #expect(copy.id != original.id)
        // CSV holds no trip name: the file's name stands in.
        #expect(copy.name == (format == "csv" ? "trip" : original.name))
        #expect(copy.waypoints.map(\.name) == original.waypoints.map(\.name))
        for (a, b) in zip(original.waypoints, copy.waypoints) {
            #expect(abs(a.coordinate.latitude - b.coordinate.latitude) <= 1e-7, "\(a.name)")
            #expect(abs(a.coordinate.longitude - b.coordinate.longitude) <= 1e-7, "\(a.name)")
        }
    }

    /// GPX → trip → GPX, and the same for GeoJSON, KML and KMZ: the second export is the first, byte for byte.
    @Test(arguments: ["gpx", "geojson", "kml", "kmz"])
    func fileToTripToFileIsStable(format: String) throws {
        let sandbox = try CLISandbox(trips: [Self.tricky])
        let first = try sandbox.run("export", Self.tricky.id.uuidString, "--format", format)
        #expect(first.status == 0)
        #expect(try sandbox.run("import", "-", "--format", format, stdin: first.stdoutData).status == 0)
        let copy = try #require(try sandbox.trips().last)
        let second = try sandbox.run("export", copy.id.uuidString, "--format", format)
        #expect(second.status == 0)
        #expect(second.stdoutData == first.stdoutData)
    }
}
