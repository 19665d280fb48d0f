import Foundation
import RoadtripCore
import Itinerary
import TermUI
import TripMap
import Testing
import TestSupport
@testable import TripDetail
@testable import WaypointEditor

@MainActor
@Suite struct TripDetailTests {
    let store = TripStoreDouble()
    let repository: TripRepository
    let trip = Fixtures.france()
    let router = TripDetailRouterSpy()
    let view = TripDetailViewSpy()

    init() {
        repository = TripRepository(store: store, trips: [trip])
    }

    func makePresenter(routes: RouteProvider = GeodesicRouteProvider(), deliver: UIDelivery? = nil) -> TripDetailPresenter {
        TripDetailModuleDouble.presenter(
            of: trip, in: repository, routes: routes, deliver: deliver ?? UIDelivery(post: { _ in }), router: router, view: view)
    }

    @Test func showsStopsWithGeodesicLegsAndTotal() throws {
        _ = makePresenter()
        let model = try #require(view.model)
        #expect(model.rows.map(\.name) == ["Paris", "Lyon", "Marseille"])
        #expect(model.rows[0].legDistance == "start")
        // Paris–Lyon on the ellipsoid is about 391.5 km.
        #expect(model.rows[1].legDistance.hasSuffix(" km"))
        let km = Double(model.rows[1].legDistance.dropLast(3).replacingOccurrences(of: ",", with: "")) ?? 0
        #expect(abs(km - 392) <= 1.5)
        #expect(model.total.hasSuffix(" km"))
        #expect(model.source == "geodesic")
    }

    @Test func movingAStopSavesAndTheSelectionFollows() throws {
        let presenter = makePresenter()
        presenter.didSelectRow(2)
        presenter.handle(.moveStopUp, typed: "")
        #expect(view.model?.rows.map(\.name) == ["Paris", "Marseille", "Lyon"])
        #expect(view.model?.selection == 1)
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Marseille", "Lyon"])
        // Past either end nothing moves.
        presenter.didSelectRow(0)
        presenter.handle(.moveStopUp, typed: "")
        #expect(store.saves == 1)
    }

