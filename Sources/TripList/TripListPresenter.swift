import Exchange
import Foundation
import RoadtripCore
import TermUI
import TripDetail

/// Turns what the user did on the trip list into edits and a view model.
@MainActor
final class TripListPresenter: TripListPresenterProtocol, TripListInteractorOutput {
    public weak var view: TripListViewProtocol?
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
    private var mode: TripListViewModel.Mode = .browsing
    private var message: StatusMessage?
    private var pendingDelete: Trip.ID?
    /// The export waiting for "replace the file?".
    private var pendingExport: (trip: Trip.ID, path: String, format: ExchangeFormat)?
    /// The import or export running off the key loop, if any.
    private var transfer: TransferControl?
    /// Set while asking whether to quit with edits that could not be saved.
    private var pendingQuit = false

    public init(interactor: TripListInteractorProtocol, router: TripListRouterProtocol) {
        self.interactor = interactor
        self.router = router
    }

    public func viewWillAppear() {
        if let note = interactor.takeStartupMessage() { message = StatusMessage(note) }
        reload()
    }

    public func didSelectRow(_ row: Int) {
        guard (0..<shownCount).contains(row) else { return }
        selectedID = shown(row).id
        selectedRow = row
        message = nil
        publish()
    }

    func didPressOpen() {
        guard let id = selectedID, selectedRow != nil else { return }
        message = nil
        router.openTrip(id)
    }

    public func didPressAdd() {
        mode = .naming
        message = nil
        if !filter.isEmpty {
            filter = ""
            applyFilter()
        }
        publish()
    }

    func didCommitNewTrip(named name: String) {
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

    func didCancelNewTrip() { backToBrowsing() }

    public func didPressRename() {
        guard let row = selectedRow else { return }
        mode = .renaming(row: row, text: shown(row).name)
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

    public func didCancelRename() { backToBrowsing() }

    /// Leaves a field or question with nothing changed.
    private func backToBrowsing() {
        mode = .browsing
        message = nil
        publish()
    }

    public func didPressDelete() {
        guard let row = selectedRow else { return }
        pendingDelete = shown(row).id
        mode = .confirming(question: "Delete “\(shown(row).name)”?")
        message = nil
        publish()
    }

    func didPressDuplicate() {
        guard let id = selectedID, selectedRow != nil, let copy = interactor.duplicateTrip(id) else { return }
        selectedID = copy.id
        message =
            copy.error.map { StatusMessage($0, isError: true) }
            ?? StatusMessage("Duplicated as “\(copy.name)”: r renames it, u undoes.")
        reload()
    }

    public func didPressImport() {
        mode = .importing
        message = StatusMessage(FilePrompt.importHint)
        publish()
    }

    public func didPressExport() {
        guard let id = selectedID, selectedRow != nil else { return }
        mode = .exporting(text: interactor.suggestedExport(id))
        message = StatusMessage(FilePrompt.exportHint)
        publish()
    }

    public func didCommitPath(_ text: String) {
        switch mode {
        case .importing:
            mode = .transferring
            message = FileTransfer.reading(text)
            transfer = interactor.importTrip(
                from: text, progress: { [weak self] line in self?.transferDidProgress(line) },
                done: { [weak self] outcome in self?.importDidFinish(outcome) })
            publish()
        case .exporting:
            guard let id = selectedID else { return backToBrowsing() }
            switch interactor.planExport(to: text) {
            case let .write(path, format):
                startExport(id, to: path, format: format)
            case let .replace(path, format):
                pendingExport = (id, path, format)
                mode = .confirming(question: "Replace \(path)?")
                message = nil
                publish()
            case let .refused(reason):
                message = StatusMessage(reason, isError: true)
                publish()
            }
        default:
            break
        }
    }

    public func didCancelPath() { backToBrowsing() }

    private func startExport(_ id: Trip.ID, to path: String, format: ExchangeFormat) {
        mode = .transferring
        message = FileTransfer.writing(path)
        transfer = interactor.exportTrip(
            id, to: path, format: format, progress: { [weak self] line in self?.transferDidProgress(line) },
            done: { [weak self] outcome in self?.exportDidFinish(outcome) })
        publish()
    }

    private func exportDidFinish(_ outcome: (message: String, isError: Bool)) {
        guard mode == .transferring else { return }
        transfer = nil
        mode = .browsing
        message = StatusMessage(outcome.message, isError: outcome.isError)
        publish()
    }

    private func importDidFinish(_ outcome: Result<(id: Trip.ID, message: String, saveError: String?), FilePrompt.Problem>) {
        guard mode == .transferring else { return }
        transfer = nil
        switch outcome {
        case let .success(imported):
            mode = .browsing
            if !filter.isEmpty { filter = "" }
            selectedID = imported.id
            message = imported.saveError.map { StatusMessage($0, isError: true) } ?? StatusMessage(imported.message)
            reload()
        case let .failure(problem):
            // The prompt opens again with the path as typed, so a typo is fixed, not retyped.
            mode = .importing
            message = StatusMessage(problem.message, isError: true)
            publish()
        }
    }

    private func transferDidProgress(_ line: String) {
        guard mode == .transferring else { return }
        message = FileTransfer.progress(line)
        publish()
    }

    /// Esc while a file is read or written: the work stops at its next check and says so.
    public func didPressStopTransfer() {
        transfer?.stop()
        message = FileTransfer.stopping
        publish()
    }

    public func didAnswerConfirmation(_ yes: Bool) {
        mode = .browsing
        if let export = pendingExport {
            pendingExport = nil
            if yes {
                startExport(export.trip, to: export.path, format: export.format)
            } else {
                backToBrowsing()
            }
            return
        }
        if pendingQuit {
            pendingQuit = false
            if yes { router.quit() } else { publish() }
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
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Deleted “\(name)”.")
        reload()
    }

    func didPressFilter() {
        mode = .filtering
        message = nil
        publish()
    }

    func didChangeFilter(_ text: String) {
        filter = text
        applyFilter()
        publish()
    }

    func didFinishFilter(keep: Bool) {
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

    func didPressQuit() {
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

    private func publish() {
        if rowsUnit != interactor.unit {
            format(all, unit: interactor.unit)
            applyFilter()
        }
        let count = all.count == 1 ? "1 trip" : "\(all.count) trips"
        let detail = shownCount == all.count ? count : "\(shownCount) of \(count)"
        let empty = all.isEmpty ? "No trips yet. Press a to add one." : "No trip matches “\(filter)”. Esc clears the filter."
        view?.show(
            TripListViewModel(
                title: "Trips", detail: detail, rows: shownRows, selection: selectedRow,
                filter: filter, emptyText: empty, mode: mode, message: message
            ))
    }

    private static func row(_ s: TripSummary, unit: DistanceUnit) -> TripListViewModel.Row {
        TripListViewModel.Row(
            name: s.name,
            stops: s.stopCount == 1 ? "1 stop" : "\(s.stopCount) stops",
            distance: s.stopCount < 2
                ? "—"
                : s.distanceMeters.map { ComputedTotal.text(meters: $0, isEstimate: s.distanceIsEstimate, unit: unit) } ?? "…"
        )
    }
}
