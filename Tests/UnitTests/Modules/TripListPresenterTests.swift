import Foundation
import RoadtripCore
import Testing
import TestSupport
@testable import TripList

@MainActor
@Suite struct TripListPresenterTests {
    let interactor = TripListInteractorDouble(["Alps", "Baltic", "Coast"])
    let router = TripListRouterSpy()
    let view = TripListViewSpy()
    let presenter: TripListPresenter

    init() {
        presenter = TripListPresenter(interactor: interactor, router: router)
        presenter.view = view
        presenter.viewWillAppear()
    }

    @Test func showsEveryTripFormatted() throws {
        let model = try #require(view.model)
        #expect(model.rows.map(\.name) == ["Alps", "Baltic", "Coast"])
        #expect(model.rows[0].stops == "2 stops")
        #expect(model.rows[0].distance == "1.5 km")
        #expect(model.selection == 0)
        #expect(model.detail == "3 trips")
    }

    @Test func addingAsksForANameFirstAndCreatesNothingUntilEnter() throws {
        presenter.handle(.add, typed: "")
        #expect(view.model?.mode == .naming)
        #expect(interactor.created == 0)
        presenter.handle(.commitName, typed: "  ")
        #expect(view.model?.message == .init("A trip needs a name: type one, or Esc to cancel.", isError: true))
        #expect(view.model?.mode == .naming)
        #expect(interactor.created == 0)
        presenter.handle(.commitName, typed: "Pacific NW loop ")
        #expect(interactor.created == 1)
        #expect(interactor.items.last?.name == "Pacific NW loop")
        #expect(router.opened.last == interactor.items.last?.id)
        #expect(view.model?.rows.count == 4)
    }

    @Test func escWhileNamingLeavesNoTrip() {
        presenter.handle(.add, typed: "")
        presenter.handle(.cancelName, typed: "")
        #expect(view.model?.mode == .browsing)
        #expect(interactor.created == 0)
        #expect(router.opened.isEmpty)
    }

    @Test func renameRefusesEmptyNameAndKeepsEditing() {
        presenter.didSelectRow(1)
        presenter.handle(.rename, typed: "")
        #expect(view.model?.mode == .renaming(row: 1, text: "Baltic"))
        presenter.handle(.commitName, typed: "   ")
        #expect(view.model?.message?.isError == true)
        #expect(view.model?.mode == .renaming(row: 1, text: "Baltic"))
        presenter.handle(.commitName, typed: "Baltic Sea")
        #expect(view.model?.rows[1].name == "Baltic Sea")
        #expect(view.model?.mode == .browsing)
    }

    @Test func deleteAsksFirstAndNoKeepsTheTrip() {
        presenter.didSelectRow(2)
        presenter.handle(.delete, typed: "")
        #expect(view.model?.mode == .confirming(question: "Delete “Coast”?"))
        presenter.handle(.answer(false), typed: "")
        #expect(view.model?.rows.count == 3)
        presenter.handle(.delete, typed: "")
        presenter.handle(.answer(true), typed: "")
        #expect(view.model?.rows.map(\.name) == ["Alps", "Baltic"])
        #expect(view.model?.selection == 1)
    }

    @Test func failedSaveIsShownAsAnError() {
        interactor.failure = "Not saved: disk full"
        presenter.handle(.delete, typed: "")
        presenter.handle(.answer(true), typed: "")
        #expect(view.model?.message == .init("Not saved: disk full", isError: true))
    }

    @Test func filterNarrowsAsYouTypeAndEscClears() {
        presenter.handle(.filter, typed: "")
        presenter.didChangeFilter("a")
        #expect(view.model?.rows.count == 3)
        presenter.didChangeFilter("bal")
        #expect(view.model?.rows.map(\.name) == ["Baltic"])
        #expect(view.model?.detail == "1 of 3 trips")
        presenter.handle(.dropFilter, typed: "")
        #expect(view.model?.rows.count == 3)
    }

    @Test func openUsesTheSelectedTrip() throws {
        presenter.didSelectRow(1)
        presenter.handle(.open, typed: "")
        let opened = try #require(router.opened.last)
        #expect(opened == interactor.items[1].id)
    }

    @Test func startupMessageShowsOnce() {
        interactor.startup = "Sample trips loaded."
        presenter.viewWillAppear()
        #expect(view.model?.message?.text == "Sample trips loaded.")
        presenter.didSelectRow(0)
        presenter.viewWillAppear()
        #expect(view.model?.message == nil)
    }

    @Test func quitGoesThroughTheRouter() {
        presenter.handle(.quit, typed: "")
        #expect(router.quitCount == 1)
    }

    @Test func renamingOneTripOfManyReformatsOneRowAndKeepsTheFilterAndSelection() throws {
        let many = TripListInteractorDouble((0..<1000).map { "Trip \($0)" })
        let view = TripListViewSpy()
        let presenter = TripListPresenter(interactor: many, router: router)
        presenter.view = view
        presenter.viewWillAppear()
        presenter.didSelectRow(700)
        let before = try #require(view.model?.rows)
        presenter.handle(.rename, typed: "")
        presenter.handle(.commitName, typed: "Renamed")
        let after = try #require(view.model)
        #expect(after.rows.positionsDiffering(from: before) == [700])
        #expect(after.rows[700].name == "Renamed")
        #expect(after.selection == 700)

        presenter.handle(.filter, typed: "")
        presenter.didChangeFilter("Trip 70")
        #expect(view.model?.rows.map(\.name) == ["Trip 70"] + (700...709).compactMap { $0 == 700 ? nil : "Trip \($0)" })
        presenter.handle(.keepFilter, typed: "")
        presenter.didSelectRow(1)
        presenter.handle(.rename, typed: "")
        presenter.handle(.commitName, typed: "Trip 70 again")
        #expect(view.model?.rows[1].name == "Trip 70 again")
        #expect(view.model?.selection == 1)
        #expect(view.model?.detail == "10 of 1000 trips")
    }
}