    @Test func deletingAStopAsksFirst() {
        let presenter = makePresenter()
        presenter.didSelectRow(1)
        presenter.handle(.delete, typed: "")
        #expect(view.model?.mode == .confirming(question: "Delete stop “Lyon”?"))
        presenter.handle(.answer(true), typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Marseille"])
        #expect(view.model?.selection == 1)
    }

    @Test func renameEditsTheName() {
        let presenter = makePresenter()
        presenter.handle(.rename, typed: "")
        #expect(view.model?.mode == .renaming(text: "Tour de France"))
        presenter.handle(.commitName, typed: "Provence")
        #expect(store.trips.first?.name == "Provence")
        #expect(view.model?.title == "Trips › Provence")
    }

    @Test func addOpensTheEditorAfterTheSelection() {
        let presenter = makePresenter()
        presenter.didSelectRow(1)
        presenter.handle(.add, typed: "")
        presenter.handle(.edit, typed: "")
        #expect(router.editors == [.insert(at: 2), .edit(trip.waypoints[1].id)])
    }

    @Test func slowLegsShowCalculatingAndStaleAnswersAreDropped() async throws {
        let routes = ManualRouteProvider()
        var posted: [@MainActor @Sendable () -> Void] = []
        let box = PostBox()
        let presenter = makePresenter(routes: routes, deliver: UIDelivery(post: { box.append($0) }))
        #expect(view.model?.rows[1].legDistance == "Calculating…")
        #expect(view.model?.total == "Calculating…")
        // The list changes while the first request is in flight: its answer is no longer wanted,
        // so it is cancelled, and only the new one waits.
        presenter.didSelectRow(2)
        presenter.handle(.moveStopUp, typed: "")
        while routes.cancelled < 1 || routes.pending < 1 { await Task.yield() }
        #expect(routes.pending == 1)
        let fresh = [
            Leg(from: Fixtures.paris, to: Fixtures.lyon, distanceMeters: 100_000, durationSeconds: 60, source: .osrm),
            Leg(from: Fixtures.lyon, to: Fixtures.marseille, distanceMeters: 100_000, durationSeconds: 60, source: .osrm)
        ]
        routes.answer(.success(fresh))
        while box.count < 2 { await Task.yield() }
        posted = box.takeAll()
        for work in posted { work() }
        #expect(view.model?.rows[1].legDistance == "100 km")
        #expect(view.model?.rows[1].legDuration == "1 min")
        #expect(view.model?.total == "200 km · 2 min")
    }

    @Test func aFailedSaveKeepsTheEditOnScreenAndSaysWhy() {
        let presenter = makePresenter()
        store.failure = "No space left on device"
        presenter.handle(.moveStopDown, typed: "")
        #expect(view.model?.rows.map(\.name) == ["Lyon", "Paris", "Marseille"])
        #expect(view.model?.message?.isError == true)
        #expect(view.model?.message?.text.contains("No space left on device") == true)
        #expect(store.trips.isEmpty)
        store.failure = nil
        presenter.handle(.moveStopUp, typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille"])
    }

    @Test func theMapFollowsTheTripAndTheSelection() throws {
        let presenter = makePresenter()
        #expect(view.model?.map.stops.map(\.name) == ["Paris", "Lyon", "Marseille"])
        presenter.didSelectRow(2)
        #expect(view.model?.map.selectedIndex == 2)
        presenter.handle(.moveStopUp, typed: "")
        presenter.handle(.moveStopUp, typed: "")
        #expect(view.model?.map.stops.first?.name == "Marseille")
        #expect(view.model?.map.selectedIndex == 0)
        presenter.handle(.map, typed: "")
        let model = try #require(router.mapModel)
        #expect(model().stops.count == 3)
        // A click on stop 3's number on the full-screen map selects it on the trip too.
        let select = try #require(router.mapSelect)
        select(2)
        #expect(view.model?.selection == 2 && model().selectedIndex == 2)
    }

    @Test func itineraryOpensAsAPageOfTheTripAsItIsNow() throws {
        let presenter = makePresenter()
        presenter.handle(.itinerary, typed: "")
        let page = try #require(router.page)
        #expect(page.title.hasSuffix("itinerary"))
        let text = page.lines().joined(separator: "\n")
        #expect(text.contains("Paris") && text.contains("Marseille"))
        #expect(text.contains("Day 1"))
    }

    /// The trip screen's presenter over `trip` alone, its background answers posted to `box`.
    func showing(
        _ trip: Trip, deliveringTo box: PostBox, matrix: any TravelTimeMatrixProviding = EstimatedTravelMatrixProvider()
    ) -> TripDetailPresenter {
        TripDetailModuleDouble.presenter(
            of: trip, in: TripRepository(store: store, trips: [trip]), deliver: UIDelivery(post: { box.append($0) }),
            matrix: matrix, router: router, view: view)
    }

    @Test func bestOrderIsProposedThenAppliedAsOneUndoableEdit() async throws {
        let box = PostBox()
        let zigzag = Fixtures.zigzag()
        let presenter = showing(zigzag, deliveringTo: box)
        presenter.handle(.optimize, typed: "")
        #expect(view.model?.message?.text == "Looking for the best order… (Esc stops and keeps the best found so far)")
        #expect(view.model?.mode == .searching)
        while box.count < 1 { await Task.yield() }
        for work in box.takeAll() { work() }
        guard case let .proposing(summary, order) = view.model?.mode else {
            Issue.record("no proposal: \(String(describing: view.model?.mode))")
            return
        }
        #expect(summary.hasPrefix("Best order:"))
        #expect(order == "A → B → C → D")
        #expect(store.saves == 0)
        presenter.handle(.applyProposal(true), typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == ["A", "B", "C", "D"])
        presenter.handle(.undo, typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == ["A", "C", "B", "D"])
        #expect(view.model?.message?.text == "Undid applying the best order.")
    }

    @Test func escStopsTheSearchAndAppliesItsBestOrderAsOneUndoableEdit() async {
        let box = PostBox()
        var stops: [Waypoint] = []
        for i in 0..<400 {
            let latitude = Double((i * 37) % 80) / 2, longitude = Double((i * 53) % 170) / 2
            stops.append(Waypoint(name: "S\(i)", coordinate: Coordinate(latitude: latitude, longitude: longitude)))
        }
        let presenter = showing(Trip(name: "Survey", waypoints: stops), deliveringTo: box)
        presenter.handle(.optimize, typed: "")
        presenter.handle(.stopSearch, typed: "")
        #expect(view.model?.mode == .stopping)
        // Progress news may come first; the search's answer follows within a few thousand moves.
        while view.model?.mode == .stopping {
            while box.count < 1 { await Task.yield() }
            for work in box.takeAll() { work() }
        }
        #expect(view.model?.mode == .browsing)
        #expect(view.model?.message?.text.hasPrefix("Stopped: Best order: ") == true)
        #expect(view.model?.message?.text.hasSuffix("Applied (u undoes it).") == true)
        let applied = store.trips.first?.waypoints ?? []
        #expect(applied.map(\.name) != stops.map(\.name))
        #expect(Set(applied.map(\.id)) == Set(stops.map(\.id)))
        #expect(applied.first?.id == stops.first?.id && applied.last?.id == stops.last?.id)
        let matrix = EstimatedTravelMatrixProvider()
        func drive(_ trip: [Waypoint]) -> Double {
            let m = matrix.instantMatrix(for: trip.map(\.coordinate)).durations
            return RouteOptimizer.cost(of: Array(trip.indices), in: m)
        }
        #expect(drive(applied) < drive(stops))
        presenter.handle(.undo, typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == stops.map(\.name))
    }

    /// A road table that never comes (a server that does not answer) until its request is cancelled.
    private struct SilentRoadTable: TravelTimeMatrixProviding {
        var label: String { "road times from OSRM test" }
        func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
            while !Task.isCancelled { await Task.yield() }
            throw CancellationError()
        }
    }

    /// Esc while the road table is still being asked for: the request is given up at once and the
    /// order stays as it was.
    @Test func escWhileTheRoadTableIsAskedForLeavesTheOrder() async {
        let box = PostBox()
        let stops = (0..<30).map {
            Waypoint(name: "S\($0)", coordinate: Coordinate(latitude: Double($0 % 7), longitude: Double($0)))
        }
        let presenter = showing(Trip(name: "Waiting", waypoints: stops), deliveringTo: box, matrix: SilentRoadTable())
        presenter.handle(.optimize, typed: "")
        presenter.handle(.stopSearch, typed: "")
        while view.model?.mode == .stopping {
            while box.count < 1 { await Task.yield() }
            for work in box.takeAll() { work() }
        }
        #expect(view.model?.mode == .browsing)
        #expect(view.model?.message?.text == "Stopped looking for the best order; the order is as it was.")
        #expect(store.saves == 0)
    }

    @Test func aLongItineraryIsPlannedOffTheUIThread() async {
        let box = PostBox()
        var stops: [Waypoint] = []
        for i in 0..<600 {
            stops.append(
                Waypoint(name: "S\(i)", coordinate: Coordinate(latitude: 40 + Double(i % 50) / 10, longitude: Double(i / 50))))
        }
        let trip = Trip(name: "Long", waypoints: stops)
        let interactor = ItineraryPageInteractor(
            repository: TripRepository(store: store, trips: [trip]), deliver: UIDelivery(post: { box.append($0) }),
            timeZones: .none, nightPlaces: .none)
        #expect(interactor.lines(of: trip, legs: [], unit: .kilometers).joined().contains("Planning the itinerary of 600 stops…"))
        while box.count < 1 { await Task.yield() }
        for work in box.takeAll() { work() }
        #expect(interactor.lines(of: trip, legs: [], unit: .kilometers).joined(separator: "\n").contains("Day 1"))
    }

    @Test func bestOrderNeedsFourStops() {
        let presenter = makePresenter()
        presenter.handle(.optimize, typed: "")
        #expect(view.model?.message?.text.contains("at least 4 stops") == true)
    }

    @Test func togglingUnitsShowsMiles() {
        let presenter = makePresenter()
        presenter.handle(.toggleUnits, typed: "")
        #expect(view.model?.rows[1].legDistance.hasSuffix(" mi") == true)
    }
}

/// Collects work posted from background tasks.
final class PostBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [@MainActor @Sendable () -> Void] = []
    func append(_ w: @escaping @MainActor @Sendable () -> Void) {
        lock.lock()
        items.append(w)
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }
    func takeAll() -> [@MainActor @Sendable () -> Void] {
        lock.lock()
        defer { lock.unlock() }
        let i = items
        items = []
        return i
    }
}
