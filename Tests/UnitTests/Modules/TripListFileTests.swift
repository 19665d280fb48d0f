import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import Testing
import TermUI
import TestSupport
@testable import TripList

/// Duplicate, import and export on the trip list: what the presenter asks of the interactor and shows.
@MainActor
@Suite struct TripListFileTests {
    let interactor = TripListInteractorDouble(["Alps", "Baltic", "Coast"])
    let router = TripListRouterSpy()
    let view = TripListViewSpy()
    let presenter: TripListPresenter

    init() {
        presenter = TripListPresenter(interactor: interactor, router: router)
        presenter.view = view
        presenter.viewWillAppear()
    }

    @Test func duplicateSelectsTheCopyRightAfterTheOriginal() throws {
        presenter.didSelectRow(1)
        presenter.handle(.duplicate, typed: "")
        let model = try #require(view.model)
        #expect(model.rows.map(\.name) == ["Alps", "Baltic", "Baltic (copy)", "Coast"])
        #expect(model.selection == 2)
        #expect(model.message?.text.contains("Duplicated as “Baltic (copy)”") == true)
    }

    @Test func importAddsTheTripAndSelectsIt() throws {
        presenter.handle(.importFile, typed: "")
        #expect(view.model?.mode == .importing)
        presenter.handle(.commitPath, typed: "~/alps.gpx")
        let model = try #require(view.model)
        #expect(model.mode == .browsing)
        #expect(model.rows.map(\.name).last == "~/alps.gpx")
        #expect(model.selection == 3)
        #expect(model.message?.isError == false)
    }

    @Test func aFailedImportKeepsThePromptWithTheReason() throws {
        interactor.importProblem = "Not imported: x.gpx: the file is empty"
        presenter.handle(.importFile, typed: "")
        presenter.handle(.commitPath, typed: "x.gpx")
        #expect(view.model?.mode == .importing)
        #expect(view.model?.message == StatusMessage("Not imported: x.gpx: the file is empty", isError: true))
        presenter.handle(.cancelPath, typed: "")
        #expect(view.model?.mode == .browsing)
        #expect(interactor.items.count == 3)
    }

    @Test func exportSuggestsTheTripsNameAndWrites() throws {
        presenter.didSelectRow(2)
        presenter.handle(.exportFile, typed: "")
        #expect(view.model?.mode == .exporting(text: "Coast.gpx"))
        presenter.handle(.commitPath, typed: "/tmp/coast.kml")
        #expect(interactor.exports.map(\.path) == ["/tmp/coast.kml"])
        #expect(interactor.exports.first?.trip == interactor.items[2].id)
        #expect(view.model?.mode == .browsing)
    }

    @Test func anExistingFileIsReplacedOnlyOnYes() throws {
        interactor.plan = .replace(path: "/tmp/alps.gpx", format: .gpx)
        presenter.handle(.exportFile, typed: "")
        presenter.handle(.commitPath, typed: "/tmp/alps.gpx")
        #expect(view.model?.mode == .confirming(question: "Replace /tmp/alps.gpx?"))
        presenter.handle(.answer(false), typed: "")
        #expect(interactor.exports.isEmpty)
        presenter.handle(.exportFile, typed: "")
        presenter.handle(.commitPath, typed: "/tmp/alps.gpx")
        presenter.handle(.answer(true), typed: "")
        #expect(interactor.exports.map(\.path) == ["/tmp/alps.gpx"])
    }

    @Test func aRefusedPathKeepsThePrompt() {
        interactor.plan = .refused("End the file name with the format: .gpx, .geojson.")
        presenter.handle(.exportFile, typed: "")
        presenter.handle(.commitPath, typed: "alps.txt")
        #expect(view.model?.mode == .exporting(text: "Alps.gpx"))
        #expect(view.model?.message?.isError == true)
        #expect(interactor.exports.isEmpty)
    }
}

/// The prompt's own rules on real files: paths, formats, replacing, the data file.
@Suite struct FilePromptTests {
    @Test func pathsFormatsAndExistingFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prompt = FilePrompt(
            owned: OwnedFiles(dataURL: URL(fileURLWithPath: folder + "/trips.json"), cacheFolder: nil), folder: folder,
            home: "/home/ann")
        #expect(prompt.absolute("~/x.gpx") == "/home/ann/x.gpx")
        #expect(prompt.absolute("sub/x.gpx") == folder + "/sub/x.gpx")
        #expect(prompt.planExport(to: "alps.geojson") == .write(path: folder + "/alps.geojson", format: .geojson))
        guard case .refused = prompt.planExport(to: "alps.txt") else {
            Issue.record("a .txt export")
            return
        }
        guard case .refused = prompt.planExport(to: "  ") else {
            Issue.record("an empty path")
            return
        }
        let trip = Trip(
            name: "Alps/North: “tour”", waypoints: [Waypoint(name: "A", coordinate: Coordinate(latitude: 1, longitude: 2))])
        #expect(FilePrompt.suggestedExport(for: trip) == "Alps-North: “tour”.gpx")
        #expect(prompt.export(trip, legs: [], to: folder + "/alps.gpx", format: .gpx).isError == false)
        #expect(prompt.planExport(to: "alps.gpx") == .replace(path: folder + "/alps.gpx", format: .gpx))
        _ = FileManager.default.createFile(atPath: folder + "/trips.json", contents: Data("{}".utf8))
        guard case let .refused(reason) = prompt.planExport(to: "trips.json") else {
            Issue.record("the data file")
            return
        }
        #expect(reason.contains("is the trip data file"))
        let refused = prompt.export(trip, legs: [], to: folder + "/trips.json", format: .json)
        #expect(refused.isError && refused.text.contains("never overwrites it"))
        #expect(try String(contentsOfFile: folder + "/trips.json", encoding: .utf8) == "{}")
        let imported = try prompt.importTrip(from: "alps.gpx").get()
        #expect(imported.trip.waypoints.map(\.name) == ["A"])
        guard case let .failure(problem) = prompt.importTrip(from: "missing.gpx") else {
            Issue.record("a missing file")
            return
        }
        #expect(problem.message.hasPrefix("Not imported: "))
    }
}
