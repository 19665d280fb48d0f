import Exchange
import Foundation
import RoadtripCore
import Testing
import TermUI
import TestSupport
@testable import TripDetail

/// Export and import on the trip screen, through the real interactor and real files.
@MainActor
@Suite struct TripDetailFileTests {
    let store = TripStoreDouble()
    let repository: TripRepository
    let trip = Fixtures.france()
    let router = TripDetailRouterSpy()
    let view = TripDetailViewSpy()
    let folder: String

    init() throws {
        repository = TripRepository(store: store, trips: [trip])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("detail-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func makePresenter() -> TripDetailPresenter {
        let interactor = TripDetailInteractor(
            tripID: trip.id, repository: repository, routes: GeodesicRouteProvider(), settings: DisplaySettings(),
            deliver: UIDelivery(post: { _ in }), files: FilePrompt(folder: folder, home: folder))
        let presenter = TripDetailPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        presenter.view = view
        presenter.viewWillAppear()
        return presenter
    }

    @Test func exportWritesTheFileTheExtensionNames() throws {
        let presenter = makePresenter()
        presenter.didPressExport()
        #expect(view.model?.mode == .exporting(text: "\(trip.name).gpx"))
        presenter.didCommitPath("france.geojson")
        #expect(view.model?.mode == .browsing)
        let text = try String(contentsOfFile: folder + "/france.geojson", encoding: .utf8)
        #expect(text.contains("\"FeatureCollection\"") && text.contains("Marseille"))
        // The same path again asks first; no keeps the file as it was.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/france.geojson"))
        presenter.didPressExport()
        presenter.didCommitPath("~/france.geojson")
        #expect(view.model?.mode == .confirming(question: "Replace \(folder)/france.geojson?"))
        presenter.didAnswerConfirmation(false)
        #expect(try String(contentsOfFile: folder + "/france.geojson", encoding: .utf8) == "kept")
    }

    @Test func importAddsTheFilesStopsAfterTheLastAndUndoRemovesThem() throws {
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="43.2965" lon="5.3698"><name>Vieux-Port</name></wpt><wpt lat="43.5297" lon="5.4474"><name>Aix</name></wpt></gpx>
            """
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: folder + "/more.gpx"))
        let presenter = makePresenter()
        presenter.didPressImport()
        presenter.didCommitPath("nothing-here.gpx")
        #expect(view.model?.mode == .importing)
        #expect(view.model?.message?.isError == true)
        presenter.didCommitPath("more.gpx")
        #expect(view.model?.mode == .browsing)
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille", "Vieux-Port", "Aix"])
        presenter.didPressUndo()
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille"])
    }
}
