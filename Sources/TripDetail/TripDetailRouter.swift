import Exchange
import RoadtripCore
import ScreenKit
import Itinerary
import TermUI
import TripMap
import WaypointEditor

/// What the trip detail module needs from the app.
@MainActor
public struct TripDetailDependencies {
    public var repository: TripRepository
    public var routes: RouteProvider
    public var settings: DisplaySettings
    public var deliver: UIDelivery
    public var editor: WaypointEditorDependencies
    /// Travel times between every pair of stops, for the best order.
    public var matrix: any TravelTimeMatrixProviding
    /// Time zones of stops typed by hand, for the itinerary.
    public var timeZones: TimeZoneLookup
    /// Where the itinerary suggests a night when a drive is too long for the day.
    public var nightPlaces: NightPlaceLookup
    /// Whether the terminal shows Unicode (braille map) or only ASCII.
    public var unicode: Bool
    /// Export and import from the planner's prompts.
    public var files: FilePrompt
    /// The places along a route (`f`); nil when the place search could not be set up.
    public var along: (any AlongRouteSearching)?

    public init(
        repository: TripRepository, routes: RouteProvider, settings: DisplaySettings,
        deliver: UIDelivery, editor: WaypointEditorDependencies,
        matrix: any TravelTimeMatrixProviding = EstimatedTravelMatrixProvider(),
        timeZones: TimeZoneLookup = .none, nightPlaces: NightPlaceLookup = .none, unicode: Bool = true,
        files: FilePrompt = FilePrompt(), along: (any AlongRouteSearching)? = nil
    ) {
        self.along = along
        self.files = files
        self.matrix = matrix
        self.timeZones = timeZones
        self.nightPlaces = nightPlaces
        self.unicode = unicode
        self.repository = repository
        self.routes = routes
        self.settings = settings
        self.deliver = deliver
        self.editor = editor
    }
}

/// Builds the trip detail module, opens the waypoint editor from it and returns to the list.
@MainActor
public final class TripDetailRouter: TripDetailRouterProtocol {
    private weak var navigator: Navigator?
    private let tripID: Trip.ID
    private let dependencies: TripDetailDependencies
    /// Zoom and pan, shared by the embedded and the full-screen map.
    let mapState: MapState

    init(tripID: Trip.ID, navigator: Navigator, dependencies: TripDetailDependencies) {
        let deliver = dependencies.deliver
        let settings = dependencies.settings
        mapState = MapState(deliverNews: { work in deliver.news(work) }, zoomSteps: settings.mapZoomSteps)
        mapState.onZoomChange = { settings.mapZoomSteps = $0 }
        self.tripID = tripID
        self.navigator = navigator
        self.dependencies = dependencies
    }

    /// Wires view, presenter, interactor and router for one trip; returns the screen to push.
    public static func assembleModule(
        tripID: Trip.ID, dependencies: TripDetailDependencies,
        navigator: Navigator
    ) -> Screen {
        let view = TripDetailView()
        let router = TripDetailRouter(tripID: tripID, navigator: navigator, dependencies: dependencies)
        let presenter = compose(tripID: tripID, dependencies: dependencies, router: router)
        presenter.view = view
        view.presenter = presenter
        view.mapState = router.mapState
        view.unicode = dependencies.unicode
        return view
    }

