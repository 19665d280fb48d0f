import Foundation
import RoadtripCore
import Testing

@testable import Routing

/// Which legs an imported road region can route, how its folder is written and forgotten, and
/// what an import is estimated to cost.
@Suite struct RoadRegionTests {
    static let monaco = GeoBounds(south: 43.71, west: 7.35, north: 43.77, east: 7.49)
    static let helsinki = GeoBounds(south: 60.16, west: 24.93, north: 60.18, east: 24.96)
    static let nevada = GeoBounds(south: 35.0, west: -120.0, north: 42.0, east: -114.04)
    static let utah = GeoBounds(south: 37.0, west: -114.05, north: 42.0, east: -109.04)
    static let arizona = GeoBounds(south: 31.33, west: -114.82, north: 37.0, east: -109.04)

    /// The cells of a box filled with data, as `ExtractBounds` would record them.
    static func cells(_ box: GeoBounds) -> [Int32] {
        var out = Set<Int32>()
        for lat in stride(from: box.south, through: box.north, by: 0.1) {
            for lon in stride(from: box.west, through: box.east, by: 0.1) {
                out.insert(CoverageCell.index(latitude: lat, longitude: lon))
            }
        }
        return out.sorted()
    }

    static func region(_ name: String, _ boxes: [GeoBounds]) -> RoadRegion {
        RoadRegion(
            name: name,
            extracts: boxes.enumerated().map {
                .init(file: "\($0.offset).osm.pbf", bytes: 1, bounds: $0.element, cells: cells($0.element))
            },
            imported: "2026-11-29T12:00:00Z", osrmVersion: "v26.10.0", profile: "car")
    }

    static func covers(_ region: RoadRegion, _ from: Coordinate, _ to: Coordinate) -> Bool {
        region.covers(from: from, to: to, groups: region.extractGroups())
    }

    @Test func touchingExtractsRouteBetweenThemFarOnesDoNot() {
        let southwest = Self.region("southwest", [Self.nevada, Self.utah, Self.arizona])
        let lasVegas = Coordinate(latitude: 36.17, longitude: -115.14)
        let moab = Coordinate(latitude: 38.57, longitude: -109.55)
        let flagstaff = Coordinate(latitude: 35.2, longitude: -111.65)
        #expect(Self.covers(southwest, lasVegas, moab))
        #expect(Self.covers(southwest, moab, flagstaff))
        #expect(!Self.covers(southwest, lasVegas, Coordinate(latitude: 34.05, longitude: -118.24)))  // Los Angeles

        let apart = Self.region("apart", [Self.monaco, Self.helsinki])
        let casino = Coordinate(latitude: 43.7396, longitude: 7.4276)
        let esplanadi = Coordinate(latitude: 60.1699, longitude: 24.9384)
        #expect(Self.covers(apart, casino, Coordinate(latitude: 43.73, longitude: 7.41)))
        #expect(Self.covers(apart, esplanadi, esplanadi))
        #expect(!Self.covers(apart, casino, esplanadi))
    }

    @Test func onlyStopsNearTheDataAreCoveredNotTheWholeBoxNorEveryLongitudeAcross180() {
        // California's data is not a box: its cells stop at the state line, so Las Vegas is not in reach.
        let californiaCells =
            Self.cells(GeoBounds(south: 32.5, west: -124.4, north: 42, east: -120))
            + Self.cells(GeoBounds(south: 32.5, west: -120, north: 35, east: -114.6))
        let california = RoadRegion(
            name: "california",
            extracts: [
                .init(
                    file: "california.osm.pbf", bytes: 1, bounds: GeoBounds(south: 32.5, west: -124.4, north: 42, east: -114.1),
                    cells: Array(Set(californiaCells)).sorted())
            ], imported: "", osrmVersion: "", profile: "car")
        let losAngeles = Coordinate(latitude: 34.05, longitude: -118.24)
        let sanFrancisco = Coordinate(latitude: 37.77, longitude: -122.42)
        let lasVegas = Coordinate(latitude: 36.17, longitude: -115.14)
        #expect(Self.covers(california, losAngeles, sanFrancisco))
        #expect(!Self.covers(california, losAngeles, lasVegas))
        // Alaska's nodes span 180°: its box is as wide as the Earth, its cells are not.
        let alaskaCells =
            Self.cells(GeoBounds(south: 51, west: 172, north: 53, east: 179.9))
            + Self.cells(GeoBounds(south: 51, west: -180, north: 71, east: -130))
        let alaska = RoadRegion(
            name: "alaska",
            extracts: [
                .init(
                    file: "alaska.osm.pbf", bytes: 1, bounds: GeoBounds(south: 51, west: -180, north: 71, east: 180),
                    cells: Array(Set(alaskaCells)).sorted())
            ], imported: "", osrmVersion: "", profile: "car")
        let anchorage = Coordinate(latitude: 61.22, longitude: -149.9)
        let fairbanks = Coordinate(latitude: 64.84, longitude: -147.72)
        #expect(Self.covers(alaska, anchorage, fairbanks))
        #expect(!Self.covers(alaska, Coordinate(latitude: 53.55, longitude: 9.99), Coordinate(latitude: 52.52, longitude: 13.4)))
        #expect(Self.covers(alaska, Coordinate(latitude: 52.0, longitude: 179.5), Coordinate(latitude: 52.0, longitude: -179.5)))
    }

