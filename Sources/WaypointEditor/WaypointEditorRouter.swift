import Foundation
import Gazetteer
import RoadtripCore
import TermUI

/// What the waypoint editor module needs from the app.
@MainActor
public struct WaypointEditorDependencies {
    public var repository: TripRepository
    /// The time zone at a coordinate (the gazetteer's nearest place), for arrival times.
    public var zones: @Sendable (Coordinate) -> TimeZone?
    /// The offline place search behind the name field; nil turns it off.
    public var places: (any PlaceSearching)?
    /// The online geocoder asked when no offline place is named as typed; nil (the default) asks none.
    public var online: (any OnlinePlaceSearching)?
    public var deliver: UIDelivery

    public init(
        repository: TripRepository, zones: @escaping @Sendable (Coordinate) -> TimeZone? = { _ in nil },
        places: (any PlaceSearching)? = nil, online: (any OnlinePlaceSearching)? = nil,
        deliver: UIDelivery = UIDelivery(post: { _ in })
    ) {
        self.repository = repository
        self.zones = zones
        self.places = places
        self.online = online
        self.deliver = deliver
    }
}

/// Builds the waypoint editor module and closes it.
@MainActor
public final class WaypointEditorRouter: WaypointEditorRouterProtocol {
    private weak var navigator: Navigator?

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// Wires view, presenter, interactor and router; returns the screen to push.
    public static func assembleModule(
        tripID: Trip.ID, target: WaypointEditorTarget,
        dependencies: WaypointEditorDependencies, navigator: Navigator
    ) -> Screen {
        let view = WaypointEditorView()
        let interactor = WaypointEditorInteractor(
            tripID: tripID, target: target, repository: dependencies.repository,
            zones: dependencies.zones, places: dependencies.places,
            online: dependencies.online, deliver: dependencies.deliver)
        let router = WaypointEditorRouter(navigator: navigator)
        let isNew: Bool = if case .insert = target { true } else { false }
        let presenter = WaypointEditorPresenter(interactor: interactor, router: router, isNew: isNew)
        interactor.output = presenter
        presenter.view = view
        view.presenter = presenter
        return view
    }

    public func close() { navigator?.pop() }
}
