import Foundation
import Testing
@testable import Gazetteer
@testable import RoadtripCore
import TripFile

/// The corridor search against an independent computation: every built-in town and curated
/// destination measured to the legs by spherical cross-track distance (not the search's plane
/// projection, nor its grid), on trips of four continents.
@Suite struct CorridorSearchTests {
    static let search: AlongTheRoute? = {
        guard let gazetteer = try? GazetteerFixture.gazetteer() else { return nil }
        return AlongTheRoute(gazetteer: gazetteer, folder: nil, destinationsDirectory: GazetteerFixture.dataDirectory)
    }()

    static func sample(_ prefix: String) throws -> Trip {
        let url = GazetteerFixture.dataDirectory.appendingPathComponent("sample-trips.json")
        let trips = try #require(try JSONTripStore(url: url).load()).trips
        return try #require(trips.first { $0.name.hasPrefix(prefix) })
    }

    /// Metres from `p` to the great-circle segment `a`–`b` on the sphere: the cross-track distance
    /// where the foot of the perpendicular lies between the ends, else the nearer end.
    static func sphericalDistance(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        let r = Haversine.earthRadius
        func bearing(_ x: Coordinate, _ y: Coordinate) -> Double {
            let φ1 = x.latitude * .pi / 180, φ2 = y.latitude * .pi / 180, Δλ = (y.longitude - x.longitude) * .pi / 180
            return atan2(sin(Δλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ))
        }
        let d13 = Haversine.meters(a, p) / r, d12 = Haversine.meters(a, b) / r
        guard d12 > 0 else { return d13 * r }
        let θ = bearing(a, p) - bearing(a, b)
        if cos(θ) < 0 { return d13 * r }
        let crossTrack = asin(sin(d13) * sin(θ))
        let alongTrack = acos(min(1, cos(d13) / cos(crossTrack)))
        if alongTrack > d12 { return Haversine.meters(b, p) }
        return abs(crossTrack) * r
    }

    static func distance(_ p: Coordinate, toStops stops: [Coordinate]) -> Double {
        zip(stops, stops.dropFirst()).map { sphericalDistance(p, $0, $1) }.min() ?? .infinity
    }

    /// Every town and destination near the trip's box, with its independent distance to the legs.
    static func candidates(_ trip: Trip) throws -> [(name: String, at: Coordinate, meters: Double)] {
        let gazetteer = try GazetteerFixture.gazetteer()
        let stops = trip.coordinates
        let south = stops.map(\.latitude).min()! - 0.5, north = stops.map(\.latitude).max()! + 0.5
        let west = stops.map(\.longitude).min()! - 0.7, east = stops.map(\.longitude).max()! + 0.7
        func inBox(_ c: Coordinate) -> Bool {
            c.latitude >= south && c.latitude <= north && c.longitude >= west && c.longitude <= east
        }
        var out: [(String, Coordinate, Double)] = []
        let grid = gazetteer.positionGrid
        for row in grid.latitudes.indices {
            let at = Coordinate(latitude: grid.latitudes[row], longitude: grid.longitudes[row])
            guard inBox(at) else { continue }
            out.append((gazetteer.place(at: row).name, at, distance(at, toStops: stops)))
        }
        for destination in try Destinations.load(from: GazetteerFixture.dataDirectory) {
            let at = Coordinate(latitude: destination.latitude, longitude: destination.longitude)
            guard inBox(at) else { continue }
            out.append((destination.name, at, distance(at, toStops: stops)))
        }
        return out
    }

    @Test(arguments: ["Route 66", "Romantic Road", "東京", "Great Ocean Road", "New Zealand"])
    func listsEveryPlaceWithinTheWidthAndNoneBeyondInRouteOrder(_ prefix: String) throws {
        let search = try #require(Self.search)
        let trip = try Self.sample(prefix)
        let width = 10_000.0
        let line = RouteLine(legs: GeodesicRouteProvider().instantLegs(for: trip.coordinates))
        let found = search.places(along: line, AlongRequest(kinds: AlongKind.all, withinMeters: width)).places
        #expect(found.count >= 5, "\(prefix): \(found.count) places")
        let expected = try Self.candidates(trip).filter { c in
            c.meters <= 0.9 * width && !trip.coordinates.contains { Haversine.meters($0, c.at) < AlongTheRoute.atAStop }
        }
        // A place known twice (an imported village that is a town too) is listed once: any row of its name close by will do.
        let missing = expected.filter { c in
            !found.contains {
                TypedName.folded($0.name) == TypedName.folded(c.name)
                    && Haversine.meters($0.coordinate, c.at) < AlongTheRoute.sameSpot
            }
        }
        #expect(missing.isEmpty, "\(prefix): not listed: \(missing.prefix(5).map(\.name))")
        let beyond = found.filter { Self.distance($0.coordinate, toStops: trip.coordinates) > 1.1 * width }
        #expect(beyond.isEmpty, "\(prefix): listed beyond 1.1 W: \(beyond.prefix(5).map(\.name))")
        let along = found.map(\.position.alongMeters)
        #expect(along == along.sorted(), "\(prefix): not in route order")
        // Its own figure agrees with the independent one to a few percent of the width.
        for place in found {
            let independent = Self.distance(place.coordinate, toStops: trip.coordinates)
            #expect(abs(independent - place.position.offRouteMeters) < 0.03 * width, "\(place.name)")
        }
    }

