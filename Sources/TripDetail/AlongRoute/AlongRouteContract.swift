import RoadtripCore
import ScreenKit
import TermUI
import TripMap

// The protocols of the "Along the route" screen (`f` on the trip screen): the places beside the
// route, a kind filter and a width changed with keys, the highlighted place on the map, Enter to
// add it as a stop on its leg.

/// What the screen draws, ready to draw.
struct AlongRouteViewModel: Equatable, Sendable {
    var title: String
    /// "Parks within 10 km · in route order · 12 places".
    var filter: String
    var header: AlongTable.Row
    var rows: [AlongTable.Row]
    var selection: Int?
    /// Said where the rows would be when there are none ("Looking along the route…").
    var emptyText: String
    /// The trip's map with the highlighted place marked.
    var map: MapModel
    var message: StatusMessage?
}

@MainActor
protocol AlongRouteViewProtocol: ModelView where Model == AlongRouteViewModel {}

@MainActor
protocol AlongRoutePresenterProtocol: AnyObject {
    func viewWillAppear()
    func didSelectRow(_ row: Int)
    /// What a key asked for (moving in the list and the help box are the view's own).
    func handle(_ action: AlongRouteAction)
}

/// Looks along the trip's route off the key loop, measures detours, and adds a place as a stop.
@MainActor
protocol AlongRouteInteractorProtocol: AnyObject {
    var output: AlongRouteInteractorOutput? { get set }
    /// The trip as it is now; nil once it is gone.
    var trip: Trip? { get }
    var unit: DistanceUnit { get }
    /// Whether detours are measured on the roads after the places arrive (a road router is configured).
    var measuresDetours: Bool { get }
    /// Starts looking for `request` along the trip's route; an earlier search still running is dropped.
    /// The answer, then the detours measured on the roads (when a road router is configured), arrive through `output`.
    func search(_ request: AlongRequest)
    /// Adds `place` to the trip at the leg it lies along, as one undoable edit: the stop's number
    /// (from 1), or why it could not.
    func add(_ place: AlongPlace) -> Result<(id: Waypoint.ID, number: Int), AlongAddError>
    /// The screen is left: whatever still runs stops.
    func cancel()
}

@MainActor
protocol AlongRouteInteractorOutput: AnyObject {
    /// The places found, with estimated detours, and the legs they were found along (for the map).
    func placesDidArrive(_ answer: AlongAnswer, legs: [Leg], request: AlongRequest)
    /// The same places with detours measured on the roads; `failure` says why some were not.
    func detoursDidArrive(_ places: [AlongPlace], failure: String?, request: AlongRequest)
}

/// Why a place could not be added.
struct AlongAddError: Error, Equatable {
    let message: String
}

/// What a key does on the "Along the route" screen.
enum AlongRouteAction: Sendable {
    case move(ListMove)
    case add, nextFilter, previousFilter, wider, narrower, sort, help, back
}
