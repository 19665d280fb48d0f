import RoadtripCore
import TermUI
import WaypointEditor

/// What the trip detail module needs from the app.
@MainActor
public struct TripDetailDependencies {
    public var repository: TripRepository
    public var routes: RouteProvider
    public var settings: DisplaySettings
    public var deliver: UIDelivery
    public var editor: WaypointEditorDependencies

    public init(repository: TripRepository, routes: RouteProvider, settings: DisplaySettings,
                deliver: UIDelivery, editor: WaypointEditorDependencies) {
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

    init(tripID: Trip.ID, navigator: Navigator, dependencies: TripDetailDependencies) {
        self.tripID = tripID
        self.navigator = navigator
        self.dependencies = dependencies
    }

    /// Wires view, presenter, interactor and router for one trip; returns the screen to push.
    public static func assembleModule(tripID: Trip.ID, editingName: Bool, dependencies: TripDetailDependencies,
                                      navigator: Navigator) -> Screen {
        let view = TripDetailView()
        let interactor = TripDetailInteractor(tripID: tripID, repository: dependencies.repository,
                                              routes: dependencies.routes, settings: dependencies.settings,
                                              deliver: dependencies.deliver)
        let router = TripDetailRouter(tripID: tripID, navigator: navigator, dependencies: dependencies)
        let presenter = TripDetailPresenter(interactor: interactor, router: router, editingName: editingName)
        interactor.output = presenter
        presenter.view = view
        view.presenter = presenter
        return view
    }

    public func openWaypointEditor(_ target: WaypointEditorTarget) {
        guard let navigator else { return }
        navigator.push(WaypointEditorRouter.assembleModule(tripID: tripID, target: target,
                                                           dependencies: dependencies.editor, navigator: navigator))
    }

    public func close() { navigator?.pop() }
}
