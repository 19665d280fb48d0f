import Foundation
import RoadtripCore
import TripFile
import Routing
import TermUI
import TripDetail
import TripList
import WaypointEditor

/// The app's screens wired as `FullScreenApp` wires them with its default routes (the offline estimate)
/// and no gazetteer, on an in-memory terminal and a real data file.
@MainActor
final class ScreenSession {
    let terminal = MemoryTerminal(width: 100, height: 30)
    let app: Application
    let repository: TripRepository

    /// Loads `url` and draws the first frame; `background` picks the app's saving mode, `routes`
    /// where legs come from (the app's default, the offline estimate, unless given).
    init(url: URL, background: Bool = true, routes: any RouteProvider = EstimateRouteProvider()) throws {
        let store = JSONTripStore(url: url)
        let trips = try store.load()?.trips ?? []
        app = Application(terminal: terminal)
        repository = background
            ? TripRepository(store: store, trips: trips, savingInBackground: app.post)
            : TripRepository(store: store, trips: trips)
        let settings = DisplaySettings(unit: .kilometers)
        let deliver = UIDelivery.application(app)
        let detail = TripDetailDependencies(repository: repository, routes: routes, settings: settings, deliver: deliver,
                                            editor: WaypointEditorDependencies(repository: repository, deliver: deliver))
        let list = TripListDependencies(repository: repository, summaryRoutes: routes, estimate: EstimateRouteProvider(), settings: settings,
                                        startupMessage: nil, detail: detail)
        app.push(TripListRouter.assembleModule(dependencies: list, navigator: app))
        app.render()
    }

    /// One key as the run loop handles it: to the top screen, through presenter and interactor, then drawn.
    func press(_ key: Key) {
        app.handle(key)
        if app.drainInbox() { app.render() }
    }

    /// The screen as text, to check the benchmark drives what it thinks it drives.
    var screen: String { terminal.memory.text }
}
