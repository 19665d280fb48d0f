import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import Itinerary
import TermUI
import TripMap
import WaypointEditor

// The protocols between the parts of the trip detail module.

/// What the trip detail view draws; built by the presenter, ready to draw.
struct TripDetailViewModel: Equatable, Sendable {
    /// One stop, formatted; `leg` is the leg that arrives at it.
    struct Row: Equatable, Sendable {
        var number: String
        public var name: String
        var coordinate: String
        var legDistance: String
        var legDuration: String
    }

    public enum Mode: Equatable, Sendable {
        case browsing
        /// The trip name is being edited, starting from `text`.
        case renaming(text: String)
        case confirming(question: String)
        /// The best order is being looked for: Esc stops and applies the best found so far.
        case searching
        /// Esc was pressed: the best order found so far is applied when the search hands it over.
        case stopping
        /// A better order was found: Enter applies it, Esc keeps the old one.
        case proposing(summary: String, order: String)
        /// Typing the path of a file whose stops join the trip.
        case importing
        /// Typing the path to export the trip to, starting from `text`.
        case exporting(text: String)
        /// A file is being read or written off the key loop: Esc stops it.
        case transferring
    }

    var title: String
    public var detail: String
    /// Whether the map shows beside (or under) the stops, where there is room.
    var showsMap = true
    public var name: String
    var rows: [Row]
    var selection: Int?
    var total: String
    /// Where the figures come from ("geodesic", "offline estimate", "OSRM 127.0.0.1:5000").
    var source: String
    var emptyText: String
    public var mode: Mode
    public var message: StatusMessage?
    /// The trip as the map draws it, selection included.
    public var map: MapModel
}

@MainActor
protocol TripDetailViewProtocol: ModelView where Model == TripDetailViewModel {}

@MainActor
protocol TripDetailPresenterProtocol: ListPresenting where Action == TripDetailAction {}

/// One part of the trip screen (editing stops, the itinerary, the best order, routes, files): the
/// actions it answers and the mode it holds the screen in while it is busy.
@MainActor
protocol TripFeature: AnyObject {
    /// Does what `action` asks when it is this feature's to do; false when it is another's.
    func handle(_ action: TripDetailAction, typed: String) -> Bool
    /// The screen's mode while this feature holds it (a question, a prompt, a search); nil otherwise.
    var mode: TripDetailViewModel.Mode? { get }
    /// The screen is left: whatever the feature still has running stops.
    func leave()
}

/// What a feature reads of the trip screen and tells it.
@MainActor
protocol TripScreenContext: AnyObject {
    var trip: Trip? { get }
    var selectedRow: Int? { get }
    var unit: DistanceUnit { get }
    /// Where the legs come from ("offline estimate", "OSRM 127.0.0.1:5000").
    var legsSource: String { get }
    /// The legs of the trip as it is now, when every one is known; empty otherwise.
    var knownLegs: [Leg] { get }
    /// Makes the stop `id` the selection.
    func select(_ id: Waypoint.ID?)
    /// Puts `message` on the status line (nil clears it) and draws once, with the trip as it is
    /// now: an edit is routed again.
    func show(_ message: StatusMessage?)
}

/// The legs of the trip as far as they are known: nil where a figure is still being calculated.
struct LegsState: Equatable, Sendable {
    var legs: [Leg?]
    var source: String
    /// Why some legs fell back to an estimate, if they did.
    var note: String?
    /// What of the trip's avoidance the router could not apply, if any.
    var avoidNote: String?
    /// What the legs avoid; nil while not known.
    var avoided: RoadAvoidance?

    init(legs: [Leg?], source: String, note: String? = nil, avoidNote: String? = nil, avoided: RoadAvoidance? = nil) {
        self.legs = legs
        self.source = source
        self.note = note
        self.avoidNote = avoidNote
        self.avoided = avoided
    }

    /// Every leg, when every one is known; empty otherwise.
    var complete: [Leg] {
        legs.contains { $0 == nil } ? [] : legs.compactMap { $0 }
    }
}

/// The trip screen's own part of the module: the trip, its legs, the unit and the saves.
@MainActor
protocol TripDetailInteractorProtocol: AnyObject {
    var output: TripDetailInteractorOutput? { get set }
    func trip() -> Trip?
    var saveError: String? { get }
    var unit: DistanceUnit { get }
    func toggleUnit()
    /// Whether the map shows beside the stops (where there is room).
    var showsMap: Bool { get }
    func toggleMap()
    /// The stop selected on this trip when the planner last ended here, if it was this trip.
    var rememberedStop: Waypoint.ID? { get }
    /// Keeps the selected stop for the next launch, with this trip as the one open.
    func remember(stop: Waypoint.ID?)
    /// The screen is closing: the next launch starts on the list.
    func leave()
    /// Routes the trip as it is now: the legs known at once (estimates, cached road legs) are
    /// returned; the rest arrive later through `output`.
    func refreshLegs() -> LegsState
}

@MainActor
protocol TripDetailInteractorOutput: AnyObject {
    func legsDidChange(_ state: LegsState)
    /// A write failed, every edit is on disk again, or another program's change was taken in.
    func didChangeSaveState(_ news: SaveNews)
}

/// Opens the pages the trip screen's features read on (the itinerary, the directions).
@MainActor
protocol TripPageRouting: AnyObject {
    /// Opens a scrolling page of lines; `lines` is read at each draw, so it follows the trip.
    func openPage(title: String, commands: [TextPagerScreen.PageCommand], lines: @escaping @MainActor () -> [String])
}

@MainActor
protocol TripDetailRouterProtocol: StopsRouting, TripPageRouting, AlongRouteRouting, PhoneLinksRouting {
    /// Opens the map full screen; `model` is read at each draw so it follows the trip.
    func openMap(title: String, model: @escaping @MainActor () -> MapModel, select: @escaping @MainActor (Int) -> Void)
    func openSettings()
}

extension TripDetailViewModel.Mode: FilePromptModes {}
