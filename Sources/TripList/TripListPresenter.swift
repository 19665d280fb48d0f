import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import TermUI
import TripDetail

/// Turns what the user did on the trip list into edits and a view model.
@MainActor
final class TripListPresenter: TripListPresenterProtocol, TripListInteractorOutput {
    weak var view: (any TripListViewProtocol)?
    private let interactor: TripListInteractorProtocol
    private let router: TripListRouterProtocol

    /// Every trip, as the interactor last gave them.
    private var all = ChunkedArray<TripSummary>()
    /// `all` formatted, position for position, in `rowsUnit`.
    private var rows = ChunkedArray<TripListViewModel.Row>()
    private var rowsUnit: DistanceUnit?
    /// Positions in `all` of the trips the filter lets through; nil without a filter (every trip shows).
    private var filtered: [Int]?
    /// The rows of the trips shown: `rows` itself without a filter, so no key copies them.
    private var shownRows = ChunkedArray<TripListViewModel.Row>()
    private var selectedID: Trip.ID?
    /// Where `selectedID` is among the trips shown; found again by id whenever they change.
    private var selectedRow: Int?
    private var filter = ""
    /// The list's own mode; a file prompt, while open, holds the screen instead (`shownMode`).
    private var mode: TripListViewModel.Mode = .browsing
    private var message: StatusMessage?
    private var pendingDelete: Trip.ID?
    /// Trips marked with Space; `d` deletes them together.
    private var marked: Set<Trip.ID> = []
    /// The marked trips waiting for "Delete N marked trips?".
    private var pendingMarkedDelete: Set<Trip.ID>?
    /// Set while asking whether to quit with edits that could not be saved.
    private var pendingQuit = false
    /// `I` and `E`: the prompt flow the trip screen shares.
    private var files: FilePromptFlow!

    init(interactor: TripListInteractorProtocol, router: TripListRouterProtocol) {
        self.interactor = interactor
        self.router = router
        files = FilePromptFlow { [weak self] in
            guard let self else { return }
            self.message = self.files.message
            self.reload()
        }
    }

    func handle(_ action: TripListAction, typed: String) {
        switch action {
        case .move: break  // the view moves the list and says which row it reached
        case .open: open()
        case .add: add()
        case .rename: rename()
        case .delete: askToDelete()
        case .duplicate: duplicate()
        case .importFile: beginImport()
        case .exportFile: beginExport()
        case .commitPath: files.commit(typed)
        case .cancelPath: files.cancel()
        case .stopTransfer: files.stop()
        case .filter: startFilter()
        case .clearFilter:
            if !marked.isEmpty {
                marked = []
                publish()
            } else if !filter.isEmpty {
                finishFilter(keep: false)
            }
        case .mark: toggleMark()
        case .addSamples: addSamples()
        case .keepFilter: finishFilter(keep: true)
        case .dropFilter: finishFilter(keep: false)
        case .undo: show(interactor.undo())
        case .redo: show(interactor.redo())
        case .help: break  // the view's own overlay
        case .quit: quit()
        case .commitName: if mode == .naming { commitNewTrip(named: typed) } else { commitRename(typed) }
        case .cancelName: backToBrowsing()
        case let .answer(yes):
            if case .confirmingReplace = files.step { files.answerReplace(yes) } else { answer(yes) }
        }
    }

    /// What the keys are doing: the file prompt's step while it is open, else the list's own mode.
    private var shownMode: TripListViewModel.Mode {
        files.mode() ?? mode
    }

    func viewWillAppear() {
        if let note = interactor.takeStartupMessage() { message = StatusMessage(note) }
        // Where the person left off: that trip selected, and its screen open again if it was.
        let remembered = interactor.takeRememberedTrip()
        if let remembered { selectedID = remembered.id }
        reload()
        if let remembered, remembered.reopen { open() }
    }

    func didSelectRow(_ row: Int) {
        guard (0..<shownCount).contains(row) else { return }
        selectedID = shown(row).id
        selectedRow = row
        message = nil
        publish()
    }

    private func open() {
        guard let id = selectedID, selectedRow != nil else { return }
        message = nil
        router.openTrip(id)
    }

    private func add() {
        mode = .naming
        message = nil
        if !filter.isEmpty {
            filter = ""
            applyFilter()
        }
        publish()
    }

