import Exchange
import Foundation
import Itinerary
@testable import RoadtripCore
import ScreenKit
import TermUI
import TripMap
@testable import TripDetail
@testable import TripList
@testable import WaypointEditor

/// Records what a presenter asked its router to do.
@MainActor
final class TripListRouterSpy: TripListRouterProtocol {
    var opened: [Trip.ID] = []
    var quitCount = 0
    func openTrip(_ id: Trip.ID) { opened.append(id) }
    func quit() { quitCount += 1 }
}

/// Keeps the last view model a presenter handed over.
@MainActor
final class TripListViewSpy: TripListViewProtocol {
    var model: TripListViewModel?
    /// Held as the real view holds it, for tests where only the interactor calls the presenter back.
    var presenter: (any TripListPresenterProtocol)?
    func show(_ model: TripListViewModel) { self.model = model }
}

/// A trip list interactor over plain arrays, failing on demand.
@MainActor
final class TripListInteractorDouble: TripListInteractorProtocol {
    weak var output: TripListInteractorOutput?
    var items: [TripSummary]
    var failure: String?
    var created = 0
    var startup: String?
    var saveError: String?

    init(_ names: [String]) {
        items = names.map { TripSummary(id: UUID(), name: $0, stopCount: 2, distanceMeters: 1500, distanceIsEstimate: false) }
    }

