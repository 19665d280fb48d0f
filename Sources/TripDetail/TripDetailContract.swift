import Exchange
import Foundation
import RoadtripCore
import Itinerary
import TermUI
import TripMap
import WaypointEditor

// The protocols between the parts of the trip detail module.

/// What the trip detail view draws; built by the presenter, ready to draw.
struct TripDetailViewModel: Equatable, Sendable {
    /// One stop, formatted; `leg` is the leg that arrives at it.
    public struct Row: Equatable, Sendable {
        public var number: String
        public var name: String
        public var coordinate: String
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

    public var title: String
    public var detail: String
    public var name: String
    public var rows: [Row]
    public var selection: Int?
    public var total: String
    /// Where the figures come from ("geodesic", "offline estimate", "OSRM 127.0.0.1:5000").
    public var source: String
    public var emptyText: String
    public var mode: Mode
    public var message: StatusMessage?
    /// The trip as the map draws it, selection included.
    public var map: MapModel
}

@MainActor
protocol TripDetailViewProtocol: AnyObject {
    func show(_ model: TripDetailViewModel)
}

@MainActor
protocol TripDetailPresenterProtocol: AnyObject {
    func viewWillAppear()
    func didSelectRow(_ row: Int)
    func didPressRename()
    func didCommitRename(_ name: String)
    func didCancelRename()
    func didPressAdd()
    func didPressEdit()
    func didPressDelete()
    func didAnswerConfirmation(_ yes: Bool)
    func didMoveWaypoint(from: Int, to: Int)
    func didPressToggleUnits()
    func didPressUndo()
    func didPressRedo()
    func didPressMap()
    func didPressItinerary()
    func didPressOptimize()
    func didPressSettings()
    func didAnswerProposal(_ apply: Bool)
    /// Esc while the best order is being looked for.
    func didPressStopSearch()
    func didPressStopTransfer()
    func didPressBack()
    func didPressImport()
    func didPressExport()
    func didCommitPath(_ text: String)
    func didCancelPath()
    func didPressAvoid()
    func didPressDirections()
    func didPressAlternative()
}

/// The legs of the trip as far as they are known: nil where a figure is still being calculated.
struct LegsState: Equatable, Sendable {
    public var legs: [Leg?]
    public var source: String
    /// Why some legs fell back to an estimate, if they did.
    public var note: String?
    /// What of the trip's avoidance the router could not apply, if any.
    var avoidNote: String?
    /// What the legs avoid; nil while not known.
    public var avoided: RoadAvoidance?

    public init(
        legs: [Leg?], source: String, note: String? = nil, avoidNote: String? = nil, avoided: RoadAvoidance? = nil
    ) {
        self.legs = legs
        self.source = source
        self.note = note
        self.avoidNote = avoidNote
        self.avoided = avoided
    }
}

@MainActor
protocol TripDetailInteractorProtocol: AnyObject {
    var output: TripDetailInteractorOutput? { get set }
    func trip() -> Trip?
    func renameTrip(to name: String) -> String?
    func deleteWaypoint(_ id: Waypoint.ID) -> String?
    func moveWaypoint(from: Int, to: Int) -> String?
    /// Starts computing the legs; results arrive through `output`, the known ones at once.
    func undo() -> UndoOutcome
    func redo() -> UndoOutcome
    var saveError: String? { get }
    /// The day-by-day plan of the trip as it is now, as lines of text.
    func itineraryLines() -> [String]
    /// Adds the itinerary's first suggested night as a stop (one night), as one undoable edit;
    /// returns what to say, or nil when the itinerary suggests none.
    func addSuggestedNight() -> StatusMessage?
    /// Starts looking for the order of the middle stops with the least driving; the answer arrives through `output`.
    func proposeOrder()
    /// Asks the search `proposeOrder` started to answer now with its best order so far.
    func stopProposal()
    /// Stops the search `proposeOrder` started; its answer is not wanted.
    func cancelProposal()
    /// Applies a proposal as one undoable edit; returns the reason it could not, if any.
    func applyOrder(_ proposal: OrderProposal) -> String?
    func refreshLegs()
    /// The file an export of the trip suggests.
    func suggestedExport() -> String
    func planExport(to typed: String) -> FilePrompt.ExportPlan
    /// Starts writing the trip (with the road geometry when every leg has it) off the key loop;
    /// `done` gets the line to show and whether it is an error. The control stops it.
    func exportTrip(
        to path: String, format: ExchangeFormat, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable ((message: String, isError: Bool)) -> Void
    ) -> TransferControl
    /// Starts reading a file off the key loop; its stops are then added after the last stop as one
    /// undoable edit, and `done` gets what was added. The control stops it.
    func importStops(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (Result<(message: String, saveError: String?), FilePrompt.Problem>) -> Void
    ) -> TransferControl
    var unit: DistanceUnit { get }
    func toggleUnit()
    /// Moves the trip to the next avoidance (nothing, motorways, tolls, ferries, motorways and tolls, all).
    func cycleAvoid() -> (avoid: RoadAvoidance, error: String?)
    /// The directions page's lines; "Asking … for directions…" until the router answers.
    func directionsLines() -> [String]
    /// Asks for the routes of the leg reaching stop `row` and takes the next one as a shaping point;
    /// what happened arrives through `output`.
    func cycleAlternative(arrivingAt row: Int)
}

@MainActor
protocol TripDetailInteractorOutput: AnyObject {
    func legsDidChange(_ state: LegsState)
    func orderProposalDidArrive(_ result: Result<OrderProposal, OrderProposalError>)
    /// How far the best-order search has got, a hundred times a search at most.
    func orderSearchDidProgress(_ progress: OrderSearchProgress)
    /// A write failed, every edit is on disk again, or another program's change was taken in.
    func didChangeSaveState(_ news: SaveNews)
    /// The next alternative of a leg was chosen (the trip changed), or why not.
    func alternativeDidArrive(_ message: StatusMessage)
}

@MainActor
protocol TripDetailRouterProtocol: AnyObject {
    func openWaypointEditor(_ target: WaypointEditorTarget)
    /// Opens the map full screen; `model` is read at each draw so it follows the trip.
    func openMap(title: String, model: @escaping @MainActor () -> MapModel)
    /// Opens a scrolling page of lines (the itinerary); `lines` is read at each draw.
    func openPage(title: String, commands: [TextPagerScreen.PageCommand], lines: @escaping @MainActor () -> [String])
    func openSettings()
    func close()
}
