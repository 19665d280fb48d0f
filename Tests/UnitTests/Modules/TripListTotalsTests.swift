import Foundation
import RoadtripCore
import Testing
import TestSupport
@testable import TripList

/// The trip list keeps each trip's total while its stops are unchanged; it must never show a stale one.
@MainActor
@Suite struct TripListTotalsTests {
    static func expected(_ trip: Trip) -> Double {
        GeodesicRouteProvider().instantLegs(for: trip.coordinates).reduce(0) { $0 + $1.distanceMeters }
    }

    @Test func totalsFollowEditsToStopsAndDeletedTrips() {
        let store = TripStoreDouble(trips: [Fixtures.france(), Fixtures.japan()])
        let repository = TripRepository(store: store, trips: store.trips)
        let interactor = TripListInteractor(repository: repository, routes: GeodesicRouteProvider(), estimate: GeodesicRouteProvider(),
                                            settings: DisplaySettings())
        #expect(interactor.summaries().map(\.distanceMeters) == repository.trips.map(Self.expected))
        let france = repository.trips[0].id
        repository.update(tripID: france) { $0.waypoints[2].coordinate = Coordinate(latitude: 43.7102, longitude: 7.262) }
        repository.update(tripID: france) { $0.name = "Renamed" }
        let after = interactor.summaries()
        #expect(after[0].name == "Renamed")
        #expect(after[0].distanceMeters == Self.expected(repository.trips[0]))
        repository.perform { $0.removeFirst() }
        #expect(interactor.summaries().map(\.name) == [Fixtures.japan().name])
    }

    @Test func manyTripsAreTotalledInParallelToTheSameFigures() {
        let trips = TripWorkload.trips(count: 600, stops: 6, seed: 11)
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let interactor = TripListInteractor(repository: repository, routes: GeodesicRouteProvider(), estimate: GeodesicRouteProvider(),
                                            settings: DisplaySettings())
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        #expect(interactor.summaries().map(\.id) == trips.map(\.id))
    }

    @Test func anEditToOneTripOfManyMakesOneSummaryAgain() {
        let trips = TripWorkload.trips(count: 600, stops: 6, seed: 12)
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let interactor = TripListInteractor(repository: repository, routes: GeodesicRouteProvider(), estimate: GeodesicRouteProvider(),
                                            settings: DisplaySettings())
        let before = interactor.summaries()
        repository.update(tripID: trips[300].id) { $0.name = "Renamed" }
        let renamed = interactor.summaries()
        #expect(renamed.positionsDiffering(from: before) == [300])
        #expect(renamed[300].name == "Renamed")
        #expect(renamed[300].distanceMeters == before[300].distanceMeters)

        repository.update(tripID: trips[301].id) { $0.waypoints.removeLast() }
        let shortened = interactor.summaries()
        #expect(shortened.positionsDiffering(from: renamed) == [301])
        #expect(shortened[301].stopCount == 5)
        #expect(shortened[301].distanceMeters == Self.expected(repository.trips[301]))

        _ = repository.undo()
        _ = repository.undo()
        #expect(interactor.summaries() == before)

        repository.removeTrip(id: trips[0].id)
        #expect(interactor.summaries().map(\.id) == repository.trips.map(\.id))
        _ = repository.undo()
        #expect(interactor.summaries() == before)
    }

    /// A provider that knows no leg until told that road legs have arrived, then knows them at twice the geodesic.
    final class ArrivingRoads: RouteProvider, @unchecked Sendable {
        var arrived = false
        var label: String { "roads" }
        func legs(for stops: [Coordinate]) async throws -> [Leg] { roads(stops) }
        func knownLegs(for stops: [Coordinate]) -> [Leg?] {
            arrived ? roads(stops) : Array(repeating: nil, count: max(0, stops.count - 1))
        }
        private func roads(_ stops: [Coordinate]) -> [Leg] {
            GeodesicRouteProvider().instantLegs(for: stops).map {
                Leg(from: $0.from, to: $0.to, distanceMeters: 2 * $0.distanceMeters, source: .osrm)
            }
        }
    }

    @Test func totalsWithEstimatedLegsAreMadeAgainUntilTheRoadsArrive() {
        let trips = TripWorkload.trips(count: 20, stops: 4, seed: 13)
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let roads = ArrivingRoads()
        let interactor = TripListInteractor(repository: repository, routes: roads, estimate: GeodesicRouteProvider(),
                                            settings: DisplaySettings())
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        repository.update(tripID: trips[3].id) { $0.name = "Renamed" }
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        roads.arrived = true
        // No edit since: the totals that used estimates are made again all the same.
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map { 2 * Self.expected($0) })
    }
}