    func summaries() -> ChunkedArray<TripSummary> { ChunkedArray(items) }
    /// The trip the double says the last launch ended on, handed out once.
    var remembered: (id: Trip.ID, reopen: Bool)?
    func takeRememberedTrip() -> (id: Trip.ID, reopen: Bool)? {
        defer { remembered = nil }
        return remembered
    }
    func createTrip(named name: String) -> (id: Trip.ID, error: String?) {
        created += 1
        let s = TripSummary(id: UUID(), name: name, stopCount: 0, distanceMeters: 0, distanceIsEstimate: false)
        items.append(s)
        return (s.id, failure)
    }
    func renameTrip(_ id: Trip.ID, to name: String) -> String? {
        if let failure { return failure }
        if let i = items.firstIndex(where: { $0.id == id }) { items[i].name = name }
        return nil
    }
    func deleteTrip(_ id: Trip.ID) -> String? {
        if let failure { return failure }
        items.removeAll { $0.id == id }
        return nil
    }
    func deleteTrips(_ ids: Set<Trip.ID>) -> String? {
        if let failure { return failure }
        items.removeAll { ids.contains($0.id) }
        return nil
    }
    /// The samples `addSamples` appends, as names.
    var samples: [String] = []
    func addSamples() -> (added: Int, error: String?) {
        if let failure { return (0, failure) }
        let new = samples.filter { name in !items.contains { $0.name == name } }
        items += new.map { TripSummary(id: UUID(), name: $0, stopCount: 2, distanceMeters: 1500, distanceIsEstimate: false) }
        return (new.count, nil)
    }
    func duplicateTrip(_ id: Trip.ID) -> (id: Trip.ID, name: String, error: String?)? {
        guard let i = items.firstIndex(where: { $0.id == id }) else { return nil }
        var copy = items[i]
        copy.id = UUID()
        copy.name += " (copy)"
        items.insert(copy, at: i + 1)
        return (copy.id, copy.name, failure)
    }
    func suggestedExport(_ id: Trip.ID) -> String { (items.first { $0.id == id }?.name ?? "") + ".gpx" }
    /// What `planExport` answers; nil writes the typed path as GPX.
    var plan: FilePrompt.ExportPlan?
    func planExport(to typed: String) -> FilePrompt.ExportPlan { plan ?? .write(path: typed, format: .gpx) }
    var exports: [(trip: Trip.ID, path: String, format: ExchangeFormat)] = []
    /// Runs the file work at once, as the real interactor's thread would deliver it.
    func exportTrip(
        _ id: Trip.ID, to path: String, format: ExchangeFormat, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl {
        exports.append((id, path, format))
        done(failure.map { StatusMessage($0, isError: true) } ?? StatusMessage("Exported to \(path)."))
        return TransferControl()
    }
    var importProblem: String?
    func importTrip(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done:
            @escaping @MainActor @Sendable (Result<(id: Trip.ID, message: String, saveError: String?), FilePrompt.Problem>) ->
            Void
    ) -> TransferControl {
        if let importProblem {
            done(.failure(FilePrompt.Problem(importProblem)))
        } else {
            let s = TripSummary(id: UUID(), name: typed, stopCount: 3, distanceMeters: 10, distanceIsEstimate: false)
            items.append(s)
            done(.success((s.id, "Imported “\(typed)”.", failure)))
        }
        return TransferControl()
    }
    var undone = 0
    func undo() -> UndoOutcome {
        undone += 1
        return UndoOutcome(message: "Undid it.", isError: false)
    }
    func redo() -> UndoOutcome { UndoOutcome(message: "Nothing to redo.", isError: false) }
    var unit: DistanceUnit = .kilometers
    func takeStartupMessage() -> String? {
        defer { startup = nil }
        return startup
    }
}

@MainActor
final class TripDetailRouterSpy: TripDetailRouterProtocol {
    var editors: [WaypointEditorTarget] = []
    var closed = 0
    var mapModel: (@MainActor () -> MapModel)?
    var page: (title: String, lines: @MainActor () -> [String])?
    func openWaypointEditor(_ target: WaypointEditorTarget) { editors.append(target) }
    /// What a click on a stop's number on the full-screen map does.
    var mapSelect: (@MainActor (Int) -> Void)?
    func openMap(title: String, model: @escaping @MainActor () -> MapModel, select: @escaping @MainActor (Int) -> Void) {
        mapModel = model
        mapSelect = select
    }
    var pageCommands: [TextPagerScreen.PageCommand] = []
    func openPage(title: String, commands: [TextPagerScreen.PageCommand], lines: @escaping @MainActor () -> [String]) {
        page = (title, lines)
        pageCommands = commands
    }
    var settingsOpened = 0
    func openSettings() { settingsOpened += 1 }
    /// What a place added on "Along the route" tells the trip screen.
    var alongAdded: (@MainActor (Waypoint.ID, StatusMessage) -> Void)?
    func openAlong(added: @escaping @MainActor (Waypoint.ID, StatusMessage) -> Void) -> Bool {
        alongAdded = added
        return true
    }
    /// The trips "Send to a phone" was opened for, and the stop selected then.
    var phoneLinksOpened: [(trip: Trip, selected: Int?)] = []
    func openPhoneLinks(trip: Trip, selected: Int?, legs: [Leg]) { phoneLinksOpened.append((trip, selected)) }
    func close() { closed += 1 }
}

/// The trip screen as the app assembles it (every feature, each with its real interactor), over
/// a repository, with the router and view spies in place of the terminal.
@MainActor
enum TripDetailModuleDouble {
    static func presenter(
        of trip: Trip, in repository: TripRepository, routes: RouteProvider = GeodesicRouteProvider(),
        deliver: UIDelivery, matrix: any TravelTimeMatrixProviding = EstimatedTravelMatrixProvider(),
        files: FilePrompt = FilePrompt(), router: TripDetailRouterSpy, view: TripDetailViewSpy
    ) -> TripDetailPresenter {
        let dependencies = TripDetailDependencies(
            repository: repository, routes: routes, settings: DisplaySettings(), deliver: deliver,
            editor: WaypointEditorDependencies(repository: repository), matrix: matrix, files: files)
        let presenter = TripDetailRouter.compose(tripID: trip.id, dependencies: dependencies, router: router)
        presenter.view = view
        presenter.viewWillAppear()
        return presenter
    }
}

@MainActor
final class TripDetailViewSpy: TripDetailViewProtocol {
    var model: TripDetailViewModel?
    func show(_ model: TripDetailViewModel) { self.model = model }
}

@MainActor
final class WaypointEditorRouterSpy: WaypointEditorRouterProtocol {
    var closed = 0
    func close() { closed += 1 }
}

@MainActor
final class WaypointEditorViewSpy: WaypointEditorViewProtocol {
    var model: WaypointEditorViewModel?
    func show(_ model: WaypointEditorViewModel) { self.model = model }
}

/// A route provider whose answers the test releases by hand, to see "Calculating…" and late
/// results; a request whose task is cancelled ends at once and is counted.
final class ManualRouteProvider: RouteProvider, @unchecked Sendable {
    // @unchecked: every `var` is only touched under `lock`.
    private let lock = NSLock()
    private var waiting: [(id: Int, continuation: CheckedContinuation<[Leg], Error>)] = []
    private var cancelledEarly: Set<Int> = []
    private var nextID = 0
    private var cancelledCount = 0
    var label: String { "manual" }

    func legs(for stops: [Coordinate]) async throws -> [Leg] {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { c in
                let early = lock.withLock {
                    if cancelledEarly.remove(id) != nil { return true }
                    waiting.append((id, c))
                    return false
                }
                if early { c.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let c: CheckedContinuation<[Leg], Error>? = lock.withLock {
                cancelledCount += 1
                guard let index = waiting.firstIndex(where: { $0.id == id }) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                return waiting.remove(at: index).continuation
            }
            c?.resume(throwing: CancellationError())
        }
    }

    var pending: Int { lock.withLock { waiting.count } }

    /// Requests whose task was cancelled before they were answered.
    var cancelled: Int { lock.withLock { cancelledCount } }

    /// Answers the oldest request.
    func answer(_ result: Result<[Leg], Error>) {
        let c = lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst().continuation }
        c?.resume(with: result)
    }
}