    private func commitNewTrip(named name: String) {
        guard mode == .naming else { return }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            message = StatusMessage("A trip needs a name: type one, or Esc to cancel.", isError: true)
            publish()
            return
        }
        mode = .browsing
        let (id, error) = interactor.createTrip(named: trimmed)
        selectedID = id
        message = error.map { StatusMessage($0, isError: true) }
        reload()
        router.openTrip(id)
    }

    private func rename() {
        guard let row = selectedRow else { return }
        enter(.renaming(row: row, text: shown(row).name))
    }

    private func commitRename(_ name: String) {
        guard case .renaming = mode, let id = selectedID else { return }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            message = StatusMessage("A trip needs a name: type one, or Esc to keep the old one.", isError: true)
            publish()
            return
        }
        mode = .browsing
        let error = interactor.renameTrip(id, to: trimmed)
        message = StatusMessage.after(error, done: "Renamed to “\(trimmed)”.")
        reload()
    }

    /// Leaves a field or question with nothing changed.
    private func backToBrowsing() {
        enter(.browsing)
    }

    private func toggleMark() {
        guard let id = selectedID, let row = selectedRow else { return }
        if marked.remove(id) == nil { marked.insert(id) }
        // On to the next row, so Space Space Space marks three trips in a row.
        if row + 1 < shownCount {
            selectedRow = row + 1
            selectedID = shown(row + 1).id
        }
        message = StatusMessage(
            marked.isEmpty ? "No trip marked." : "\(marked.count) marked: d deletes them, Esc unmarks them.")
        publish()
    }

    private func addSamples() {
        let outcome = interactor.addSamples()
        message =
            outcome.error.map { StatusMessage($0, isError: true) }
            ?? StatusMessage(
                outcome.added == 0
                    ? "The sample trips are all among your trips already."
                    : "Added \(outcome.added) sample trip\(outcome.added == 1 ? "" : "s") to your trips: u undoes it.")
        reload()
    }

    private func askToDelete() {
        // Marked trips that still exist go together, whichever row is selected.
        let stillMarked = marked.filter { id in all.contains { $0.id == id } }
        if !stillMarked.isEmpty {
            pendingMarkedDelete = stillMarked
            let count = stillMarked.count
            enter(.confirming(question: count == 1 ? "Delete the marked trip?" : "Delete the \(count) marked trips?"))
            return
        }
        guard let row = selectedRow else { return }
        pendingDelete = shown(row).id
        enter(.confirming(question: "Delete “\(shown(row).name)”?"))
    }

    private func duplicate() {
        guard let id = selectedID, selectedRow != nil, let copy = interactor.duplicateTrip(id) else { return }
        selectedID = copy.id
        message =
            copy.error.map { StatusMessage($0, isError: true) }
            ?? StatusMessage("Duplicated as “\(copy.name)”: r renames it, u undoes.")
        reload()
    }

    private func beginImport() {
        files.beginImport(hint: FilePrompt.importHint) { [weak self, interactor] typed, progress, done in
            interactor.importTrip(
                from: typed, progress: progress,
                done: { outcome in
                    done(
                        outcome.map { imported in
                            // The new trip shows, whatever the filter was.
                            self?.filter = ""
                            self?.selectedID = imported.id
                            return imported.saveError.map { StatusMessage($0, isError: true) } ?? StatusMessage(imported.message)
                        })
                })
        }
    }

    private func beginExport() {
        guard let id = selectedID, selectedRow != nil else { return }
        files.beginExport(
            suggested: interactor.suggestedExport(id), plan: { [interactor] in interactor.planExport(to: $0) },
            start: { [interactor] path, format, progress, done in
                interactor.exportTrip(id, to: path, format: format, progress: progress, done: done)
            })
    }

    private func answer(_ yes: Bool) {
        mode = .browsing
        if pendingQuit {
            pendingQuit = false
            if yes { router.quit() } else { publish() }
            return
        }
        if let ids = pendingMarkedDelete {
            pendingMarkedDelete = nil
            guard yes else {
                publish()
                return
            }
            let error = interactor.deleteTrips(ids)
            marked = []
            message = StatusMessage.after(
                error, done: "Deleted \(ids.count) trip\(ids.count == 1 ? "" : "s"): u brings them back.")
            reload()
            return
        }
        defer { pendingDelete = nil }
        guard yes, let id = pendingDelete, let row = shownRow(of: id) else {
            message = nil
            publish()
            return
        }
        let name = shown(row).name
        let error = interactor.deleteTrip(id)
        // Keep the cursor on the same row so repeated deletes walk down the list.
        let next = row + 1 < shownCount ? shown(row + 1).id : (row > 0 ? shown(row - 1).id : nil)
        selectedID = next
        selectedRow = next == nil ? nil : row
        message = StatusMessage.after(error, done: "Deleted “\(name)”.")
        reload()
    }

    private func startFilter() {
        enter(.filtering)
    }

    func didChangeFilter(_ text: String) {
        filter = text
        applyFilter()
        publish()
    }

    private func finishFilter(keep: Bool) {
        mode = .browsing
        if !keep { filter = "" }
        applyFilter()
        publish()
    }

    private func show(_ outcome: UndoOutcome) {
        mode = .browsing
        message = StatusMessage(outcome.message, isError: outcome.isError)
        reload()
    }

    private func quit() {
        guard let error = interactor.saveError else { return router.quit() }
        // The edits are only in memory: leaving now would lose them, so ask.
        pendingQuit = true
        message = StatusMessage(error, isError: true)
        mode = .confirming(question: "Edits are not saved. Quit and lose the unsaved edits?")
        publish()
    }

    func didComputeTotals() { reload() }

    public func didChangeSaveState(_ news: SaveNews) {
        message = news.statusMessage
        reload()
    }

    // MARK: - Building the view model

    private var shownCount: Int { filtered?.count ?? all.count }

    /// The trip on `row` of those shown.
    private func shown(_ row: Int) -> TripSummary { all[filtered?[row] ?? row] }

    /// The row showing `id`, looked for first where the selection was: a selection rarely moves far.
    private func shownRow(of id: Trip.ID) -> Int? {
        if let row = selectedRow, row < shownCount, shown(row).id == id { return row }
        return (0..<shownCount).first { shown($0).id == id }
    }

    private func reload() {
        let summaries = interactor.summaries()
        format(summaries, unit: interactor.unit)
        all = summaries
        applyFilter()
        publish()
    }

    /// Formats only summaries that changed since `all`: an edit to one trip of thousands formats one
    /// row and, the summaries being chunked, compares one chunk.
    private func format(_ summaries: ChunkedArray<TripSummary>, unit: DistanceUnit) {
        guard rowsUnit == unit else {
            rows = ChunkedArray(summaries.map { Self.row($0, unit: unit) })
            rowsUnit = unit
            return
        }
        if let changed = summaries.positionsDiffering(from: all) {
            for i in changed { rows[i] = Self.row(summaries[i], unit: unit) }
            return
        }
        // Trips came or went (an add, a delete): find each unchanged row by id.
        let positions = Dictionary(all.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        rows = ChunkedArray(
            summaries.map { summary in
                if let j = positions[summary.id], all[j] == summary { return rows[j] }
                return Self.row(summary, unit: unit)
            })
    }

    private func applyFilter() {
        let needle = filter.trimmingCharacters(in: .whitespaces)
        if needle.isEmpty {
            filtered = nil
            shownRows = rows
        } else {
            let matches = all.indices.filter {
                all[$0].name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
            filtered = matches
            let rows = self.rows
            shownRows = ChunkedArray(matches.lazy.map { rows[$0] })
        }
        selectedRow = selectedID.flatMap(shownRow(of:))
        if selectedRow == nil {
            selectedID = shownCount > 0 ? shown(0).id : nil
            selectedRow = shownCount > 0 ? 0 : nil
        }
    }

    /// Puts the list in `mode` with no message: a field, a question or browsing again.
    private func enter(_ mode: TripListViewModel.Mode) {
        self.mode = mode
        message = nil
        publish()
    }

    private func publish() {
        if rowsUnit != interactor.unit {
            format(all, unit: interactor.unit)
            applyFilter()
        }
        let count = all.count == 1 ? "1 trip" : "\(all.count) trips"
        let detail = shownCount == all.count ? count : "\(shownCount) of \(count)"
        let empty =
            all.isEmpty
            ? "No trips yet. Press a to add one, or S for the sample trips."
            : "No trip matches “\(filter)”. Esc clears the filter."
        view?.show(
            TripListViewModel(
                title: "Trips", detail: detail, rows: shownRows, selection: selectedRow,
                marked: Set(marked.compactMap(shownRow(of:))), filter: filter, emptyText: empty, mode: shownMode,
                message: message
            ))
    }

    private static func row(_ s: TripSummary, unit: DistanceUnit) -> TripListViewModel.Row {
        TripListViewModel.Row(
            name: s.name,
            stops: s.stopCount == 1 ? "1 stop" : "\(s.stopCount) stops",
            distance: s.stopCount < 2
                ? "—"
                : s.distanceMeters.map { ComputedTotal.text(meters: $0, isEstimate: s.distanceIsEstimate, unit: unit) } ?? "…",
            isExample: s.isExample
        )
    }
}
