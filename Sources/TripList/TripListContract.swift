import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import TermUI

// The protocols between the parts of the trip list module.

/// What the trip list view draws; built by the presenter, ready to draw.
struct TripListViewModel: Equatable, Sendable {
    /// One trip, formatted.
    struct Row: Equatable, Sendable {
        public var name: String
        public var stops: String
        var distance: String
        /// A sample shown on a first run, not saved until edited.
        var isExample = false
    }

    /// What the keys are doing right now.
    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing the name of a trip that does not exist yet: Enter creates it, Esc leaves nothing behind.
        case naming
        /// Editing the name of the row in place, starting from `text`.
        case renaming(row: Int, text: String)
        /// Typing the filter.
        case filtering
        /// Waiting for y/n.
        case confirming(question: String)
        /// Typing the path of a file to import.
        case importing
        /// Typing the path to export the selected trip to, starting from `text`.
        case exporting(text: String)
        /// A file is being read or written off the key loop: Esc stops it.
        case transferring
    }

    var title: String
    public var detail: String
    /// Chunked, so that after an edit to one trip of thousands the presenter's rows and the view's
    /// share everything but one chunk.
    var rows: ChunkedArray<Row>
    var selection: Int?
    /// The rows marked with Space, which `d` deletes together.
    var marked: Set<Int> = []
    var filter: String
    var emptyText: String
    public var mode: Mode
    public var message: StatusMessage?
}

@MainActor
protocol TripListViewProtocol: ModelView where Model == TripListViewModel {}

@MainActor
protocol TripListPresenterProtocol: ListPresenting where Action == TripListAction {
    /// The filter as typed so far: the list narrows with every key.
    func didChangeFilter(_ text: String)
}

/// A trip as the list shows it.
struct TripSummary: Equatable, Sendable {
    public var id: Trip.ID
    public var name: String
    var stopCount: Int
    /// Nil while the total is being computed in the background.
    var distanceMeters: Double?
    var distanceIsEstimate: Bool
    var isExample = false
}

@MainActor
protocol TripListInteractorProtocol: AnyObject {
    /// Told when totals computed in the background change what the list shows.
    var output: TripListInteractorOutput? { get set }
    /// The trip the person was on at the last launch, once: whether to open its screen again.
    func takeRememberedTrip() -> (id: Trip.ID, reopen: Bool)?
    /// Every trip, in order; a call after an edit to one trip shares all but one chunk with the last result.
    func summaries() -> ChunkedArray<TripSummary>
    /// Creates a trip named `name` as one undoable edit; returns its id and the save error, if any.
    func createTrip(named name: String) -> (id: Trip.ID, error: String?)
    func renameTrip(_ id: Trip.ID, to name: String) -> String?
    func deleteTrip(_ id: Trip.ID) -> String?
    /// Deletes every trip of `ids` as one undoable edit; the save error, if any.
    func deleteTrips(_ ids: Set<Trip.ID>) -> String?
    /// Adds the sample trips that are not there yet (examples shown become the person's own) as
    /// one undoable edit: how many, and the save error or why there are none.
    func addSamples() -> (added: Int, error: String?)
    /// Copies the trip right after it with new ids as one undoable edit; the copy's id and name, and the save error.
    func duplicateTrip(_ id: Trip.ID) -> (id: Trip.ID, name: String, error: String?)?
    /// The file an export of the trip suggests.
    func suggestedExport(_ id: Trip.ID) -> String
    func planExport(to typed: String) -> FilePrompt.ExportPlan
    /// Starts writing the trip off the key loop; `done` gets the line to show and whether it is an error.
    func exportTrip(
        _ id: Trip.ID, to path: String, format: ExchangeFormat, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl
    /// Starts reading the file off the key loop; its trip is then added as one undoable edit and
    /// `done` gets its id and what the import made of the file.
    func importTrip(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done:
            @escaping @MainActor @Sendable (Result<(id: Trip.ID, message: String, saveError: String?), FilePrompt.Problem>) ->
            Void
    ) -> TransferControl
    func undo() -> UndoOutcome
    func redo() -> UndoOutcome
    var unit: DistanceUnit { get }
    /// Why the last edits are only in memory (the last write failed), or nil when all is on disk.
    var saveError: String? { get }
    /// A note for the first frame (e.g. that the sample trips were loaded), shown once.
    func takeStartupMessage() -> String?
}

@MainActor
protocol TripListInteractorOutput: AnyObject {
    /// Totals computed in the background changed what the list shows: `summaries()` now has them.
    func didComputeTotals()
    /// A write failed, every edit is on disk again, or another program's change was taken in.
    func didChangeSaveState(_ news: SaveNews)
}

@MainActor
protocol TripListRouterProtocol: AnyObject {
    func openTrip(_ id: Trip.ID)
    func quit()
}

extension TripListViewModel.Mode: FilePromptModes {}
