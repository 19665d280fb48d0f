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
}
