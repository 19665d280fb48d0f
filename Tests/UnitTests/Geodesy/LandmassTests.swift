import Foundation
import Routing
import Testing

@testable import RoadtripCore

/// Which legs are drives (issue 27): the land masses and fixed links in Data, and the estimate's
/// legs, totals and warnings built on them.
@Suite struct LandmassTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }
    let land = Landmasses.shared

    @Test func theDataIsThere() { #expect(land.isAvailable) }

    @Test(arguments: [
        // Continents apart, and an ocean island.
        ("Paris, Texas → Paris, France", c(33.66, -95.56), c(48.86, 2.35), WaterCrossing?.some(.sea)),
        ("Honolulu → Los Angeles", c(21.31, -157.86), c(34.05, -118.24), .some(.sea)),
        ("Reykjavik → Oslo", c(64.15, -21.94), c(59.91, 10.75), .some(.sea)),
        // A fixed link: the Channel Tunnel's car shuttle; the Øresund bridge.
        ("Dover → Calais", c(51.13, 1.31), c(50.95, 1.86), nil),
        ("Copenhagen → Malmö", c(55.68, 12.57), c(55.60, 13.00), nil),
        // Plain roads, one of them through a harbour town on the coast.
        ("Las Vegas → Springdale", c(36.17, -115.14), c(37.19, -113.00), nil),
        ("Monaco → Nice", c(43.73, 7.42), c(43.70, 7.27), nil),
        ("Key West → Miami", c(24.56, -81.78), c(25.77, -80.19), nil)
    ])
    func legsThatAreOrAreNotDrives(_ name: String, _ a: Coordinate, _ b: Coordinate, _ expected: WaterCrossing?) {
        #expect(land.crossing(from: a, to: b) == expected, "\(name)")
        #expect(land.crossing(from: b, to: a) == expected, "\(name), the other way")
    }

    @Test(arguments: [
        ("Naples → Palermo", c(40.85, 14.27), c(38.12, 13.36)),
        ("Aomori → Hakodate", c(40.82, 140.74), c(41.77, 140.73)),
        ("Melbourne → Hobart", c(-37.81, 144.96), c(-42.88, 147.33)),
        ("Vancouver → Victoria", c(49.28, -123.12), c(48.43, -123.37))
    ])
    func islandsPeopleDriveOntoAFerryFor(_ name: String, _ a: Coordinate, _ b: Coordinate) {
        guard case .ferry(let ferry)? = land.crossing(from: a, to: b) else {
            Issue.record("\(name): \(String(describing: land.crossing(from: a, to: b)))")
            return
        }
        #expect(!ferry.isEmpty)
        #expect(WaterCrossing.ferry(ferry).text.hasPrefix("ferry needed: "))
    }

    @Test func theFerryNamedIsTheOneOnTheWay() {
        #expect(land.crossing(from: Self.c(55.86, -4.25), to: Self.c(54.60, -5.93)) == .ferry("Cairnryan - Belfast ferry"))
        #expect(land.crossing(from: Self.c(51.51, -0.13), to: Self.c(53.33, -6.25)) == .ferry("Holyhead - Dublin ferry"))
        #expect(
            land.crossing(from: Self.c(43.30, 5.37), to: Self.c(41.92, 8.74)) == .ferry("Marseille - Ajaccio ferry (Corsica)"))
    }

    @Test(arguments: [
        // A strait, a gulf, a sea: no road near the line, or only one far round.
        ("Tarifa → Tangier", c(36.01, -5.60), c(35.77, -5.80), true),
        ("Helsinki → Tallinn", c(60.17, 24.94), c(59.44, 24.75), true),
        ("Cairo → Athens", c(30.04, 31.24), c(37.98, 23.73), true),
        // A bay a road runs round, and a coast the line leaves for a while.
        ("Santa Cruz → Monterey", c(36.97, -122.03), c(36.60, -121.89), false),
        ("New York → Boston", c(40.71, -74.01), c(42.36, -71.06), false),
        ("Los Angeles → San Diego", c(34.05, -118.24), c(32.72, -117.16), false),
        ("Las Vegas → Springdale", c(36.17, -115.14), c(37.19, -113.00), false)
    ])
    func openSeaOnTheStraightLineOfOneLandMass(_ name: String, _ a: Coordinate, _ b: Coordinate, _ flagged: Bool) {
        let found = land.offshore(from: a, to: b)
        #expect((found != nil) == flagged, "\(name): \(String(describing: found))")
        #expect(land.crossing(from: a, to: b) == nil, "\(name) is one land mass")
        if case .offshore(let meters)? = found { #expect(meters > Landmasses.offshoreMeters) }
    }

    @Test func aPointInTheOpenOceanIsNotPlaced() {
        // Mid-Atlantic: no land within reach; nothing is claimed about the leg.
        #expect(land.crossing(from: Self.c(30, -40), to: Self.c(48.86, 2.35)) == nil)
    }

    @Test func theEstimateDoesNotDriveAcrossTheSea() {
        let estimate = EstimateRouteProvider()
        let sea = estimate.leg(from: Self.c(21.31, -157.86), to: Self.c(34.05, -118.24))
        #expect(sea.durationSeconds == nil)
        #expect(!sea.isDrivable)
        #expect(sea.distanceMeters == Geodesic.distance(Self.c(21.31, -157.86), Self.c(34.05, -118.24)))
        let warnings = LegWarning.warnings(for: [sea], countries: [nil, nil], dailyDrivingLimit: 8 * 3600)
        #expect(warnings[0].map(\.kind) == ["noRoad"])
        #expect(warnings[0].map(\.text) == ["no road: across the sea (ferry or flight)"])
        let ferry = estimate.leg(from: Self.c(40.85, 14.27), to: Self.c(38.12, 13.36))
        #expect(ferry.durationSeconds != nil)
        #expect(ferry.isDrivable)
        #expect(LegWarning.warnings(for: [ferry], countries: [nil, nil], dailyDrivingLimit: 0)[0].map(\.kind) == ["ferryNeeded"])
        let road = estimate.leg(from: Self.c(36.17, -115.14), to: Self.c(37.19, -113.00))
        #expect(road.crossing == nil)
        #expect(road.durationSeconds != nil)
    }

    @Test func linksJoinMassesAndFerriesOnlyNeedAFerry() {
        func square(_ lon: Double) -> LandPolygon {
            LandPolygon(rings: [[(lon, 0), (lon + 1, 0), (lon + 1, 1), (lon, 1), (lon, 0)]])
        }
        let links = [
            FixedLink(name: "Bridge", kind: "bridge", a: Self.c(0.5, 0.9), b: Self.c(0.5, 2.1)),
            FixedLink(name: "Ferry", kind: "ferry", a: Self.c(0.5, 3.9), b: Self.c(0.5, 6.1))
        ]
        let land = Landmasses(masses: [[square(0)], [square(2)], [square(4)], [square(6)], [square(8)]], links: links)
        #expect(land.crossing(from: Self.c(0.5, 0.5), to: Self.c(0.5, 2.5)) == nil)
        #expect(land.crossing(from: Self.c(0.5, 2.5), to: Self.c(0.5, 4.5)) == .sea)
        #expect(land.crossing(from: Self.c(0.5, 4.5), to: Self.c(0.5, 6.5)) == .ferry("Ferry"))
        #expect(land.crossing(from: Self.c(0.5, 6.5), to: Self.c(0.5, 8.5)) == .sea)
    }

    @Test func aDamagedFileIsRefusedNotTrusted() {
        let magic = Array("RTLM".utf8)
        #expect(LandmassFile(bytes: magic) == nil)
        // The first format, or a later one: not read as this one.
        #expect(LandmassFile(bytes: magic + [1, 0]) == nil)
        #expect(LandmassFile(bytes: magic + [3, 0]) == nil)
        // A count larger than the file could hold.
        #expect(LandmassFile(bytes: magic + [2, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
        // A polygon whose rings would run past the end.
        #expect(LandmassFile(bytes: magic + [2, 1, 1, 0, 0, 2, 2, 50]) == nil)
        // Bytes after the last polygon.
        #expect(LandmassFile(bytes: magic + [2, 0, 7]) == nil)
        #expect(LandmassFile(bytes: magic + [2, 0])?.polygonCount == 0)
        // A box of 0°…1° whose rings are cut short: opened, but the point in it is not placed (no crash).
        let degree: [UInt8] = [0xC0, 0x9A, 0x0C]  // zigzag(100,000)
        let file = LandmassFile(bytes: magic + [2, 1, 1, 0, 0] + degree + degree + [3, 1, 5, 0])
        #expect(file?.polygonCount == 1)
        #expect(file?.group(of: Self.c(0.5, 0.5)) == nil)
    }

    @Test func theTableParsesAndSkipsBadRows() {
        let rows = FixedLink.parse(
            "# comment\nname\tkind\tlatitude1\tlongitude1\tlatitude2\tlongitude2\nA\tbridge\t1\t2\t3\t4\nB\tferry\t95\t0\t1\t1\nC\tferry\tx\t0\t1\t1\n"
        )
        #expect(rows.map(\.name) == ["A"])
    }
}
