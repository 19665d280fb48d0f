import Foundation
import RoadtripCore
import TermUI

/// Turns what the user did on the trip list into edits and a view model.
@MainActor
public final class TripListPresenter: TripListPresenterProtocol {
    public weak var view: TripListViewProtocol?
    private let interactor: TripListInteractorProtocol
    private let router: TripListRouterProtocol

    private var all: [TripSummary] = []
    private var shown: [TripSummary] = []
    private var selectedID: Trip.ID?
    private var filter = ""
    private var mode: TripListViewModel.Mode = .browsing
    private var message: StatusMessage?
    private var pendingDelete: Trip.ID?
    /// The rows last formatted, with what they were formatted from, reused while unchanged.
    private var formatted: (summaries: [TripSummary], rows: [TripListViewModel.Row], unit: DistanceUnit)?

    public init(interactor: TripListInteractorProtocol, router: TripListRouterProtocol) {
        self.interactor = interactor
        self.router = router
    }

    public func viewWillAppear() {
        if let note = interactor.takeStartupMessage() { message = StatusMessage(note) }
        reload()
    }

    public func didSelectRow(_ row: Int) {
        guard shown.indices.contains(row) else { return }
        selectedID = shown[row].id
        message = nil
        publish()
    }

    public func didPressOpen() {
        guard let id = selectedID, shown.contains(where: { $0.id == id }) else { return }
        message = nil
        router.openTrip(id, editingName: false)
    }

    public func didPressAdd() {
        let (id, error) = interactor.createTrip()
        selectedID = id
        filter = ""
        message = error.map { StatusMessage($0, isError: true) }
        reload()
        router.openTrip(id, editingName: true)
    }

    public func didPressRename() {
        guard let row = selectedRow else { return }
        mode = .renaming(row: row, text: shown[row].name)
        message = nil
        publish()
    }

    public func didCommitRename(_ name: String) {
        guard case .renaming = mode, let id = selectedID else { return }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            message = StatusMessage("A trip needs a name: type one, or Esc to keep the old one.", isError: true)
            publish()
            return
        }
        mode = .browsing
        let error = interactor.renameTrip(id, to: trimmed)
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Renamed to “\(trimmed)”.")
        reload()
    }

    public func didCancelRename() {
        mode = .browsing
        message = nil
        publish()
    }

    public func didPressDelete() {
        guard let row = selectedRow else { return }
        pendingDelete = shown[row].id
        mode = .confirming(question: "Delete “\(shown[row].name)”?")
        message = nil
        publish()
    }

    public func didAnswerConfirmation(_ yes: Bool) {
        mode = .browsing
        defer { pendingDelete = nil }
        guard yes, let id = pendingDelete, let row = shown.firstIndex(where: { $0.id == id }) else {
            message = nil
            publish()
            return
        }
        let name = shown[row].name
        let error = interactor.deleteTrip(id)
        // Keep the cursor on the same row so repeated deletes walk down the list.
        let next = shown.indices.contains(row + 1) ? shown[row + 1].id : (row > 0 ? shown[row - 1].id : nil)
        selectedID = next
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Deleted “\(name)”.")
        reload()
    }

    public func didPressFilter() {
        mode = .filtering
        message = nil
        publish()
    }

    public func didChangeFilter(_ text: String) {
        filter = text
        applyFilter()
        publish()
    }

    public func didFinishFilter(keep: Bool) {
        mode = .browsing
        if !keep { filter = "" }
        applyFilter()
        publish()
    }

    public func didPressUndo() { show(interactor.undo()) }
    public func didPressRedo() { show(interactor.redo()) }

    private func show(_ outcome: UndoOutcome) {
        mode = .browsing
        message = StatusMessage(outcome.message, isError: outcome.isError)
        reload()
    }

    public func didPressQuit() { router.quit() }

    // MARK: - Building the view model

    private var selectedRow: Int? { shown.firstIndex { $0.id == selectedID } }

    private func reload() {
        all = interactor.summaries()
        applyFilter()
        publish()
    }

    private func applyFilter() {
        let needle = filter.trimmingCharacters(in: .whitespaces)
        shown = needle.isEmpty ? all : all.filter {
            $0.name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        if selectedRow == nil { selectedID = shown.first?.id }
    }

    private func publish() {
        let rows = formattedRows(unit: interactor.unit)
        let count = all.count == 1 ? "1 trip" : "\(all.count) trips"
        let detail = shown.count == all.count ? count : "\(shown.count) of \(count)"
        let empty = all.isEmpty ? "No trips yet. Press a to add one." : "No trip matches “\(filter)”. Esc clears the filter."
        view?.show(TripListViewModel(
            title: "Trips", detail: detail, rows: rows, selection: selectedRow,
            filter: filter, emptyText: empty, mode: mode, message: message
        ))
    }

    /// Rows for `shown`, formatting only summaries that changed: a key that moves the selection
    /// reuses every row, and an edit to one trip of thousands formats one.
    private func formattedRows(unit: DistanceUnit) -> [TripListViewModel.Row] {
        guard let previous = formatted, previous.unit == unit else {
            let rows = shown.map { Self.row($0, unit: unit) }
            formatted = (shown, rows, unit)
            return rows
        }
        if previous.summaries == shown { return previous.rows }
        let rows: [TripListViewModel.Row]
        if previous.summaries.count == shown.count {
            // An edit in place: compare row by row.
            rows = shown.indices.map { i in
                previous.summaries[i] == shown[i] ? previous.rows[i] : Self.row(shown[i], unit: unit)
            }
        } else {
            // Rows came or went (a delete, a filter): find each by id.
            let positions = Dictionary(previous.summaries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            rows = shown.map { summary in
                if let j = positions[summary.id], previous.summaries[j] == summary { return previous.rows[j] }
                return Self.row(summary, unit: unit)
            }
        }
        formatted = (shown, rows, unit)
        return rows
    }

    private static func row(_ s: TripSummary, unit: DistanceUnit) -> TripListViewModel.Row {
        TripListViewModel.Row(
            name: s.name,
            stops: s.stopCount == 1 ? "1 stop" : "\(s.stopCount) stops",
            distance: s.stopCount < 2 ? "—" : (s.distanceIsEstimate ? "≈ " : "") + Formatting.distance(s.distanceMeters, unit: unit)
        )
    }
}
