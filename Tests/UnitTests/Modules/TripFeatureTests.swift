import Foundation
@testable import Itinerary
import RoadtripCore
import ScreenKit
import TermUI
import Testing
import TestSupport
@testable import TripDetail
@testable import WaypointEditor

/// Each feature of the trip screen on its own, through its contract: a screen double in place of
/// the trip screen, interactor doubles that can fail, and no terminal.
@MainActor
@Suite struct TripFeatureTests {
    let trip = Fixtures.france()
    let router = TripDetailRouterSpy()

    // MARK: Stops

    @Test func deleteAsksThenDeletesTheStopAskedAboutAndSelectsTheNext() {
        let screen = TripScreenDouble(trip, selectedRow: 1)
        let stops = StopsInteractorDouble()
        let feature = StopsFeature(screen: screen, interactor: stops, router: router)
        #expect(feature.handle(.delete, typed: ""))
        #expect(feature.mode == .confirming(question: "Delete stop “Lyon”?"))
        #expect(stops.calls.isEmpty)
        #expect(feature.handle(.answer(true), typed: ""))
        #expect(stops.calls == ["delete"])
        #expect(screen.selections.last == trip.waypoints[2].id)
        #expect(screen.said == "Deleted stop “Lyon”.")
        #expect(feature.mode == nil)
    }

    @Test func anAnswerNobodyAskedForIsLeftToAnotherFeature() {
        let screen0 = TripScreenDouble(trip, selectedRow: 0)
        let feature = StopsFeature(screen: screen0, interactor: StopsInteractorDouble(), router: router)
        #expect(!feature.handle(.answer(true), typed: ""))
        #expect(!feature.handle(.optimize, typed: ""))
        // Features hold their screen unowned: the test keeps it alive, as the trip screen does.
        withExtendedLifetime(screen0) {}
    }

    @Test func aFailedDeleteSaysWhyInOneLine() {
        let screen = TripScreenDouble(trip, selectedRow: 0)
        let stops = StopsInteractorDouble()
        stops.failure = "Not saved: the disk is full."
        let feature = StopsFeature(screen: screen, interactor: stops, router: router)
        _ = feature.handle(.delete, typed: "")
        _ = feature.handle(.answer(true), typed: "")
        #expect(screen.shown.last??.isError == true)
        #expect(screen.said == "Not saved: the disk is full.")
    }

    @Test func movingPastEitherEndAsksNothing() {
        let stops = StopsInteractorDouble()
        let screen1 = TripScreenDouble(trip, selectedRow: 0)
        let top = StopsFeature(screen: screen1, interactor: stops, router: router)
        _ = top.handle(.moveStopUp, typed: "")
        let screen2 = TripScreenDouble(trip, selectedRow: 2)
        let bottom = StopsFeature(screen: screen2, interactor: stops, router: router)
        _ = bottom.handle(.moveStopDown, typed: "")
        #expect(stops.calls.isEmpty)
        _ = bottom.handle(.moveStopUp, typed: "")
        #expect(stops.calls == ["move 2 1"])
        // Features hold their screen unowned: the test keeps it alive, as the trip screen does.
        withExtendedLifetime(screen1) {}
        // Features hold their screen unowned: the test keeps it alive, as the trip screen does.
        withExtendedLifetime(screen2) {}
    }

    @Test func aBlankNameIsRefusedAndANameIsTrimmed() {
        let screen = TripScreenDouble(trip, selectedRow: 0)
        let stops = StopsInteractorDouble()
        let feature = StopsFeature(screen: screen, interactor: stops, router: router)
        _ = feature.handle(.rename, typed: "")
        #expect(feature.mode == .renaming(text: trip.name))
        _ = feature.handle(.commitName, typed: "   ")
        #expect(stops.calls.isEmpty)
        #expect(feature.mode == .renaming(text: trip.name))
        _ = feature.handle(.commitName, typed: "  Provence and back ")
        #expect(stops.calls == ["rename Provence and back"])
        #expect(screen.said == "Renamed to “Provence and back”.")
    }

    @Test func addOpensTheEditorAfterTheSelection() {
        let screen3 = TripScreenDouble(trip, selectedRow: 1)
        let feature = StopsFeature(screen: screen3, interactor: StopsInteractorDouble(), router: router)
        _ = feature.handle(.add, typed: "")
        _ = feature.handle(.edit, typed: "")
        #expect(router.editors == [.insert(at: 2), .edit(trip.waypoints[1].id)])
        // Features hold their screen unowned: the test keeps it alive, as the trip screen does.
        withExtendedLifetime(screen3) {}
    }

