import Foundation
import Gazetteer
import RoadtripCore
import TermUI
import Testing
import TestSupport

@testable import WaypointEditor

/// A search that answers every query with the same places, as found by the name typed.
private struct FixedAnswers: PlaceSearching {
    var places: [Place]
    func search(_ query: String, limit: Int) -> [Place] { Array(places.prefix(limit)) }
}

/// The editor takes what the person means (issue 27): another name that names a place exactly
/// highlights it, Tab takes it and goes to Stay, the stop keeps the typed name, the trip's
/// neighbours rank a namesake near them first, and Enter with no place says so where it is.
@MainActor
@Suite struct EditorTakesThePlaceMeantTests {
    let store = TripStoreDouble()
    let view = WaypointEditorViewSpy()
    let router = WaypointEditorRouterSpy()
    let box = PostBox()

    static let munich: Place = {
        var p = Place(
            name: "Munich", region: "Bavaria", country: "Germany", countryCode: "DE",
            coordinate: Coordinate(latitude: 48.13743, longitude: 11.57549), population: 1_505_005,
            timeZone: "Europe/Berlin")
        p.matched = .alias
        p.typedExactly = true
        return p
    }()

    func editor(_ places: any PlaceSearching, trip: Trip = Fixtures.france(), at: Int = 3) -> WaypointEditorPresenter {
        let repository = TripRepository(store: store, trips: [trip])
        let interactor = WaypointEditorInteractor(
            tripID: trip.id, target: .insert(at: at), repository: repository, places: places,
            deliver: UIDelivery(post: { [box] in box.append($0) }))
        let presenter = WaypointEditorPresenter(interactor: interactor, router: router, isNew: true)
        interactor.output = presenter
        presenter.view = view
        presenter.viewWillAppear()
        return presenter
    }

    func settle(_ expected: Int) async {
        while box.count < expected { await Task.yield() }
        for work in box.takeAll() { work() }
    }

    @Test func anotherNameTypedExactlyHighlightsThePlaceAndEnterKeepsTheTypedName() async throws {
        let presenter = editor(FixedAnswers(places: [Self.munich]))
        presenter.didEditField(.name, text: "München")
        await settle(1)
        #expect(view.model?.selectedSuggestion == 0)
        presenter.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.name == "München")
        #expect(stop.coordinate == Self.munich.coordinate)
        #expect(stop.timeZone == "Europe/Berlin")
        #expect(router.closed == 1)
    }

    @Test func tabTakesTheHighlightedPlaceAndGoesToStaySoOneVisitSetsTheStay() async throws {
        let presenter = editor(FixedAnswers(places: [Self.munich]))
        presenter.didEditField(.name, text: "München")
        await settle(1)
        presenter.didPressTakeMatch()
        #expect(view.model?.focus == .stay)
        #expect(view.model?.suggestions.isEmpty == true)
        #expect(router.closed == 0)
        presenter.didEditField(.stay, text: "2h")
        presenter.didEditField(.note, text: "beer garden, then the Residenz")
        presenter.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.name == "München")
        #expect(stop.stay == 7200)
        #expect(stop.note == "beer garden, then the Residenz")
        #expect(stop.region == "Bavaria")
    }

    @Test func enterOrTabBeforeTheMatchesComeActsOnThemWhenTheyCome() async throws {
        let presenter = editor(FixedAnswers(places: [Self.munich]))
        presenter.didEditField(.name, text: "München")
        presenter.didPressSave()
        #expect(view.model?.message?.text == "Finding “München”…")
        #expect(router.closed == 0)
        await settle(1)
        #expect(store.trips.first?.waypoints.last?.name == "München")
        #expect(router.closed == 1)

        let second = editor(FixedAnswers(places: [Self.munich]))
        second.didEditField(.name, text: "München")
        second.didPressTakeMatch()
        await settle(1)
        #expect(view.model?.focus == .stay)
        #expect(view.model?.values[.position] == "48.13743, 11.57549")
    }

    @Test func aMapLinkPastedIntoTheNameIsWhereTheStopIs() async throws {
        let presenter = editor(FixedAnswers(places: []))
        presenter.didEditField(.name, text: "https://www.google.com/maps/place/Hallstatt/@47.5622,13.6493,15z")
        presenter.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.name == "Hallstatt")
        #expect(stop.coordinate == Coordinate(latitude: 47.5622, longitude: 13.6493))
        let refused = editor(FixedAnswers(places: []))
        refused.didEditField(.name, text: "https://www.google.com/maps/search/Zion/@37.2,-113,10z")
        refused.didPressSave()
        #expect(view.model?.errors[.name]?.contains("search for “Zion” instead") == true)
    }

    @Test func aPrefixTakesThePlacesOwnName() async throws {
        var munich = Self.munich
        munich.matched = .name
        munich.typedExactly = false
        let presenter = editor(FixedAnswers(places: [munich]))
        presenter.didEditField(.name, text: "Muni")
        await settle(1)
        #expect(view.model?.selectedSuggestion == 0)
        presenter.didPressTakeMatch()
        #expect(view.model?.values[.name] == "Munich")
    }

    @Test func aTypoMatchIsNotHighlightedAndEnterStaysInTheNameSayingWhatIsMissing() async throws {
        var munich = Self.munich
        munich.matched = .misspelledAlias
        munich.typedExactly = false
        let presenter = editor(FixedAnswers(places: [munich]))
        presenter.didEditField(.name, text: "Münchem")
        await settle(1)
        #expect(view.model?.selectedSuggestion == nil)
        presenter.didPressSave()
        #expect(view.model?.focus == .name)
        #expect(view.model?.message?.text.hasPrefix("No place for “Münchem” yet") == true)
        #expect(store.trips.isEmpty)
        #expect(router.closed == 0)
        // Tab with nothing highlighted goes on to Position, where a position can be typed.
        presenter.didPressTakeMatch()
        #expect(view.model?.focus == .position)
    }

    @Test func theNeighboursRankANamesakeNearThemFirstAndTheRowSaysWhy() async throws {
        let paris = Place(
            name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
            coordinate: Coordinate(latitude: 48.85, longitude: 2.35), population: 2_138_551, timeZone: "Europe/Paris")
        let parisTX = Place(
            name: "Paris", region: "Texas", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 33.66, longitude: -95.56), population: 24_782, timeZone: "America/Chicago")
        let texas = Trip(
            name: "Texas",
            waypoints: [
                Waypoint(name: "Dallas", coordinate: Coordinate(latitude: 32.78, longitude: -96.81)),
                Waypoint(name: "Texarkana", coordinate: Coordinate(latitude: 33.43, longitude: -94.05))
            ])
        let presenter = editor(PlaceSearchDouble(places: [paris, parisTX], ranksByContext: true), trip: texas, at: 1)
        presenter.didEditField(.name, text: "Paris")
        await settle(1)
        let rows = try #require(view.model?.suggestions)
        #expect(rows.first?.hasPrefix("Paris, Texas") == true)
        #expect(rows.first?.contains(" off the leg 1–3") == true)
        #expect(rows.last?.contains("km from stop") == true)
        presenter.didPressSave()
        let stops = try #require(store.trips.first?.waypoints)
        #expect(stops.map(\.name) == ["Dallas", "Paris", "Texarkana"])
        #expect(stops[1].region == "Texas")
    }
}
