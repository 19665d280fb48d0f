import Foundation
import RoadtripCore
import Testing
import TestSupport
@testable import WaypointEditor

@MainActor
@Suite struct WaypointEditorPresenterTests {
    let store = TripStoreDouble()
    let repository: TripRepository
    let trip = Fixtures.france()
    let router = WaypointEditorRouterSpy()
    let view = WaypointEditorViewSpy()

    init() {
        repository = TripRepository(store: store, trips: [trip])
    }

    func makePresenter(_ target: WaypointEditorTarget) -> WaypointEditorPresenter {
        let interactor = WaypointEditorInteractor(tripID: trip.id, target: target, repository: repository)
        let isNew: Bool = if case .insert = target { true } else { false }
        let presenter = WaypointEditorPresenter(interactor: interactor, router: router, isNew: isNew)
        presenter.view = view
        presenter.viewWillAppear()
        return presenter
    }

    @Test func insertsAtThePosition() {
        let p = makePresenter(.insert(at: 1))
        p.didEditField(.name, text: "Dijon")
        p.didEditField(.latitude, text: "47.322")
        p.didEditField(.longitude, text: "5.0415")
        p.didPressSave()
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Dijon", "Lyon", "Marseille"])
        #expect(store.trips.first?.waypoints[1].coordinate == Coordinate(latitude: 47.322, longitude: 5.0415))
        #expect(router.closed == 1)
    }

    @Test func editStartsFromTheStopAndReplacesIt() {
        let p = makePresenter(.edit(trip.waypoints[1].id))
        #expect(view.model?.values[.name] == "Lyon")
        #expect(view.model?.values[.latitude] == "45.764")
        #expect(view.model?.title == "Edit stop")
        p.didEditField(.name, text: "Lyon Part-Dieu")
        p.didPressSave()
        #expect(store.trips.first?.waypoints[1].name == "Lyon Part-Dieu")
        #expect(store.trips.first?.waypoints[1].id == trip.waypoints[1].id)
    }

    @Test func outOfRangeAndNonNumbersAreRefusedNextToTheField() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Nowhere")
        p.didEditField(.latitude, text: "91")
        p.didEditField(.longitude, text: "east")
        p.didPressSave()
        #expect(view.model?.errors[.latitude] == "Latitude must be between −90 and 90.")
        #expect(view.model?.errors[.longitude] == "“east” is not a number of degrees.")
        #expect(view.model?.focus == .latitude)
        #expect(store.saves == 0)
        #expect(router.closed == 0)
        p.didEditField(.latitude, text: "10")
        p.didEditField(.longitude, text: "-181")
        p.didPressSave()
        #expect(view.model?.errors[.longitude] == "Longitude must be between −180 and 180.")
        #expect(store.saves == 0)
    }

    @Test func aPastedPairInEitherCoordinateFieldFillsBoth() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Eiffel Tower")
        p.didEditField(.longitude, text: "48.8584, 2.2945")
        p.didMoveFocus(forward: true)
        #expect(view.model?.values[.latitude] == "48.8584")
        #expect(view.model?.values[.longitude] == "2.2945")
        p.didPressSave()
        #expect(store.trips.first?.waypoints.first?.coordinate == Coordinate(latitude: 48.8584, longitude: 2.2945))
    }

    @Test func emptyNameIsRefused() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.latitude, text: "1")
        p.didEditField(.longitude, text: "2")
        p.didPressSave()
        #expect(view.model?.errors[.name] == "A stop needs a name.")
        #expect(store.saves == 0)
    }

    @Test func stayOvernightArrivalAndNoteAreSavedWithTheStop() throws {
        let interactor = WaypointEditorInteractor(tripID: trip.id, target: .insert(at: 3), repository: repository,
                                                  zones: { _ in TimeZone(identifier: "Europe/Paris") })
        let p = WaypointEditorPresenter(interactor: interactor, router: router, isNew: true)
        p.view = view
        p.viewWillAppear()
        #expect(view.model?.values[.overnight] == "no")
        p.didEditField(.name, text: "Nice")
        p.didEditField(.latitude, text: "43.7102, 7.262")
        p.didEditField(.stay, text: "1h30")
        p.didEditField(.overnight, text: "yes")
        p.didEditField(.arriveBy, text: "2026-07-14 18:00")
        p.didEditField(.note, text: "Socca at the market")
        p.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.stay == 5400)
        #expect(stop.overnight)
        #expect(stop.note == "Socca at the market")
        // 18:00 in Nice in July is 16:00 UTC.
        #expect(stop.fixedArrival == Date(timeIntervalSince1970: 1_784_044_800))
    }

    @Test func badStayAndArrivalAreRefused() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "X")
        p.didEditField(.latitude, text: "1, 2")
        p.didEditField(.stay, text: "forever")
        p.didEditField(.arriveBy, text: "2026-02-30 10:00")
        p.didPressSave()
        #expect(view.model?.errors[.stay] == "“forever” is not a duration (try 1h30 or 90 min).")
        #expect(view.model?.errors[.arriveBy] == "“2026-02-30 10:00” is not a day of the calendar.")
        #expect(store.saves == 0)
    }

    @Test func editingShowsTheStopsFields() {
        var stop = trip.waypoints[1]
        stop.stay = 3600
        stop.note = "Lunch"
        stop.overnight = true
        repository.perform { $0[0].waypoints[1] = stop }
        _ = makePresenter(.edit(stop.id))
        #expect(view.model?.values[.stay] == "1 h")
        #expect(view.model?.values[.note] == "Lunch")
        #expect(view.model?.values[.overnight] == "yes")
    }

    @Test func cancelSavesNothing() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "X")
        p.didPressCancel()
        #expect(store.saves == 0)
        #expect(router.closed == 1)
    }
}

