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
        p.didEditField(.position, text: "47.322, 5.0415")
        p.didPressSave()
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Dijon", "Lyon", "Marseille"])
        #expect(store.trips.first?.waypoints[1].coordinate == Coordinate(latitude: 47.322, longitude: 5.0415))
        #expect(router.closed == 1)
    }

    @Test func editStartsFromTheStop() {
        _ = makePresenter(.edit(trip.waypoints[1].id))
        #expect(view.model?.values[.name] == "Lyon")
        #expect(view.model?.values[.position] == "45.764, 4.8357")
        #expect(view.model?.title == "Edit stop")
        #expect(view.model?.place.text.hasPrefix("At Lyon") == true)
    }

    @Test func aNewNameOverTheOldPositionIsSaidOnceBeforeSaving() throws {
        let p = makePresenter(.edit(trip.waypoints[1].id))
        p.didEditField(.name, text: "Lyon Part-Dieu")
        #expect(view.model?.place.isError == true)
        p.didPressSave()
        #expect(store.saves == 0)
        let said = try #require(view.model?.message?.text)
        #expect(said.hasPrefix("Position unchanged: Lyon 45.76, 4.84"))
        p.didPressSave()
        #expect(store.trips.first?.waypoints[1].name == "Lyon Part-Dieu")
        #expect(store.trips.first?.waypoints[1].id == trip.waypoints[1].id)
        #expect(store.trips.first?.waypoints[1].coordinate == trip.waypoints[1].coordinate)
    }

    @Test func choosingAPlaceSetsNamePositionRegionCountryAndZone() throws {
        let p = makePresenter(.edit(trip.waypoints[1].id))
        p.didEditField(.name, text: "Greno")
        p.placesDidArrive([Self.grenoble, Self.grenade], for: "Greno")
        #expect(view.model?.selectedSuggestion == 0)
        p.didMoveSuggestion(by: 1)
        p.didPressSave()
        let stop = try #require(store.trips.first?.waypoints[1])
        #expect(stop.name == "Grenade")
        #expect(stop.coordinate == Self.grenade.coordinate)
        #expect(stop.region == "Occitania")
        #expect(stop.country == "France")
        #expect(stop.timeZone == "Europe/Paris")
        #expect(router.closed == 1)
    }

    @Test func aQualifiedNameHighlightsItsPlace() {
        let p = makePresenter(.insert(at: 0))
        for query in ["Grenoble Isère", "grenoble, France", "Greno"] {
            p.didEditField(.name, text: query)
            p.placesDidArrive([Self.grenoble], for: query)
            #expect(view.model?.selectedSuggestion == 0, "\(query)")
        }
        p.didEditField(.name, text: "Grenade")
        p.placesDidArrive([Self.grenoble], for: "Grenade")
        #expect(view.model?.selectedSuggestion == nil)
    }

    @Test func aTypoMatchIsNotTakenByEnter() {
        let p = makePresenter(.edit(trip.waypoints[1].id))
        p.didEditField(.name, text: "Crater Lake")
        p.placesDidArrive(
            [
                PlaceSuggestion(
                    label: "Carter Lake, Iowa", name: "Carter Lake", region: "Iowa",
                    country: "United States", coordinate: Coordinate(latitude: 41.29, longitude: -95.92),
                    timeZone: "America/Chicago")
            ], for: "Crater Lake")
        #expect(view.model?.selectedSuggestion == nil)
        p.didPressSave()
        #expect(store.saves == 0)
        #expect(view.model?.message?.text.hasPrefix("Position unchanged") == true)
    }

    @Test func aCustomNameOverAChosenPlaceIsSavedAsSuch() throws {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Grenoble")
        p.placesDidArrive([Self.grenoble], for: "Grenoble")
        p.didMoveFocus(forward: true)
        // Tab closed the list without taking the place; choose it again and keep a name of our own.
        p.didMoveFocus(forward: false)
        p.didEditField(.name, text: "Grenoble")
        p.placesDidArrive([Self.grenoble], for: "Grenoble")
        p.didPressSave()
        let chosen = try #require(store.trips.first?.waypoints.first)
        #expect(chosen.coordinate == Self.grenoble.coordinate)
        let editor = makePresenter(.edit(chosen.id))
        editor.didEditField(.name, text: "Mom's house")
        editor.didPressSave()
        editor.didPressSave()
        #expect(store.trips.first?.waypoints.first?.name == "Mom's house")
        #expect(store.trips.first?.waypoints.first?.coordinate == Self.grenoble.coordinate)
        #expect(store.trips.first?.waypoints.first?.region == "Auvergne-Rhône-Alpes")
    }

    @Test func aNewStopNeedsAPlaceOrAPosition() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Sunny Day Inn")
        p.placesDidArrive([], for: "Sunny Day Inn")
        p.didPressSave()
        #expect(view.model?.errors[.position]?.hasPrefix("No place yet") == true)
        // Enter never moves the person silently: it says what is missing, and they stay in the name.
        #expect(view.model?.focus == .name)
        #expect(
            view.model?.message?.text == "Nothing matches “Sunny Day Inn”: Tab to Position and type one, or change the name.")
        #expect(store.saves == 0)
    }

    @Test func typedCoordinatesDropTheChosenRegionAndZone() throws {
        var stop = trip.waypoints[1]
        stop.region = "Auvergne-Rhône-Alpes"
        stop.timeZone = "Europe/Paris"
        repository.perform { $0[0].waypoints[1] = stop }
        let p = makePresenter(.edit(stop.id))
        p.didEditField(.position, text: "45.7, 4.9")
        #expect(view.model?.place.text == "Position typed by hand: 45.70, 4.90")
        p.didPressSave()
        let saved = try #require(store.trips.first?.waypoints[1])
        #expect(saved.coordinate == Coordinate(latitude: 45.7, longitude: 4.9))
        #expect(saved.region == nil)
        #expect(saved.timeZone == nil)
    }

    @Test func badPositionsAreRefusedNextToTheField() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Nowhere")
        for (text, said) in [
            ("91, 2", "Latitude 91° is outside −90°…90° (read 91°, 2°)."),
            ("10, east", "a value with no number"),
            ("10, -181", "Longitude −181° is outside −180°…180°"),
            ("10", "one value; type latitude and longitude"),
            ("Vienna", "Type latitude, longitude (48.8584, 2.2945, 48°51′N 2°17′E) or paste a map link.")
        ] {
            p.didEditField(.position, text: text)
            p.didPressSave()
            #expect(view.model?.errors[.position]?.contains(said) == true, "\(text): \(view.model?.errors[.position] ?? "")")
            #expect(view.model?.focus == .position)
        }
        #expect(store.saves == 0)
        #expect(router.closed == 0)
    }

    @Test func emptyNameIsRefused() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.position, text: "1, 2")
        p.didPressSave()
        #expect(view.model?.errors[.name] == "A stop needs a name.")
        #expect(store.saves == 0)
    }

    @Test func aPastedMapLinkGivesThePositionAndTheName() throws {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.position, text: "https://www.google.com/maps/place/Hallstatt/@47.5622,13.6493,15z/data=!3m1!4b1")
        p.didPressSave()
        let saved = try #require(store.trips.first?.waypoints.first)
        #expect(saved.name == "Hallstatt")
        #expect(saved.coordinate == Coordinate(latitude: 47.5622, longitude: 13.6493))
    }

    static let grenoble = PlaceSuggestion(
        label: "Grenoble, Auvergne-Rhône-Alpes, France", name: "Grenoble",
        region: "Auvergne-Rhône-Alpes", country: "France",
        coordinate: Coordinate(latitude: 45.1885, longitude: 5.7245), timeZone: "Europe/Paris")
    static let grenade = PlaceSuggestion(
        label: "Grenade, Occitania, France", name: "Grenade", region: "Occitania",
        country: "France", coordinate: Coordinate(latitude: 43.7722, longitude: 1.2942),
        timeZone: "Europe/Paris")

    @Test func stayOvernightArrivalAndNoteAreSavedWithTheStop() throws {
        let interactor = WaypointEditorInteractor(
            tripID: trip.id, target: .insert(at: 3), repository: repository,
            zones: { _ in TimeZone(identifier: "Europe/Paris") })
        let p = WaypointEditorPresenter(interactor: interactor, router: router, isNew: true)
        p.view = view
        p.viewWillAppear()
        #expect((view.model?.values[.nights] ?? "").isEmpty)
        p.didEditField(.name, text: "Nice")
        p.didEditField(.position, text: "43.7102, 7.262")
        p.didEditField(.stay, text: "1h30")
        p.didEditField(.nights, text: "2")
        p.didEditField(.arriveBy, text: "2026-07-14 18:00")
        p.didEditField(.note, text: "Socca at the market")
        p.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.last)
        #expect(stop.stay == 5400)
        #expect(stop.nights == 2)
        #expect(stop.note == "Socca at the market")
        // 18:00 in Nice in July is 16:00 UTC.
        #expect(stop.fixedArrival == Date(timeIntervalSince1970: 1_784_044_800))
    }

    @Test func badStayAndArrivalAreRefused() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "X")
        p.didEditField(.position, text: "1, 2")
        p.didEditField(.stay, text: "forever")
        p.didEditField(.arriveBy, text: "2026-02-30 10:00")
        p.didPressSave()
        #expect(view.model?.errors[.stay] == "“forever” is not a stay (try 1h30, 90 min, 2 nights or 3h 1n).")
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
        #expect(view.model?.values[.nights] == "1")
    }

    @Test func nightsTypedInStayFillTheNightsFieldAndAClashIsRefused() throws {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "Moab")
        p.didEditField(.position, text: "38.57, -109.55")
        p.didEditField(.stay, text: "3h 2 nights")
        p.didEditField(.nights, text: "1")
        p.didPressSave()
        #expect(view.model?.errors[.stay] == "Stay says 2 nights and Nights 1: keep one.")
        #expect(store.saves == 0)
        p.didEditField(.nights, text: "")
        p.didPressSave()
        let stop = try #require(store.trips.first?.waypoints.first)
        #expect(stop.stay == 3 * 3600 && stop.nights == 2)
    }

    @Test func nightsThatAreNotANumberAreRefused() {
        let p = makePresenter(.insert(at: 0))
        p.didEditField(.name, text: "X")
        p.didEditField(.position, text: "1, 2")
        p.didEditField(.nights, text: "many")
        p.didPressSave()
        #expect(view.model?.errors[.nights] == "“many” is not a number of nights (0 to 366).")
        p.didEditField(.nights, text: "400")
        p.didPressSave()
        #expect(view.model?.errors[.nights] == "“400” is not a number of nights (0 to 366).")
        #expect(store.saves == 0)
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
    /// One reader of a time of day for the settings form, `edit-trip --day-start` and the config file.
    @Test func aTimeOfDayIsHoursAndMinutesAndNothingElse() {
        let good: [(String, Int)] = [("08:00", 480), ("7:30", 450), (" 23:59 ", 1439), ("0:00", 0)]
        for (text, minutes) in good { #expect(DurationParser.clockMinutes(text) == minutes, "\(text)") }
        for text in ["24:00", "7:60", "+7:30", "7:-1", "7", "7:30:00", ":30", "7:", "٧:٣٠", ""] {
            #expect(DurationParser.clockMinutes(text) == nil, "\(text)")
        }
    }

    @Test func durationsAsPeopleTypeThem() throws {
        let cases: [(String, Double)] = [
            ("", 0), ("90", 5400), ("90 min", 5400), ("1h", 3600), ("1 h 30", 5400),
            ("1h30m", 5400), ("1:30", 5400), ("2 d", 172_800), ("1.5h", 5400)
        ]
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
