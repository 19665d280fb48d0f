import Foundation
import RoadtripCore
import TermUI

/// What the waypoint editor module needs from the app.
@MainActor
public struct WaypointEditorDependencies {
    public var repository: TripRepository
    /// The time zone at a coordinate (the gazetteer's nearest place), for arrival times.
    public var zones: @Sendable (Coordinate) -> TimeZone?

    public init(repository: TripRepository, zones: @escaping @Sendable (Coordinate) -> TimeZone? = { _ in nil }) {
        self.repository = repository
        self.zones = zones
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
    public static func assembleModule(tripID: Trip.ID, target: WaypointEditorTarget,
                                      dependencies: WaypointEditorDependencies, navigator: Navigator) -> Screen {
        let view = WaypointEditorView()
        let interactor = WaypointEditorInteractor(tripID: tripID, target: target, repository: dependencies.repository,
                                                  zones: dependencies.zones)
        let router = WaypointEditorRouter(navigator: navigator)
        let isNew: Bool = if case .insert = target { true } else { false }
        let presenter = WaypointEditorPresenter(interactor: interactor, router: router, isNew: isNew)
        presenter.view = view
        view.presenter = presenter
        return view
    }

    public func close() { navigator?.pop() }
}
