import RoadtripCore
import TermUI
import TestSupport
import TripDetail
import TripList
import WaypointEditor

extension ScreenHarness {
    /// Opens the three real modules on this screen, wired as `FullScreenApp` wires them but with
    /// instant geodesic legs and the repository's own saving, so every key's effect is on screen at once.
    func pushPlanner(
        repository: TripRepository, editor: WaypointEditorDependencies? = nil,
        startupMessage: String? = nil
    ) {
        let routes = GeodesicRouteProvider()
        let detail = TripDetailDependencies(
            repository: repository, routes: routes, settings: DisplaySettings(),
            deliver: .application(app),
            editor: editor ?? WaypointEditorDependencies(repository: repository))
        let list = TripListDependencies(
            repository: repository, summaryRoutes: routes, estimate: routes,
            settings: DisplaySettings(), startupMessage: startupMessage, detail: detail)
        push(TripListRouter.assembleModule(dependencies: list, navigator: app))
    }

    /// Lets background work (a place search, a best order) come back and be drawn until `text` is
    /// on screen; gives up after 100,000 turns, leaving the test's own check to fail.
    func settle(until text: String) async {
        var turns = 0
        while !shows(text), turns < 100_000 {
            turns += 1
            await Task.yield()
            app.drainInbox()
            app.render()
        }
    }
}