    @Test func onlyTheLegsAskedForAreLookedAlong() throws {
        let search = try #require(Self.search)
        let trip = try Self.sample("Route 66")
        let line = RouteLine(legs: GeodesicRouteProvider().instantLegs(for: trip.coordinates))
        let all = search.places(along: line, AlongRequest(kinds: AlongKind.all, withinMeters: 20_000)).places
        let some = search.places(along: line, AlongRequest(kinds: AlongKind.all, withinMeters: 20_000, legs: 3...5)).places
        #expect(!some.isEmpty && some.count < all.count)
        #expect(some.allSatisfy { (3...5).contains($0.position.leg) })
    }

    @Test func kindsFilterAndTownsStayOutUnlessAsked() throws {
        let search = try #require(Self.search)
        let trip = try Self.sample("Pacific Coast")
        let line = RouteLine(legs: GeodesicRouteProvider().instantLegs(for: trip.coordinates))
        let usual = search.places(along: line, AlongRequest()).places
        #expect(!usual.isEmpty && !usual.contains { $0.kind == "town" })
        let parks = search.places(along: line, AlongRequest(kinds: [AlongKind.named("parks")!], withinMeters: 20_000)).places
        #expect(!parks.isEmpty && parks.allSatisfy { $0.kind == "park" })
        let towns = search.places(along: line, AlongRequest(kinds: [AlongKind.named("town")!])).places
        #expect(towns.count > 20 && towns.allSatisfy { $0.kind == "town" })
        // No import: the kinds only imports hold are said to be missing for the whole route.
        let fuel = search.places(along: line, AlongRequest(kinds: [AlongKind.named("gas")!]))
        #expect(fuel.places.isEmpty && fuel.uncovered?.kinds == ["fuel"] && fuel.uncovered?.legs == [])
        #expect(fuel.importAdvice?.contains("roadtrip places import FILE.osm.pbf") == true)
    }

    @Test func aPlaceIsInsertedAfterTheFirstStopOfItsLeg() throws {
        let stops = [
            Coordinate(latitude: 40, longitude: -110), Coordinate(latitude: 40, longitude: -109),
            Coordinate(latitude: 40, longitude: -108)
        ]
        let line = RouteLine(legs: GeodesicRouteProvider().instantLegs(for: stops))
        #expect(line.insertionIndex(for: Coordinate(latitude: 40.05, longitude: -109.5)) == 1)
        #expect(line.insertionIndex(for: Coordinate(latitude: 39.95, longitude: -108.4)) == 2)
        let place = Coordinate(latitude: 40.05, longitude: -109.5)
        let position = try #require(line.nearest(to: place))
        // The arc bulges north of the parallel, so the place is nearer than 0.05° of latitude.
        #expect(abs(position.offRouteMeters - Self.sphericalDistance(place, stops[0], stops[1])) < 30)
        #expect(abs(position.alongMeters - line.legStarts[1] / 2) < 1_000)
    }

    @Test func aLegThatIsNotDrivenHasNothingAlongItAndNoGap() throws {
        let search = try #require(Self.search)
        let trip = try Self.sample("Route 66")
        var legs = GeodesicRouteProvider().instantLegs(for: trip.coordinates)
        let all = search.places(along: RouteLine(legs: legs), AlongRequest(kinds: AlongKind.all, withinMeters: 20_000)).places
        #expect(all.contains { $0.position.leg == 2 })
        // As if leg 3 were a flight: nothing along it, and the stretches either side are apart.
        legs[2].crossing = .sea
        let line = RouteLine(legs: legs)
        let some = search.places(along: line, AlongRequest(kinds: AlongKind.all, withinMeters: 20_000)).places
        #expect(!some.isEmpty && !some.contains { $0.position.leg == 2 })
        let range = VehicleRange(meters: 100_000)
        let gaps = RefillGap.gaps(stations: [], line: line, range: range)
        #expect(!gaps.isEmpty && gaps.allSatisfy { $0.toMeters <= line.legStarts[2] || $0.fromMeters >= line.legStarts[3] })
    }
}
