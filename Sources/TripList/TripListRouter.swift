import Dispatch
import RoadtripCore
import TermUI
import TripDetail

/// What the trip list module needs from the app.
@MainActor
public struct TripListDependencies {
    public var repository: TripRepository
    public var summaryRoutes: RouteProvider
    public var estimate: InstantRouteProvider
    public var settings: DisplaySettings
    public var startupMessage: String?
    public var detail: TripDetailDependencies
    /// A new trip with the user's defaults (daily limit, start time).
    public var newTrip: @MainActor (String) -> Trip
    /// The sample trips `S` adds, or why they cannot be read.
    public var samples: @MainActor () -> Result<[Trip], SampleTripsError>

    public init(
        repository: TripRepository, summaryRoutes: RouteProvider, estimate: InstantRouteProvider,
        settings: DisplaySettings, startupMessage: String?, detail: TripDetailDependencies,
        newTrip: @escaping @MainActor (String) -> Trip = { Trip(name: $0) },
        samples: @escaping @MainActor () -> Result<[Trip], SampleTripsError> = { .success([]) }
    ) {
        self.newTrip = newTrip
        self.samples = samples
        self.repository = repository
        self.summaryRoutes = summaryRoutes
        self.estimate = estimate
        self.settings = settings
        self.startupMessage = startupMessage
        self.detail = detail
    }
}

/// Builds the trip list module and opens trips from it.
@MainActor
public final class TripListRouter: TripListRouterProtocol {
    private weak var navigator: Navigator?
    private let dependencies: TripListDependencies

    init(navigator: Navigator, dependencies: TripListDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    /// Wires view, presenter, interactor and router; returns the screen to push.
    public static func assembleModule(dependencies: TripListDependencies, navigator: Navigator) -> Screen {
        // Every total the list shows asks which legs cross the sea: the coasts are decoded now, off
        // the main thread, rather than by the first keys that need them.
        DispatchQueue.global(qos: .userInitiated).async { Landmasses.shared.prepareEverything() }
        let view = TripListView()
        let interactor = TripListInteractor(
            repository: dependencies.repository, routes: dependencies.summaryRoutes,
            estimate: dependencies.estimate, settings: dependencies.settings,
            deliver: dependencies.detail.deliver, startupMessage: dependencies.startupMessage,
            files: dependencies.detail.files, newTrip: dependencies.newTrip, samples: dependencies.samples)
        let router = TripListRouter(navigator: navigator, dependencies: dependencies)
        let presenter = TripListPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        presenter.view = view
        view.presenter = presenter
        return view
    }

    func openTrip(_ id: Trip.ID) {
        guard let navigator else { return }
        navigator.push(TripDetailRouter.assembleModule(tripID: id, dependencies: dependencies.detail, navigator: navigator))
    }

    func quit() { navigator?.quit() }
}
