import Foundation
import Itinerary
import RoadtripCore
import ScreenKit
import Synchronization
import Testing
import TermUI
import TestSupport
@testable import TripDetail

/// The "Along the route" screen's presenter and interactor over a repository, with the place
/// search and the travel matrix as doubles that answer, or fail, on demand.
@MainActor
@Suite struct AlongRouteModuleTests {
    /// Answers every request with the places it was given that are of the kinds asked for, and keeps the requests.
    final class SearchDouble: AlongRouteSearching, @unchecked Sendable {
        let places: [AlongPlace]
        let requests = Mutex<[AlongRequest]>([])
        init(_ places: [AlongPlace]) { self.places = places }
        func places(along line: RouteLine, _ request: AlongRequest) -> AlongAnswer {
            requests.withLock { $0.append(request) }
            let kinds = Set(request.kinds.map(\.name))
            return AlongAnswer(places: places.filter { kinds.contains($0.kind) })
        }
    }

    /// A road router's matrix: the estimate's figures doubled, or a failure.
    struct MatrixDouble: TravelTimeMatrixProviding {
        var fails = false
        var label: String { "OSRM double" }
        func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
            if fails { throw CoordinateError("the server did not answer") }
            let m = EstimatedTravelMatrixProvider().instantMatrix(for: stops)
            return TravelMatrix(
                durations: m.durations.map { $0.map { $0 * 2 } }, distances: m.distances.map { $0.map { $0 * 2 } })
        }
    }

    final class ViewSpy: AlongRouteViewProtocol {
        var model: AlongRouteViewModel?
        func show(_ model: AlongRouteViewModel) { self.model = model }
    }

    let trip = Fixtures.france()
    let repository: TripRepository
    let box = PostBox()
    let view = ViewSpy()
    var closed = 0

    init() {
        repository = TripRepository(store: TripStoreDouble(), trips: [trip])
    }

    /// A park between Paris and Lyon, fuel between Lyon and Marseille.
    static func places() -> [AlongPlace] {
        func place(_ name: String, _ kind: String, leg: Int, along: Double, _ c: Coordinate) -> AlongPlace {
            AlongPlace(
                name: name, kind: kind, coordinate: c, prominence: 1,
                position: RoutePosition(offRouteMeters: 2_000, alongMeters: along, leg: leg, nearestPoint: c))
        }
        return [
            place("Morvan", "park", leg: 0, along: 200_000, Coordinate(latitude: 47.2, longitude: 4.0)),
            place("Aire de Montélimar", "fuel", leg: 1, along: 600_000, Coordinate(latitude: 44.56, longitude: 4.75))
        ]
    }

    func make(
        search: SearchDouble, matrix: any TravelTimeMatrixProviding = EstimatedTravelMatrixProvider(),
        added: @escaping @MainActor (Waypoint.ID, StatusMessage) -> Void = { _, _ in },
        close: @escaping @MainActor () -> Void = {}
    ) -> AlongRoutePresenter {
        let shown = ShownTrip(
            id: trip.id, repository: repository, routes: GeodesicRouteProvider(), settings: DisplaySettings(),
            deliver: UIDelivery(post: { [box] in box.append($0) }))
        let interactor = AlongRouteInteractor(shown: shown, along: search, matrix: matrix)
        let presenter = AlongRoutePresenter(interactor: interactor, close: close, added: added)
        interactor.output = presenter
        presenter.view = view
        return presenter
    }

    /// Runs what the background work posts back until `done` holds.
    func settle(until done: () -> Bool) async {
        let deadline = Date().addingTimeInterval(10)
        while !done(), Date() < deadline {
            await Task.yield()
            for work in box.takeAll() { work() }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func theFilterAsksAgainAndTheRowsShowWhatArrived() async {
        let search = SearchDouble(Self.places())
        let presenter = make(search: search)
        presenter.viewWillAppear()
        #expect(view.model?.emptyText == "Looking along the route…")
        await settle { view.model?.rows.isEmpty == false }
        #expect(view.model?.rows.map(\.name) == ["Morvan"])
        #expect(view.model?.filter.hasPrefix("Sights and nature within 10 km · in route order · 1 place") == true)
        #expect(view.model?.map.marker?.name == "Morvan")
        presenter.handle(.nextFilter)
        #expect(view.model?.filter.hasPrefix("Parks within 10 km") == true)
        presenter.handle(.previousFilter)
        presenter.handle(.previousFilter)
        #expect(view.model?.filter.hasPrefix("Everything") == true)
        await settle { view.model?.rows.count == 2 }
        #expect(view.model?.rows.map(\.name) == ["Morvan", "Aire de Montélimar"])
        presenter.handle(.wider)
        #expect(view.model?.filter.contains("within 20 km") == true)
        await settle { search.requests.withLock { $0.last?.withinMeters } == 20_000 }
        let widths = search.requests.withLock { $0.map(\.withinMeters) }
        #expect(widths.last == 20_000, "\(widths)")
    }

    @Test func enterAddsTheHighlightedPlaceOnItsLegAndUndoTakesItBack() async {
        var told: (Waypoint.ID, StatusMessage)?
        var closed = 0
        let presenter = make(search: SearchDouble(Self.places()), added: { told = ($0, $1) }, close: { closed += 1 })
        presenter.viewWillAppear()
        presenter.handle(.previousFilter)
        await settle { view.model?.rows.count == 2 }
        presenter.didSelectRow(1)
        presenter.handle(.add)
        let stops = repository.trip(id: trip.id)?.waypoints.map(\.name)
        #expect(stops == ["Paris", "Lyon", "Aire de Montélimar", "Marseille"])
        #expect(closed == 1 && told?.1.text.contains("as stop 3") == true)
        #expect(told?.0 == repository.trip(id: trip.id)?.waypoints[2].id)
        _ = repository.undo()
        #expect(repository.trip(id: trip.id)?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille"])
    }

    @Test func escLeavesTheTripAsItWas() async {
        var closed = 0
        let presenter = make(search: SearchDouble(Self.places()), close: { closed += 1 })
        presenter.viewWillAppear()
        await settle { view.model?.rows.isEmpty == false }
        presenter.handle(.back)
        #expect(closed == 1 && repository.trip(id: trip.id) == trip)
    }

    @Test func aRoadRoutersDetoursReplaceTheEstimateAndAFailureSaysSo() async {
        let measured = make(search: SearchDouble(Self.places()), matrix: MatrixDouble())
        measured.viewWillAppear()
        await settle { view.model?.rows.first.map { !$0.detour.hasPrefix("≈") } ?? false }
        #expect(view.model?.rows.first?.detour.hasPrefix("≈") == false, "\(String(describing: view.model?.rows))")
        #expect(view.model?.filter.contains("measuring") == false)

        let failing = make(search: SearchDouble(Self.places()), matrix: MatrixDouble(fails: true))
        failing.viewWillAppear()
        await settle { view.model?.message?.text.contains("Detours are estimated") == true }
        #expect(view.model?.message?.text == "Detours are estimated: OSRM double: the server did not answer")
        #expect(view.model?.rows.first?.detour.hasPrefix("≈") == true)
    }
}
