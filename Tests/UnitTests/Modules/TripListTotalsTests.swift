import Foundation
import RoadtripCore
import Testing
import TermUI
import TestSupport
@testable import TripList

/// The trip list keeps each trip's total while its stops are unchanged; it must never show a stale one.
@MainActor
@Suite struct TripListTotalsTests {
    static func expected(_ trip: Trip) -> Double {
        GeodesicRouteProvider().instantLegs(for: trip.coordinates).reduce(0) { $0 + $1.distanceMeters }
    }

    /// Background jobs' work, held until the test runs it.
    let background = HeldDeliveries()

    func interactor(_ repository: TripRepository, routes: RouteProvider = GeodesicRouteProvider()) -> TripListInteractor {
        TripListInteractor(
            repository: repository, routes: routes, estimate: GeodesicRouteProvider(),
            settings: DisplaySettings(), deliver: background.delivery)
    }

    /// A presenter over `interactor`, showing in `view`, told when background totals arrive.
    func present(_ interactor: TripListInteractor, in view: TripListViewSpy) -> TripListPresenter {
        let presenter = TripListPresenter(interactor: interactor, router: TripListRouterSpy())
        interactor.output = presenter
        presenter.view = view
        view.presenter = presenter
        presenter.viewWillAppear()
        return presenter
    }

    /// The list of `trips` shown: a repository over them, the interactor and a presenter showing in a view.
    func showList(_ trips: [Trip], routes: RouteProvider = GeodesicRouteProvider())
        -> (TripRepository, TripListInteractor, TripListViewSpy, TripListPresenter)
    {
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let interactor = interactor(repository, routes: routes)
        let view = TripListViewSpy()
        return (repository, interactor, view, present(interactor, in: view))
    }

    /// Runs what the background delivers, and what the reloads it causes start, until nothing more
    /// comes; returns how many deliveries that took, or nil if they had not stopped after 10.
    func runBackgroundWork() async -> Int? {
        for deliveries in 0...10 {
            if await !background.runDelivered() { return deliveries }
        }
        return nil
    }

    @Test func totalsFollowEditsToStopsAndDeletedTrips() {
        let store = TripStoreDouble(trips: [Fixtures.france(), Fixtures.japan()])
        let repository = TripRepository(store: store, trips: store.trips)
        let interactor = interactor(repository)
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

    @Test func aListOfAtMostTheLimitIsTotalledAtOnceWithoutBackgroundWork() {
        let trips = TripWorkload.trips(count: TripListInteractor.synchronousTotalsLimit, stops: 6, seed: 10)
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let interactor = interactor(repository)
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        repository.update(tripID: trips[200].id) { $0.waypoints.removeLast() }
        #expect(interactor.summaries()[200].distanceMeters == Self.expected(repository.trips[200]))
        #expect(background.jobs == 0)
    }

    @Test func manyTripsHaveTheFirstTotalsAtOnceAndTheOthersFromTheBackground() async {
        let trips = TripWorkload.trips(count: 600, stops: 6, seed: 11)
        let repository = TripRepository(store: TripStoreDouble(trips: trips), trips: trips)
        let interactor = interactor(repository)
        let limit = TripListInteractor.synchronousTotalsLimit
        let first = interactor.summaries()
        #expect(first[..<limit].map(\.distanceMeters) == trips[..<limit].map(Self.expected))
        #expect(first[limit...].allSatisfy { $0.distanceMeters == nil })
        #expect(background.jobs == 1)

        #expect(await runBackgroundWork() == 1)
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        #expect(interactor.summaries().map(\.id) == trips.map(\.id))
        #expect(background.jobs == 1)
    }

    @Test func totalsLeftToTheBackgroundShowAsAnEllipsisUntilTheyArrive() async {
        var trips = TripWorkload.trips(count: 600, stops: 6, seed: 17)
        trips[500].waypoints.removeLast(5)
        let (repository, interactor, view, _) = showList(trips)
        let formatted = trips.map { $0.waypoints.count < 2 ? "—" : Formatting.distance(Self.expected($0), unit: interactor.unit) }
        let limit = TripListInteractor.synchronousTotalsLimit
        let rows = view.model?.rows.map(\.distance) ?? []
        #expect(rows[..<limit] == formatted[..<limit])
        #expect(rows[limit...].allSatisfy { $0 == "…" || $0 == "—" })
        #expect(rows[500] == "—")

        #expect(await runBackgroundWork() == 1)
        #expect(view.model?.rows.map(\.distance) == formatted)
        #expect(background.jobs == 1)
    }

    @Test func aTotalForStopsEditedWhileTheJobIsOutIsNotUsed() async {
        let trips = TripWorkload.trips(count: 1_000, stops: 6, seed: 14)
        let (repository, interactor, view, presenter) = showList(trips)
        // Far enough down that its total is still left to the background after the edit (each call
        // computes the next screens at once), while the job out has it for the old stops.
        repository.update(tripID: trips[900].id) { $0.waypoints[1].coordinate = Coordinate(latitude: -33.86, longitude: 151.21) }
        let edited = Self.expected(repository.trips[900])
        #expect(edited != Self.expected(trips[900]))
        presenter.viewWillAppear()
        #expect(view.model?.rows[900].distance == "…")

        #expect(await runBackgroundWork() == 1)
        #expect(interactor.summaries().map(\.distanceMeters) == repository.trips.map(Self.expected))
        #expect(view.model?.rows[900].distance == Formatting.distance(edited, unit: interactor.unit))
        // Made again from the cache alone, after trips came and went.
        repository.perform { $0.append(Trip(name: "Extra")) }
        #expect(interactor.summaries().map(\.distanceMeters) == repository.trips.map(Self.expected))
        #expect(background.jobs == 1)
    }

    @Test func tripsRemovedWhileTheJobIsOutLeaveNoTotalMissing() async {
        let trips = TripWorkload.trips(count: 600, stops: 6, seed: 15)
        let (repository, interactor, view, presenter) = showList(trips)
        presenter.handle(.delete, typed: "")
        presenter.handle(.answer(true), typed: "")
        #expect(repository.trips.count == 599)

        #expect(await runBackgroundWork() != nil)
        #expect(interactor.summaries().map(\.distanceMeters) == repository.trips.map(Self.expected))
        #expect(view.model?.rows.contains { $0.distance == "…" } == false)
    }

    @Test func anEditToOneTripOfManyMakesOneSummaryAgain() async {
        let trips = TripWorkload.trips(count: 600, stops: 6, seed: 12)
        let (repository, interactor, view, _) = showList(trips)
        #expect(await runBackgroundWork() == 1)
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
        #expect(background.jobs == 1)
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
        let interactor = interactor(repository, routes: roads)
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        repository.update(tripID: trips[3].id) { $0.name = "Renamed" }
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map(Self.expected))
        roads.arrived = true
        // No edit since: the totals that used estimates are made again all the same.
        #expect(interactor.summaries().map(\.distanceMeters) == trips.map { 2 * Self.expected($0) })
    }

