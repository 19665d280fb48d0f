import Foundation
import HTTP
import Testing
import RoadtripCore
@testable import Exchange
@testable import Routing

/// Numbers from outside (a server, the cache file, an import, a typed field) are checked where
/// they come in: an absurd or non-finite one is refused in one line, never trapped on, never cached.
@Suite struct OutsideNumbersTests {
    private func answer(_ legs: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Data(#"{"code":"Ok","routes":[{"legs":[\#(legs)]}]}"#.utf8))
    }

    @Test(arguments: [
        (#"{"distance":1e300,"duration":5}"#, "leg 1 has a distance of 1e+300 m, longer than any road"),
        (#"{"distance":1e12,"duration":5e6}"#, "leg 1 has a distance of 1e+12 m, longer than any road"),
        (#"{"distance":1000,"duration":1e300}"#, "leg 1 has a duration of 1e+300 s, longer than 60 days"),
        (#"{"distance":500000,"duration":60}"#, "leg 1 has 500 km in 60 s, faster than any car")
    ])
    func absurdLegsFromAServerAreRefused(leg: String, problem: String) {
        #expect(RouterFailure.interpret(answer(leg), stopCount: 2) == .failure(.malformed(problem)))
    }

    @Test func aPolylineWhoseDeltasOverflowOrLeaveTheEarthIsRefused() {
        // 12 groups of 5 bits: a delta near 2^59, twice, overflows a sum of Int; and 1000° is off the Earth.
        let huge = String(repeating: "~", count: 11) + "?"
        #expect(Polyline.decode(huge + huge + huge + huge) == nil)
        #expect(Polyline.decode(Polyline.encode([Coordinate(latitude: 1000, longitude: 0)])) == nil)
        #expect(Polyline.decode(Polyline.encode([Coordinate(latitude: 43.7, longitude: 7.4)]))?.count == 1)
    }

    @Test func cacheEntriesThatCannotBeBelievedAreDroppedWhenRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = Coordinate(latitude: 43.7, longitude: 7.4), b = Coordinate(latitude: 43.8, longitude: 7.5)
        let c = Coordinate(latitude: 43.9, longitude: 7.6), d = Coordinate(latitude: 44.0, longitude: 7.7)
        let cache = LegCache(server: "http://127.0.0.1:5000", folder: folder)
        let now = Date()
        cache.store(
            CachedLeg(distanceMeters: 12_000, durationSeconds: 600, geometry: nil, fetched: now), geometry: nil,
            for: try #require(LegKey(from: a, to: b)))
        cache.store(
            CachedLeg(distanceMeters: -5, durationSeconds: 600, geometry: nil, fetched: now), geometry: nil,
            for: try #require(LegKey(from: b, to: c)))
        // Fetched in the year 2999: it would never expire.
        cache.store(
            CachedLeg(
                distanceMeters: 9_000, durationSeconds: 500, geometry: nil,
                fetched: Date(timeIntervalSince1970: 32_472_144_000)), geometry: nil,
            for: try #require(LegKey(from: c, to: d)))
        try cache.save(now: now)
        let reread = LegCache(server: "http://127.0.0.1:5000", folder: folder)
        #expect(reread.leg(for: try #require(LegKey(from: a, to: b)))?.leg.distanceMeters == 12_000)
        #expect(reread.leg(for: try #require(LegKey(from: b, to: c))) == nil)
        #expect(reread.leg(for: try #require(LegKey(from: c, to: d))) == nil)
    }

    @Test func anExportNeverWritesAPointOffTheEarth() throws {
        let stops = [
            Waypoint(name: "A", coordinate: Coordinate(latitude: 43.7, longitude: 7.4)),
            Waypoint(name: "B", coordinate: Coordinate(latitude: 43.8, longitude: 7.5))
        ]
        let leg = Leg(
            from: stops[0].coordinate, to: stops[1].coordinate, distanceMeters: 15_000, durationSeconds: 900,
            source: .osrm, geometry: [stops[0].coordinate, Coordinate(latitude: 1000, longitude: 7.45), stops[1].coordinate])
        let gpx = String(
            decoding: try TripExporter.export(Trip(name: "T", waypoints: stops), legs: [leg], format: .gpx), as: UTF8.self)
        #expect(!gpx.contains("1000"))
        #expect(!gpx.contains("<trk>"))
        var far = stops
        far[1].coordinate = Coordinate(latitude: 91, longitude: 0)
        #expect(throws: ExchangeError.self) { try TripExporter.export(Trip(name: "T", waypoints: far), format: .geojson) }
    }

    @Test func figuresTooLargeToBelieveAreShownWithoutATrap() {
        #expect(Formatting.distance(1e300, unit: .kilometers) == "1e+297 km")
        #expect(Formatting.duration(1e300) == "?")
        #expect(Plausibility.wholeNumber(1e19) == nil)
        #expect(Plausibility.wholeNumber(3) == 3)
        #expect((try? DurationParser.parse("99999999999999999999:00").get()) == nil)
        #expect((try? DurationParser.parse("9999999999:00").get()) == nil)
    }
}