@Suite struct DurationAndTimeParserTests {
    @Test func durationsAsPeopleTypeThem() throws {
        let cases: [(String, Double)] = [("", 0), ("90", 5400), ("90 min", 5400), ("1h", 3600), ("1 h 30", 5400),
                                         ("1h30m", 5400), ("1:30", 5400), ("2 d", 172_800), ("1.5h", 5400)]
        for (text, seconds) in cases { #expect(try DurationParser.parse(text).get() == seconds, "\(text)") }
        for text in ["x", "1 parsec", "1:75", "h"] { #expect((try? DurationParser.parse(text).get()) == nil, "\(text)") }
        #expect(try DurationParser.parse(DurationParser.text(5400)).get() == 5400)
    }

    @Test func localTimesInTheStopsZone() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let date = try #require(try LocalTimeParser.parse("2026-04-01 09:30", in: tokyo).get())
        #expect(date == Date(timeIntervalSince1970: 1_775_003_400))
        #expect(LocalTimeParser.text(date, in: tokyo) == "2026-04-01 09:30")
        #expect((try? LocalTimeParser.parse("tomorrow", in: tokyo).get()) == nil)
    }
}

@Suite struct CoordinateParserTests {
    @Test func acceptsWhatPeopleType() throws {
        #expect(try CoordinateParser.parse("48.8584", axis: .latitude).get() == 48.8584)
        #expect(try CoordinateParser.parse(" -33.86 ", axis: .latitude).get() == -33.86)
        #expect(try CoordinateParser.parse("33.86° S", axis: .latitude).get() == -33.86)
        #expect(try CoordinateParser.parse("151.21E", axis: .longitude).get() == 151.21)
        #expect(CoordinateParser.parsePair("-33.86,151.21") == Coordinate(latitude: -33.86, longitude: 151.21))
        #expect(CoordinateParser.parsePair("48.8584 2.2945") == Coordinate(latitude: 48.8584, longitude: 2.2945))
    }

    @Test func refusesWhatIsNotACoordinate() {
        for text in ["", "nan", "inf", "0x10", "1e400", "12abc", "--5"] {
            #expect((try? CoordinateParser.parse(text, axis: .latitude).get()) == nil, "\(text)")
        }
        #expect(CoordinateParser.parsePair("1, 2, 3") == nil)
        #expect(CoordinateParser.parsePair("95, 2") == nil)
    }
}
