import Exchange
import Foundation
import RoadtripCore
import ScreenKit
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
    /// What the file work posts back to the key loop, run by `settle`.
    let box = PostBox()

    init() throws {
        repository = TripRepository(store: store, trips: [trip])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("detail-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func makePresenter() -> TripDetailPresenter {
        TripDetailModuleDouble.presenter(
            of: trip, in: repository, deliver: UIDelivery(post: { [box] in box.append($0) }),
            files: FilePrompt(folder: folder, home: folder), router: router, view: view)
    }

    /// Waits for the file work off the key loop to hand back its outcome, and runs it.
    func settle() async {
        while view.model?.mode == .transferring {
            await Task.yield()
            for work in box.takeAll() { work() }
        }
    }

    @Test func exportWritesTheFileTheExtensionNames() async throws {
        let presenter = makePresenter()
        presenter.handle(.exportFile, typed: "")
        #expect(view.model?.mode == .exporting(text: "\(trip.name).gpx"))
        presenter.handle(.commitPath, typed: "france.geojson")
        #expect(view.model?.mode == .transferring)
        await settle()
        #expect(view.model?.mode == .browsing)
        let text = try String(contentsOfFile: folder + "/france.geojson", encoding: .utf8)
        #expect(text.contains("\"FeatureCollection\"") && text.contains("Marseille"))
        // The same path again asks first; no keeps the file as it was.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/france.geojson"))
        presenter.handle(.exportFile, typed: "")
        presenter.handle(.commitPath, typed: "~/france.geojson")
        #expect(view.model?.mode == .confirming(question: "Replace \(folder)/france.geojson?"))
        presenter.handle(.answer(false), typed: "")
        #expect(try String(contentsOfFile: folder + "/france.geojson", encoding: .utf8) == "kept")
    }

    @Test func importAddsTheFilesStopsAfterTheLastAndUndoRemovesThem() async throws {
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="43.2965" lon="5.3698"><name>Vieux-Port</name></wpt><wpt lat="43.5297" lon="5.4474"><name>Aix</name></wpt></gpx>
            """
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: folder + "/more.gpx"))
        let presenter = makePresenter()
        presenter.handle(.importFile, typed: "")
        presenter.handle(.commitPath, typed: "nothing-here.gpx")
        await settle()
        #expect(view.model?.mode == .importing)
        #expect(view.model?.message?.isError == true)
        presenter.handle(.commitPath, typed: "more.gpx")
        await settle()
        #expect(view.model?.mode == .browsing)
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille", "Vieux-Port", "Aix"])
        presenter.handle(.undo, typed: "")
        #expect(store.trips.first?.waypoints.map(\.name) == ["Paris", "Lyon", "Marseille"])
    }

    /// Esc while a named pipe nobody writes to is being read: the key loop was never held, and
    /// the read stops at once, changing nothing.
    @Test func escStopsAnImportFromAPipeNobodyWritesTo() async throws {
        let pipe = folder + "/waiting.gpx"
        #expect(mkfifo(pipe, 0o600) == 0)
        let presenter = makePresenter()
        presenter.handle(.importFile, typed: "")
        presenter.handle(.commitPath, typed: "waiting.gpx")
        #expect(view.model?.mode == .transferring)
        presenter.handle(.stopTransfer, typed: "")
        await settle()
        #expect(view.model?.mode == .importing)
        #expect(view.model?.message?.text.contains("stopped") == true, "\(String(describing: view.model?.message))")
        #expect(repository.trip(id: trip.id)?.waypoints.count == 3 && store.trips.isEmpty)
    }

    /// Esc while exporting into a named pipe whose reader does not read.
    @Test func escStopsAnExportIntoAPipeNobodyReads() async throws {
        let pipe = folder + "/stuck.gpx"
        #expect(mkfifo(pipe, 0o600) == 0)
        // A reader that opens the pipe and never reads: the export fills the pipe and waits.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let presenter = makePresenter()
        presenter.handle(.exportFile, typed: "")
        presenter.handle(.commitPath, typed: "stuck.gpx")
        if case .confirming = view.model?.mode { presenter.handle(.answer(true), typed: "") }
        #expect(view.model?.mode == .transferring)
        try await Task.sleep(for: .milliseconds(300))
        for work in box.takeAll() { work() }
        // A small trip may fit in the pipe whole; then the export has already finished.
        if view.model?.mode == .transferring {
            presenter.handle(.stopTransfer, typed: "")
            await settle()
            #expect(view.model?.message?.text.contains("stopped") == true, "\(String(describing: view.model?.message))")
        }
        #expect(view.model?.mode == .browsing)
    }
}
