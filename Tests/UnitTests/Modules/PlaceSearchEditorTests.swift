import Foundation
import Gazetteer
import RoadtripCore
import TermUI
import Testing
import TestSupport
import TripDetail
import TripList
@testable import WaypointEditor

/// A place search that answers from a fixed list.
struct PlaceSearchDouble: PlaceSearching {
    var places: [Place]
    /// Whether a trip's context reranks the answers, as the real search does; off, the list is as given.
    var ranksByContext = false
    func search(_ query: String, limit: Int) -> [Place] {
        Array(places.filter { $0.name.lowercased().hasPrefix(query.lowercased()) }.prefix(limit))
    }
    func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place] {
        guard ranksByContext, let context else { return search(query, limit: limit) }
        return Array(context.ranked(search(query, limit: 40)).prefix(limit))
    }
}

@MainActor
@Suite struct PlaceSearchEditorTests {
    let store = TripStoreDouble()
    let repository: TripRepository
    let trip = Fixtures.france()
    let view = WaypointEditorViewSpy()
    let router = WaypointEditorRouterSpy()
    let box = PostBox()
    let presenter: WaypointEditorPresenter

    static let portlandME = Place(
        name: "Portland", region: "Maine", country: "United States", countryCode: "US",
        coordinate: Coordinate(latitude: 43.65737, longitude: -70.2589),
        population: 66881, timeZone: "America/New_York")
    static let portlandOR = Place(
        name: "Portland", region: "Oregon", country: "United States", countryCode: "US",
        coordinate: Coordinate(latitude: 45.52345, longitude: -122.67621),
        population: 652_503, timeZone: "America/Los_Angeles")

    init() {
        repository = TripRepository(store: store, trips: [trip])
        let interactor = WaypointEditorInteractor(
            tripID: trip.id, target: .insert(at: 3), repository: repository,
            places: PlaceSearchDouble(places: [Self.portlandOR, Self.portlandME]),
            deliver: UIDelivery(post: { [box] in box.append($0) }))
        presenter = WaypointEditorPresenter(interactor: interactor, router: router, isNew: true)
        interactor.output = presenter
        presenter.view = view
        presenter.viewWillAppear()
    }

    func settle(_ expected: Int) async {
        while box.count < expected { await Task.yield() }
        for work in box.takeAll() { work() }
    }