    /// The screen's presenter with its interactor and every feature, each with its own interactor.
    static func compose(
        tripID: Trip.ID, dependencies d: TripDetailDependencies, router: TripDetailRouterProtocol
    ) -> TripDetailPresenter {
        let shown = ShownTrip(id: tripID, repository: d.repository, routes: d.routes, settings: d.settings, deliver: d.deliver)
        let interactor = TripDetailInteractor(shown)
        let presenter = TripDetailPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        let bestOrder = BestOrderInteractor(tripID: tripID, repository: d.repository, matrix: d.matrix, deliver: d.deliver)
        let routeChoices = RouteChoicesInteractor(shown)
        let bestOrderFeature = BestOrderFeature(screen: presenter, interactor: bestOrder)
        let routeChoicesFeature = RouteChoicesFeature(screen: presenter, interactor: routeChoices, router: router)
        bestOrder.output = bestOrderFeature
        routeChoices.output = routeChoicesFeature
        presenter.features = [
            StopsFeature(
                screen: presenter, interactor: StopsInteractor(tripID: tripID, repository: d.repository), router: router),
            ItineraryPageFeature(
                screen: presenter,
                interactor: ItineraryPageInteractor(
                    repository: d.repository, deliver: d.deliver, timeZones: d.timeZones, nightPlaces: d.nightPlaces,
                    along: d.along),
                router: router),
            bestOrderFeature,
            routeChoicesFeature,
            AlongRouteFeature(screen: presenter, router: router),
            PhoneLinksFeature(screen: presenter, router: router),
            TripFilesFeature(
                screen: presenter,
                interactor: TripFilesInteractor(tripID: tripID, repository: d.repository, deliver: d.deliver, files: d.files))
        ]
        return presenter
    }

    func openWaypointEditor(_ target: WaypointEditorTarget) {
        guard let navigator else { return }
        navigator.push(
            WaypointEditorRouter.assembleModule(
                tripID: tripID, target: target,
                dependencies: dependencies.editor, navigator: navigator))
    }

    func openMap(title: String, model: @escaping @MainActor () -> MapModel, select: @escaping @MainActor (Int) -> Void) {
        navigator?.push(
            MapScreen(
                title: title, state: mapState, unicode: dependencies.unicode, model: model,
                close: { [weak navigator] in navigator?.pop() }, select: select))
    }

    func openPage(
        title: String, commands: [TextPagerScreen.PageCommand], lines: @escaping @MainActor () -> [String]
    ) {
        navigator?.push(
            TextPagerScreen(
                title: title, closeKeys: [.char("i")], commands: commands, lines: lines,
                close: { [weak navigator] in navigator?.pop() }))
    }

    func openSettings() {
        guard let navigator else { return }
        let view = TripSettingsView()
        let interactor = TripSettingsInteractor(
            tripID: tripID, repository: dependencies.repository, timeZones: dependencies.timeZones)
        let presenter = TripSettingsPresenter(interactor: interactor, close: { [weak navigator] in navigator?.pop() })
        presenter.view = view
        view.presenter = presenter
        navigator.push(view)
    }

    func openAlong(added: @escaping @MainActor (Waypoint.ID, StatusMessage) -> Void) -> Bool {
        guard let navigator, let along = dependencies.along else { return false }
        let d = dependencies
        let shown = ShownTrip(id: tripID, repository: d.repository, routes: d.routes, settings: d.settings, deliver: d.deliver)
        let view = AlongRouteView()
        let interactor = AlongRouteInteractor(shown: shown, along: along, matrix: d.matrix)
        let presenter = AlongRoutePresenter(
            interactor: interactor, close: { [weak navigator] in navigator?.pop() }, added: added)
        interactor.output = presenter
        presenter.view = view
        view.presenter = presenter
        view.unicode = d.unicode
        view.mapState = MapState(deliverNews: { work in d.deliver.news(work) })
        navigator.push(view)
        return true
    }

    func openPhoneLinks(trip: Trip, selected: Int?, legs: [Leg]) {
        guard let navigator else { return }
        let d = dependencies
        let view = PhoneLinksView()
        let interactor = PhoneLinksInteractor(
            trip: trip, selected: selected, legs: legs, timeZones: d.timeZones, nightPlaces: d.nightPlaces)
        let presenter = PhoneLinksPresenter(interactor: interactor, close: { [weak navigator] in navigator?.pop() })
        presenter.view = view
        view.presenter = presenter
        navigator.push(view)
    }

    public func close() { navigator?.pop() }
}