    @Test func incompleteTotalsLeftToTheBackgroundAreShownWithoutEndlessJobs() async {
        let trips = TripWorkload.trips(count: 600, stops: 4, seed: 16)
        let roads = ArrivingRoads()
        let (repository, interactor, view, presenter) = showList(trips, routes: roads)
        let formatted = { (factor: Double) in trips.map { Formatting.distance(factor * Self.expected($0), unit: interactor.unit) }
        }
        let limit = TripListInteractor.synchronousTotalsLimit
        let rows = view.model?.rows.map(\.distance) ?? []
        #expect(rows[..<limit] == formatted(1)[..<limit])
        #expect(rows[limit...].allSatisfy { $0 == "…" })

        // The delivery fills the rows; the reload it causes makes the incomplete totals again (as
        // every call does), and these come out the same, so they cause nothing more.
        #expect(await runBackgroundWork() == 2)
        #expect(view.model?.rows.map(\.distance) == formatted(1))

        roads.arrived = true
        presenter.handle(.undo, typed: "")
        #expect(await runBackgroundWork() == 1)
        #expect(view.model?.rows.map(\.distance) == formatted(2))
        #expect(background.jobs == 3)
    }
}

/// Holds what background jobs deliver until the test runs it, and counts the jobs begun.
final class HeldDeliveries: @unchecked Sendable {
    private let lock = NSLock()
    private var begun = 0
    private var finished = 0
    private var held: [@MainActor @Sendable () -> Void] = []

    var delivery: UIDelivery {
        UIDelivery(
            post: { work in self.lock.withLock { self.held.append(work) } },
            started: { self.lock.withLock { self.begun += 1 } },
            ended: { self.lock.withLock { self.finished += 1 } })
    }

    var jobs: Int { lock.withLock { begun } }

    /// Waits until every job begun has delivered, then runs what they delivered; false if nothing was.
    @MainActor func runDelivered() async -> Bool {
        while lock.withLock({ finished < begun }) { await Task.yield() }
        let work = lock.withLock {
            defer { held = [] }
            return held
        }
        for item in work { item() }
        return !work.isEmpty
    }
}