    @Test func matchesArriveAndStaleAnswersAreDropped() async {
        presenter.didEditField(.name, text: "P")
        presenter.didEditField(.name, text: "Po")
        presenter.didEditField(.name, text: "Portland")
        await settle(3)
        #expect(
            view.model?.suggestions == [
                "Portland, Oregon, United States · city · 652,503",
                "Portland, Maine, United States · town · 66,881"
            ])
        #expect(view.model?.selectedSuggestion == 0)
    }

    @Test func arrowsChooseAndEnterTakesThePlaceAndSavesTheStop() async throws {
        presenter.didEditField(.name, text: "Portland")
        await settle(1)
        // The best match begins with what was typed: it is highlighted, so ↓ goes to the second.
        #expect(view.model?.selectedSuggestion == 0)
        presenter.didMoveSuggestion(by: 1)
        #expect(view.model?.selectedSuggestion == 1)
        presenter.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.name == "Portland")
        #expect(stop.coordinate == Coordinate(latitude: 43.65737, longitude: -70.2589))
        #expect(stop.region == "Maine")
        #expect(stop.country == "United States")
        #expect(stop.timeZone == "America/New_York")
        #expect(router.closed == 1)
    }

    @Test func enterTakesTheHighlightedBestMatch() async throws {
        presenter.didEditField(.name, text: "Portl")
        await settle(1)
        presenter.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.name == "Portland")
        #expect(stop.region == "Oregon")
    }

    @Test func escClosesTheListAndUpFromTheTopLeavesIt() async {
        presenter.didEditField(.name, text: "Portland")
        await settle(1)
        presenter.didMoveSuggestion(by: -1)
        #expect(view.model?.selectedSuggestion == nil)
        presenter.didCloseSuggestions()
        #expect(view.model?.suggestions.isEmpty == true)
        #expect(view.model?.values[.name] == "Portland")
    }

    @Test func searchAgainReopensTheMatchesOrSaysThereAreNone() async {
        presenter.didEditField(.name, text: "Portland")
        await settle(1)
        presenter.didCloseSuggestions()
        presenter.didPressSearchAgain()
        await settle(1)
        #expect(view.model?.suggestions.count == 2)
        presenter.didEditField(.name, text: "Atlantis")
        await settle(1)
        presenter.didPressSearchAgain()
        await settle(1)
        #expect(view.model?.message?.text.hasPrefix("No place matches “Atlantis”") == true)
    }

    @Test func aRowSaysWhatWasTypedWhenThePlacesNameDoesNotShowIt() {
        var koln = Place(
            name: "Köln", region: "North Rhine-Westphalia", country: "Germany", countryCode: "DE",
            coordinate: Coordinate(latitude: 50.93, longitude: 6.95), population: 1_075_935, timeZone: "Europe/Berlin")
        #expect(WaypointEditorInteractor.suggestion(koln, typed: "koln").label.hasSuffix("1,075,935"))
        koln.matched = .alias
        #expect(
            WaypointEditorInteractor.suggestion(koln, typed: "Cologne").label
                == "Köln, North Rhine-Westphalia, Germany · city · 1,075,935 ← alias “Cologne”")
        koln.matched = .misspelling
        #expect(WaypointEditorInteractor.suggestion(koln, typed: "Kolm").label.hasSuffix(" ← spelled “Kolm”"))
        #expect(WaypointEditorInteractor.suggestion(Self.portlandME, typed: "Portland ME").label.hasSuffix("66,881"))
    }

    @Test func typingCoordinatesAfterTakingAPlaceForgetsItsZone() async throws {
        presenter.didEditField(.name, text: "Portland")
        await settle(1)
        presenter.didMoveFocus(forward: true)
        presenter.didEditField(.position, text: "44, -70")
        presenter.didPressSave()
        #expect(store.trips.first?.waypoints.last?.timeZone == nil)
        #expect(store.trips.first?.waypoints.last?.coordinate == Coordinate(latitude: 44, longitude: -70))
    }
}

/// The editor's live list on the in-memory screen, over the real gazetteer in Data/.
@MainActor
@Suite struct PlaceSearchScreenTests {
    @Test func typingAPlaceListsMatchesUnderTheCursor() async throws {
        let gazetteer = try Gazetteer.load(from: RoadtripBinary.repositoryRoot.appendingPathComponent("Data"))
        let store = TripStoreDouble(trips: [Fixtures.france()])
        let repository = TripRepository(store: store, trips: store.trips)
        let harness = ScreenHarness(width: 90, height: 26)
        harness.pushPlanner(
            repository: repository,
            editor: WaypointEditorDependencies(
                repository: repository, places: gazetteer, deliver: .application(harness.app)))
        harness.send(.enter)
        harness.type("a")
        harness.type("zurich")
        await harness.settle(until: "Zürich, Zurich")
        let row = try #require(harness.line(containing: "Zürich, Zurich, Switzerland"))
        #expect(row.contains("·"))
        // The list sits under the name field, inside a box.
        let nameRow = try #require(harness.lines.firstIndex { $0.contains("Name: zurich") })
        #expect(harness.lines[nameRow + 1].contains("┌"))
        // The best match begins with what was typed, so it is highlighted and Enter takes it.
        harness.send(.enter)
        #expect(harness.shows("Trip: Tour de France"))
        // Added after the selected first stop.
        let stop = try #require(store.trips.first?.waypoints[1])
        #expect(stop.name == "Zürich")
        #expect(stop.timeZone == "Europe/Zurich")
    }
}
