import Foundation
import Gazetteer
import RoadtripCore
import TermUI
import Testing
import TestSupport
@testable import WaypointEditor

/// The editor's name field with an online geocoder: offline answers at once, online ones after a
/// pause in typing, only when no offline place is named as typed, and never for a stale query.
@MainActor
@Suite struct OnlinePlaceEditorTests {
    static let stadium: Place = {
        var p = Place(
            name: "Stade Louis II", region: "", country: "Monaco", countryCode: "MC",
            coordinate: Coordinate(latitude: 43.7276, longitude: 7.4155), population: 0, timeZone: "Europe/Monaco")
        p.feature = "stadium"
        p.source = "Nominatim, test"
        return p
    }()

    let box = PostBox()
    let view = WaypointEditorViewSpy()
    let presenter: WaypointEditorPresenter
    let online: OnlineSearchDouble
    let store = TripStoreDouble()

    init() { self.init(online: OnlineSearchDouble(.success([Self.stadium]))) }

    /// No pause before the online query, unless a test is about the pause: the tests do not sleep.
    init(online: OnlineSearchDouble, pause: Duration = .zero) {
        self.online = online
        let trip = Fixtures.france()
        let repository = TripRepository(store: store, trips: [trip])
        let interactor = WaypointEditorInteractor(
            tripID: trip.id, target: .insert(at: 0), repository: repository,
            places: PlaceSearchDouble(places: [PlaceSearchEditorTests.portlandOR]), online: online,
            deliver: UIDelivery(post: { [box] in box.append($0) }), onlinePause: pause)
        presenter = WaypointEditorPresenter(interactor: interactor, router: WaypointEditorRouterSpy(), isNew: true)
        interactor.output = presenter
        presenter.view = view
        presenter.viewWillAppear()
    }

    /// Runs what has been delivered until `expected` deliveries have come, then settles.
    func settle(_ expected: Int) async {
        var ran = 0
        while ran < expected {
            let work = box.takeAll()
            if work.isEmpty {
                try? await Task.sleep(for: .milliseconds(20))
                continue
            }
            for w in work { w() }
            ran += work.count
        }
    }

    @Test func aNameNoOfflinePlaceHasIsAskedOnlineAfterThePauseAndShownMarked() async {
        presenter.didEditField(.name, text: "Stade Louis")
        await settle(1)
        #expect(online.calls == ["Stade Louis"])
        #expect(view.model?.suggestions == ["Stade Louis II, Monaco · stadium · Nominatim, test"])
        #expect(view.model?.message == nil)
    }

    @Test func theOnlineAnswerComesWhileTheMainThreadNeverYields() {
        // The planner's run loop serves posted work, never the main actor's own queue: a search task
        // that waited for the main actor would wait for ever (as a first version did).
        presenter.didEditField(.name, text: "Stade Louis")
        // Generous: under a loaded CI the search task has waited over 10 s for a thread.
        let deadline = Date().addingTimeInterval(60)
        while box.count < 1, Date() < deadline { usleep(2_000) }
        for work in box.takeAll() { work() }
        #expect(view.model?.suggestions == ["Stade Louis II, Monaco · stadium · Nominatim, test"])
    }

    @Test func aPlaceNamedOfflineIsNeverAskedOnline() async {
        presenter.didEditField(.name, text: "Portland")
        await settle(1)
        // With no pause, a query that were going online would have gone by now.
        try? await Task.sleep(for: .milliseconds(100))
        #expect(box.takeAll().isEmpty)
        #expect(online.calls.isEmpty)
        #expect(view.model?.suggestions == ["Portland, Oregon, United States · city · 652,503"])
    }

    @Test func typingOnBeforeThePauseAsksOnlyForTheLastName() async {
        let paused = OnlinePlaceEditorTests(online: OnlineSearchDouble(.success([Self.stadium])), pause: .milliseconds(400))
        paused.presenter.didEditField(.name, text: "Stade")
        paused.presenter.didEditField(.name, text: "Stade L")
        paused.presenter.didEditField(.name, text: "Stade Louis")
        await paused.settle(3)
        #expect(paused.online.calls == ["Stade Louis"])
    }

    @Test func aFailureIsOneLineAndTheOfflineMatchesStand() async {
        let failing = OnlinePlaceEditorTests(
            online: OnlineSearchDouble(.failure(OnlineSearchFailure("Nominatim, test: cannot connect"))))
        failing.presenter.didEditField(.name, text: "Portl")
        await failing.settle(2)
        #expect(failing.view.model?.suggestions == ["Portland, Oregon, United States · city · 652,503"])
        #expect(failing.view.model?.message?.text == "Online search: Nominatim, test: cannot connect; the offline matches stand.")
    }

    @Test func aFailureWithNothingOfflineSaysSo() async {
        let failing = OnlinePlaceEditorTests(
            online: OnlineSearchDouble(.failure(OnlineSearchFailure("Nominatim, test: cannot connect"))))
        failing.presenter.didEditField(.name, text: "Stade Louis")
        await failing.settle(1)
        #expect(failing.view.model?.suggestions == [])
        #expect(
            failing.view.model?.message?.text
                == "Online search: Nominatim, test: cannot connect; nothing matches “Stade Louis” offline either.")
    }
}