    // MARK: Best order

    /// Stored, so its stops keep their ids between the screen and the proposal.
    let zigzag = Fixtures.zigzag()

    func proposal(for trip: Trip) -> OrderProposal {
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: trip.coordinates)
        return OrderProposal(waypoints: trip.waypoints, matrix: matrix, source: "offline estimate")
    }

    @Test func bestOrderNeedsFourStopsAndAsksNothingBelow() {
        let screen = TripScreenDouble(trip)
        let search = BestOrderInteractorDouble()
        let feature = BestOrderFeature(screen: screen, interactor: search)
        _ = feature.handle(.optimize, typed: "")
        #expect(search.calls.isEmpty)
        #expect(screen.said?.contains("at least 4 stops") == true)
    }

    @Test func aProposalIsShownAndAFailedApplySaysWhy() {
        let screen = TripScreenDouble(zigzag)
        let search = BestOrderInteractorDouble()
        let feature = BestOrderFeature(screen: screen, interactor: search)
        _ = feature.handle(.optimize, typed: "")
        #expect(feature.mode == .searching)
        feature.orderProposalDidArrive(.success(proposal(for: zigzag)))
        guard case let .proposing(_, order) = feature.mode else {
            Issue.record("no proposal: \(String(describing: feature.mode))")
            return
        }
        #expect(order == "A → B → C → D")
        search.failure = "Not saved: the disk is full."
        _ = feature.handle(.applyProposal(true), typed: "")
        #expect(search.calls == ["propose", "apply"])
        #expect(screen.said == "Not saved: the disk is full.")
        #expect(feature.mode == nil)
    }

    @Test func anAnswerAfterTheScreenWasLeftChangesNothing() {
        let screen = TripScreenDouble(zigzag)
        let search = BestOrderInteractorDouble()
        let feature = BestOrderFeature(screen: screen, interactor: search)
        _ = feature.handle(.optimize, typed: "")
        feature.leave()
        _ = feature.handle(.applyProposal(false), typed: "")
        let shownBefore = screen.shown.count
        feature.orderProposalDidArrive(.success(proposal(for: zigzag)))
        feature.orderSearchDidProgress(OrderSearchProgress(fraction: 0.5, startCost: 10, bestCost: 9))
        #expect(screen.shown.count == shownBefore)
        #expect(search.calls.contains("cancel"))
        #expect(!search.calls.contains("apply"))
    }

    @Test func escWhileLookingAppliesTheBestSoFar() {
        let screen = TripScreenDouble(zigzag)
        let search = BestOrderInteractorDouble()
        let feature = BestOrderFeature(screen: screen, interactor: search)
        _ = feature.handle(.optimize, typed: "")
        _ = feature.handle(.stopSearch, typed: "")
        #expect(feature.mode == .stopping)
        feature.orderProposalDidArrive(.success(proposal(for: zigzag)))
        #expect(search.calls == ["propose", "stop", "apply"])
        #expect(screen.said?.hasSuffix("Applied (u undoes it).") == true)
    }

    // MARK: Routes

    @Test func avoidingSaysWhatAndAFailureSaysWhy() {
        let screen = TripScreenDouble(trip, selectedRow: 2)
        let routes = RouteChoicesInteractorDouble()
        let feature = RouteChoicesFeature(screen: screen, interactor: routes, router: router)
        _ = feature.handle(.avoid, typed: "")
        #expect(screen.said == "Avoiding tolls where the road router can (v: the next choice).")
        routes.failure = "Not saved: read-only file system."
        _ = feature.handle(.avoid, typed: "")
        #expect(screen.said == "Not saved: read-only file system.")
        _ = feature.handle(.alternative, typed: "")
        #expect(routes.calls.last == "alternative 2")
        #expect(screen.said == "Asking offline estimate for other routes…")
        feature.alternativeDidArrive(StatusMessage("Route 2 of 2"))
        #expect(screen.said == "Route 2 of 2")
    }

    /// `A` on the first stop: no route reaches it, and that is said at once, not "Asking…" for ever.
    @Test func anotherRouteToTheFirstStopIsAnsweredAtOnce() {
        let repository = TripRepository(store: TripStoreDouble(), trips: [trip])
        let interactor = RouteChoicesInteractor(
            ShownTrip(
                id: trip.id, repository: repository, routes: GeodesicRouteProvider(), settings: DisplaySettings(),
                deliver: UIDelivery(post: { _ in })))
        let screen = TripScreenDouble(trip, selectedRow: 0)
        let feature = RouteChoicesFeature(screen: screen, interactor: interactor, router: router)
        interactor.output = feature
        _ = feature.handle(.alternative, typed: "")
        #expect(screen.said == "Select a stop after the first to change the route that reaches it.")
    }

    @Test func directionsOpenAPageThatAsksAtEachDraw() throws {
        let screen4 = TripScreenDouble(trip)
        let feature = RouteChoicesFeature(screen: screen4, interactor: RouteChoicesInteractorDouble(), router: router)
        #expect(feature.handle(.directions, typed: ""))
        let page = try #require(router.page)
        #expect(page.title.hasSuffix("› directions"))
        #expect(page.lines().contains("  1. Start on Rue de Rivoli"))
        // Features hold their screen unowned: the test keeps it alive, as the trip screen does.
        withExtendedLifetime(screen4) {}
    }

    // MARK: Itinerary page

    @Test func theItineraryPagePlansTheTripAsItIsAtEachDraw() throws {
        let screen = TripScreenDouble(trip)
        let itinerary = ItineraryPageInteractorDouble()
        let feature = ItineraryPageFeature(screen: screen, interactor: itinerary, router: router)
        _ = feature.handle(.itinerary, typed: "")
        let page = try #require(router.page)
        #expect(page.lines() == ["Day 1"])
        screen.trip?.waypoints.removeLast()
        _ = page.lines()
        #expect(itinerary.planned.map(\.stops) == [3, 2])
        // `a` on the page: nothing to add is said; an added night redraws the trip screen.
        let add = try #require(router.pageCommands.first)
        #expect(add.run()?.text == "No suggested night: every day's driving ends at a stop.")
        itinerary.night = StatusMessage("Added “Mâcon” as stop 2, one night (u undoes it).")
        #expect(add.run()?.text.hasPrefix("Added “Mâcon”") == true)
        #expect(screen.shown.count == 2)
    }

    // MARK: Files

    @Test func anExportToAnExistingFileAsksAndNoWritesNothing() {
        let screen = TripScreenDouble(trip)
        let files = TripFilesInteractorDouble()
        let feature = TripFilesFeature(screen: screen, interactor: files)
        _ = feature.handle(.exportFile, typed: "")
        #expect(feature.mode == .exporting(text: "Tour de France.gpx"))
        files.plan = .replace(path: "/tmp/france.gpx", format: .gpx)
        _ = feature.handle(.commitPath, typed: "/tmp/france.gpx")
        #expect(feature.mode == .confirming(question: "Replace /tmp/france.gpx?"))
        #expect(feature.handle(.answer(false), typed: ""))
        #expect(feature.mode == nil)
        #expect(files.exported.isEmpty)
    }

    @Test func aRefusedPathKeepsThePromptWithTheReason() {
        let screen = TripScreenDouble(trip)
        let files = TripFilesInteractorDouble()
        let feature = TripFilesFeature(screen: screen, interactor: files)
        _ = feature.handle(.exportFile, typed: "")
        files.plan = .refused("End the file name with the format: .gpx, .geojson.")
        _ = feature.handle(.commitPath, typed: "france")
        #expect(feature.mode == .exporting(text: "Tour de France.gpx"))
        #expect(screen.shown.last??.isError == true)
        #expect(files.exported.isEmpty)
    }

    @Test func anImportThatFailsOpensThePromptAgainAndEscStopsAWrite() throws {
        let screen = TripScreenDouble(trip)
        let files = TripFilesInteractorDouble()
        let feature = TripFilesFeature(screen: screen, interactor: files)
        _ = feature.handle(.importFile, typed: "")
        _ = feature.handle(.commitPath, typed: "~/nowhere.gpx")
        #expect(feature.mode == .transferring)
        let importDone = try #require(files.importDone)
        importDone(.failure(FilePrompt.Problem("Not imported: ~/nowhere.gpx: no such file.")))
        #expect(feature.mode == .importing)
        #expect(screen.said == "Not imported: ~/nowhere.gpx: no such file.")

        _ = feature.handle(.cancelPath, typed: "")
        _ = feature.handle(.exportFile, typed: "")
        _ = feature.handle(.commitPath, typed: "alps.gpx")
        #expect(files.exported == ["/tmp/alps.gpx"])
        _ = feature.handle(.stopTransfer, typed: "")
        #expect(files.controls.last?.isStopped == true)
        #expect(screen.said == "Stopping…")
        let exportDone = try #require(files.exportDone)
        exportDone(StatusMessage("Not exported: stopped.", isError: true))
        #expect(feature.mode == nil)
        #expect(screen.said == "Not exported: stopped.")
    }
}