    @Test func theReasonNamesTheLegsOutsideEveryRegion() {
        #expect(
            ImportedRoadsRouteProvider.outsideReason([2], of: 4)
                == "1 of 4 legs estimated: leg 3 → 4 is not inside one imported road region (roadtrip roads list)")
        #expect(
            ImportedRoadsRouteProvider.outsideReason([0, 1, 2, 5, 6], of: 9)
                == "5 of 9 legs estimated: legs 1 → 2, 2 → 3, 3 → 4 and 2 more are not inside one imported road region (roadtrip roads list)"
        )
        #expect(
            ImportedRoadsRouteProvider.outsideReason([0, 1], of: 2).hasPrefix("All 2 legs are estimated: no imported road region")
        )
        #expect(ImportedRoadsRouteProvider.outsideReason([0], of: 1).hasPrefix("The leg is estimated"))
    }

    @Test func theLegsOfARouteGoToTheSmallestRegionHoldingThem() {
        let folder = URL(fileURLWithPath: "/nonexistent")
        let big = RoadRegionsFolder.Entry(
            region: Self.region("europe", [GeoBounds(south: 35, west: -10, north: 70, east: 40)]), folder: folder)
        let small = RoadRegionsFolder.Entry(region: Self.region("monaco", [Self.monaco]), folder: folder)
        let provider = ImportedRoadsRouteProvider(regions: [big, small], cacheFolder: nil)
        let casino = Coordinate(latitude: 43.7396, longitude: 7.4276)
        #expect(provider.server(from: casino, to: Coordinate(latitude: 43.73, longitude: 7.41))?.entry.region.name == "monaco")
        #expect(provider.server(from: casino, to: Coordinate(latitude: 48.85, longitude: 2.35))?.entry.region.name == "europe")
        #expect(provider.server(from: casino, to: Coordinate(latitude: 40.7, longitude: -74)) == nil)
        // Legs no region holds are estimates at once: nothing waits for them.
        let known = provider.knownLegs(for: [
            Coordinate(latitude: 40.7, longitude: -74), Coordinate(latitude: 42.36, longitude: -71.06)
        ])
        #expect(known.count == 1 && known[0]?.source == .estimate)
        #expect(provider.label == "OSRM, imported roads (europe, monaco)")
    }

    @Test func aRegionIsWholeOrAbsentAndForgetRemovesIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = RoadRegionsFolder(url: root)
        let work = try folder.workFolder(for: "monaco")
        // Being written: hidden, and not a region without its graph.
        #expect(folder.entries().isEmpty)
        try Data("graph".utf8).write(to: work.appendingPathComponent("monaco.osrm.mldgr"))
        try folder.publish(Self.region("monaco", [Self.monaco]), from: work)
        #expect(folder.entries().map(\.region.name) == ["monaco"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["monaco"])
        // A region.json that lies about its boxes is not a region.
        let lying = try folder.workFolder(for: "mars")
        try Data("graph".utf8).write(to: lying.appendingPathComponent("mars.osrm.mldgr"))
        try folder.publish(Self.region("mars", [GeoBounds(south: 10, west: 0, north: -10, east: 400)]), from: lying)
        #expect(folder.entries().map(\.region.name) == ["monaco"])
        #expect(try folder.forget("monaco"))
        #expect(try !folder.forget("monaco"))
        #expect(folder.entries().isEmpty)
    }

    @Test func leftoversOfAKilledImportAreSweptOnlyWhenTheirProcessIsGone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // pid 2^22 + 1 is above Linux's pid_max: no process has it.
        let dead = root.appendingPathComponent(".monaco.partial-4194305")
        let mine = root.appendingPathComponent(".utah.partial-\(getpid())")
        for folder in [dead, mine] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        RoadRegionsFolder(url: root).sweep()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [mine.lastPathComponent])
    }

    @Test func importCostsAreEstimatedFromTheExtractsAndSaidPlainly() {
        let state = RoadImport.plan(inputBytes: [300_000_000])
        #expect(state.seconds > 60 && state.diskBytes > 300_000_000 && state.memoryBytes > state.inputBytes)
        #expect(state.text.hasPrefix("about ") && state.text.contains("of disk") && state.text.contains("of memory"))
        let merged = RoadImport.plan(inputBytes: [150_000_000, 150_000_000])
        #expect(merged.merges && merged.seconds > state.seconds && merged.diskBytes > state.diskBytes)
        #expect(RoadImport.Plan.bytes(1_500_000_000) == "1.5 GB" && RoadImport.Plan.bytes(2_400_000) == "2 MB")
        // A city's clip gets a small-component threshold its own streets pass; a state keeps OSRM's.
        #expect(RoadImport.smallComponentSize(nodes: [24_260, 180_118]) == 485)
        #expect(RoadImport.smallComponentSize(nodes: [40_000_000]) == 1000)
        #expect(RoadImport.smallComponentSize(nodes: [1_000]) == 100)
    }

    @Test func boundsReadAsPeopleWriteThem() {
        #expect(Self.monaco.text == "43.71–43.77° N, 7.35–7.49° E")
        #expect(GeoBounds(south: -39, west: 140.9, north: -34, east: 150).text == "39.00–34.00° S, 140.90–150.00° E")
        #expect(GeoBounds(south: 51, west: -1, north: 52, east: 1).text == "51.00–52.00° N, 1.00° W–1.00° E")
        #expect(!GeoBounds(south: .nan, west: 0, north: 1, east: 1).isPlausible)
        #expect(Self.nevada.touches(Self.utah, margin: 0.01) && !Self.monaco.touches(Self.helsinki, margin: 0.26))
    }
}
