import Exchange
import Foundation
import RoadtripCore
import Itinerary
import TermUI
import TripMap
import WaypointEditor

/// Turns what the user did on a trip into edits and a view model.
@MainActor
final class TripDetailPresenter: TripDetailPresenterProtocol, TripDetailInteractorOutput {
    public weak var view: TripDetailViewProtocol?
    private let interactor: TripDetailInteractorProtocol
    private let router: TripDetailRouterProtocol

    private var trip: Trip?
    private var legs = LegsState(legs: [], source: "")
    private var selectedID: Waypoint.ID?
    private var mode: TripDetailViewModel.Mode
    private var message: StatusMessage?
    private var pendingDelete: Waypoint.ID?
    /// The export waiting for "replace the file?".
    private var pendingExport: (path: String, format: ExchangeFormat)?
    /// The import or export running off the key loop, if any.
    private var transfer: TransferControl?
    private var proposal: OrderProposal?

    public init(interactor: TripDetailInteractorProtocol, router: TripDetailRouterProtocol) {
        self.interactor = interactor
        self.router = router
        mode = .browsing
    }

    public func viewWillAppear() {
        let previous = trip
        trip = interactor.trip()
        guard let trip else {
            router.close()
            return
        }
        if let error = interactor.saveError { message = StatusMessage(error, isError: true) }
        // A stop added in the waypoint editor becomes the selection.
        if let previous, let added = trip.waypoints.first(where: { stop in !previous.waypoints.contains { $0.id == stop.id } }) {
            selectedID = added.id
        }
        if selectedRow == nil { selectedID = trip.waypoints.first?.id }
        interactor.refreshLegs()
        publish()
    }

    func legsDidChange(_ state: LegsState) {
        // Said once when it becomes true, not over every later message.
        if let note = state.avoidNote, note != legs.avoidNote { message = StatusMessage(note) }
        legs = state
        if let note = state.note { message = StatusMessage(note, isError: true) }
        publish()
    }

    func didPressAvoid() {
        let (avoid, error) = interactor.cycleAvoid()
        message =
            error.map { StatusMessage($0, isError: true) }
            ?? StatusMessage("Avoiding \(avoid.sentenceText) where the road router can (v: the next choice).")
        reload()
    }

    func didPressDirections() {
        guard let trip else { return }
        router.openPage(title: "Trips › \(TextLimits.shown(trip.name)) › directions", commands: []) { [weak self] in
            self?.interactor.directionsLines() ?? []
        }
    }

    func didPressAlternative() {
        guard let row = selectedRow else { return }
        message = StatusMessage("Asking \(legs.source) for other routes…")
        publish()
        interactor.cycleAlternative(arrivingAt: row)
    }

    func alternativeDidArrive(_ message: StatusMessage) {
        self.message = message
        reload()
    }

    public func didChangeSaveState(_ news: SaveNews) {
        message = news.statusMessage
        // Another program's change may have changed or removed this trip.
        trip = interactor.trip()
        guard trip != nil else {
            router.close()
            return
        }
        if case .changedElsewhere = news { interactor.refreshLegs() }
        publish()
    }

    public func didSelectRow(_ row: Int) {
        guard let trip, trip.waypoints.indices.contains(row) else { return }
        selectedID = trip.waypoints[row].id
        message = nil
        publish()
    }

    public func didPressRename() {
        mode = .renaming(text: trip?.name ?? "")
        message = nil
        publish()
    }

    public func didCommitRename(_ name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            message = StatusMessage("A trip needs a name: type one, or Esc to keep the old one.", isError: true)
            publish()
            return
        }
        mode = .browsing
        let error = interactor.renameTrip(to: trimmed)
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Renamed to “\(trimmed)”.")
        reload()
    }

    public func didCancelRename() {
        mode = .browsing
        message = nil
        publish()
    }

    public func didPressAdd() {
        message = nil
        router.openWaypointEditor(.insert(at: selectedRow.map { $0 + 1 } ?? 0))
    }

    func didPressEdit() {
        guard let id = selectedID, selectedRow != nil else { return }
        message = nil
        router.openWaypointEditor(.edit(id))
    }

    public func didPressDelete() {
        guard let row = selectedRow, let trip else { return }
        pendingDelete = trip.waypoints[row].id
        mode = .confirming(question: "Delete stop “\(trip.waypoints[row].name)”?")
        message = nil
        publish()
    }

    public func didPressImport() {
        mode = .importing
        message = StatusMessage("Its stops go after the last one. " + FilePrompt.importHint)
        publish()
    }

    public func didPressExport() {
        mode = .exporting(text: interactor.suggestedExport())
        message = StatusMessage(FilePrompt.exportHint)
        publish()
    }

    public func didCommitPath(_ text: String) {
        switch mode {
        case .importing:
            mode = .transferring
            message = FileTransfer.reading(text)
            transfer = interactor.importStops(
                from: text, progress: { [weak self] line in self?.transferDidProgress(line) },
                done: { [weak self] outcome in self?.importDidFinish(outcome) })
            publish()
        case .exporting:
            switch interactor.planExport(to: text) {
            case let .write(path, format):
                startExport(to: path, format: format)
            case let .replace(path, format):
                pendingExport = (path, format)
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

    public func didCancelPath() {
        mode = .browsing
        message = nil
        publish()
    }

    private func startExport(to path: String, format: ExchangeFormat) {
        mode = .transferring
        message = FileTransfer.writing(path)
        transfer = interactor.exportTrip(
            to: path, format: format, progress: { [weak self] line in self?.transferDidProgress(line) },
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

    private func importDidFinish(_ outcome: Result<(message: String, saveError: String?), FilePrompt.Problem>) {
        guard mode == .transferring else { return }
        transfer = nil
        switch outcome {
        case let .success(added):
            mode = .browsing
            message = added.saveError.map { StatusMessage($0, isError: true) } ?? StatusMessage(added.message)
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

    /// Esc while a file is read or written: the work stops at its next check and says so; a file
    /// being replaced is left as it was.
    public func didPressStopTransfer() {
        transfer?.stop()
        message = FileTransfer.stopping
        publish()
    }

    public func didAnswerConfirmation(_ yes: Bool) {
        mode = .browsing
        if let export = pendingExport {
            pendingExport = nil
            if yes { startExport(to: export.path, format: export.format) } else { didCancelPath() }
            return
        }
        defer { pendingDelete = nil }
        guard yes, let id = pendingDelete, let trip, let row = trip.waypoints.firstIndex(where: { $0.id == id }) else {
            message = nil
            publish()
            return
        }
        let name = trip.waypoints[row].name
        let stops = trip.waypoints
        selectedID = stops.indices.contains(row + 1) ? stops[row + 1].id : (row > 0 ? stops[row - 1].id : nil)
        let error = interactor.deleteWaypoint(id)
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Deleted stop “\(name)”.")
        reload()
    }

    func didMoveWaypoint(from: Int, to: Int) {
        guard let trip, trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to), from != to else { return }
        selectedID = trip.waypoints[from].id
        let error = interactor.moveWaypoint(from: from, to: to)
        message = error.map { StatusMessage($0, isError: true) }
        reload()
    }

    func didPressToggleUnits() {
        interactor.toggleUnit()
        message = StatusMessage("Distances in \(interactor.unit == .kilometers ? "kilometres" : "miles").")
        publish()
    }

    public func didPressUndo() { show(interactor.undo()) }
    public func didPressRedo() { show(interactor.redo()) }

    private func show(_ outcome: UndoOutcome) {
        mode = .browsing
        message = StatusMessage(outcome.message, isError: outcome.isError)
        trip = interactor.trip()
        // Undoing the trip's own creation leaves nothing to show here.
        guard trip != nil else {
            router.close()
            return
        }
        if selectedRow == nil { selectedID = trip?.waypoints.first?.id }
        interactor.refreshLegs()
        publish()
    }

    func didPressMap() {
        guard let trip else { return }
        router.openMap(title: "Trips › " + TextLimits.shown(trip.name)) { [weak self] in self?.mapModel ?? MapModel(stops: []) }
    }

    /// The itinerary page's own key, declared once for the page, its hints, help and docs/keys.md.
    static func addNightKey(_ run: @escaping @MainActor () -> StatusMessage?) -> TextPagerScreen.PageCommand {
        TextPagerScreen.PageCommand(
            keys: [.char("a")], help: "add the first suggested night as a stop (one night there)", hint: "add night",
            run: run)
    }

    func didPressItinerary() {
        guard let trip else { return }
        let addNight = Self.addNightKey { [weak self] in
            self?.interactor.addSuggestedNight()
                ?? StatusMessage("No suggested night: every day's driving ends at a stop.", isError: false)
        }
        router.openPage(title: "Trips › \(TextLimits.shown(trip.name)) › itinerary", commands: [addNight]) { [weak self] in
            self?.interactor.itineraryLines() ?? []
        }
    }

    func didPressSettings() {
        message = nil
        router.openSettings()
    }

    func didPressOptimize() {
        guard let trip, trip.waypoints.count >= 4 else {
            message = StatusMessage("Best order needs at least 4 stops: the first and last stay where they are.")
            publish()
            return
        }
        message = StatusMessage("Looking for the best order… (Esc stops and keeps the best found so far)")
        mode = .searching
        publish()
        interactor.proposeOrder()
    }

    func didPressStopSearch() {
        guard mode == .searching else { return }
        // The search hands over its best order so far within microseconds; it is applied then.
        mode = .stopping
        message = StatusMessage("Stopping: keeping the best order found so far…")
        interactor.stopProposal()
        publish()
    }

    func orderSearchDidProgress(_ progress: OrderSearchProgress) {
        guard mode == .searching else { return }
        message = StatusMessage(
            "Best order: \(Int((progress.fraction * 100).rounded(.down)))% searched, "
                + String(format: "%.1f%%", progress.saving * 100) + " less driving so far · Esc keeps it")
        publish()
    }

    func orderProposalDidArrive(_ result: Result<OrderProposal, OrderProposalError>) {
        switch mode {
        case .searching: propose(result)
        case .stopping: applyStopped(result)
        default: return  // an answer nobody waits for any more (the screen was left)
        }
        publish()
    }

    private func propose(_ result: Result<OrderProposal, OrderProposalError>) {
        mode = .browsing
        switch result {
        case let .failure(error):
            message = StatusMessage(error.description, isError: true)
        case let .success(found):
            guard found.changesOrder, let trip, let stops = found.reordered(trip.waypoints) else {
                message = StatusMessage(found.summary(unit: interactor.unit))
                return
            }
            proposal = found
            mode = .proposing(
                summary: found.summary(unit: interactor.unit),
                order: stops.map(\.name).joined(separator: " → "))
            message = nil
        }
    }

    /// Esc during the search: the best order found so far is applied at once, as one undoable edit.
    private func applyStopped(_ result: Result<OrderProposal, OrderProposalError>) {
        mode = .browsing
        guard case let .success(found) = result, found.changesOrder else {
            message = StatusMessage("Stopped looking for the best order; the order is as it was.")
            return
        }
        if let error = interactor.applyOrder(found) {
            message = StatusMessage(error, isError: true)
        } else {
            message = StatusMessage("Stopped: " + found.summary(unit: interactor.unit) + " Applied (u undoes it).")
        }
        trip = interactor.trip()
        interactor.refreshLegs()
    }

    func didAnswerProposal(_ apply: Bool) {
        defer { proposal = nil }
        mode = .browsing
        guard apply, let proposal else {
            message = StatusMessage("Kept the current order.")
            publish()
            return
        }
        let error = interactor.applyOrder(proposal)
        message = error.map { StatusMessage($0, isError: true) } ?? StatusMessage("Applied the best order (u undoes it).")
        reload()
    }

    func didPressBack() {
        interactor.cancelProposal()
        router.close()
    }

    // MARK: - Building the view model

    private var selectedRow: Int? { trip?.waypoints.firstIndex { $0.id == selectedID } }

    private func reload() {
        trip = interactor.trip()
        interactor.refreshLegs()
        publish()
    }

    private func publish() {
        guard let trip else { return }
        let unit = interactor.unit
        var rows: [TripDetailViewModel.Row] = []
        let warnings = LegWarning.warnings(
            for: legs.legs.count == trip.waypoints.count - 1 ? legs.legs.compactMap { $0 } : [],
            countries: trip.borderCountries, dailyDrivingLimit: trip.dailyDrivingLimit)
        for (i, stop) in trip.waypoints.enumerated() {
            let leg = i == 0 ? nil : legs.legs.indices.contains(i - 1) ? legs.legs[i - 1] : nil
            let calculating = i > 0 && leg == nil
            let flagged = i > 0 && warnings.indices.contains(i - 1) && !warnings[i - 1].isEmpty
            rows.append(
                TripDetailViewModel.Row(
                    number: "\(i + 1)",
                    name: stop.via ? "↝ " + stop.name : stop.name,
                    coordinate: Formatting.coordinate(stop.coordinate),
                    legDistance: i == 0
                        ? "start"
                        : leg.map { (flagged ? "! " : "") + Self.distance($0, unit: unit) }
                            ?? (calculating ? "Calculating…" : ""),
                    legDuration: leg?.durationSeconds.map { Self.prefix(leg!) + Formatting.duration($0) } ?? ""
                ))
        }
        let known = legs.legs.compactMap { $0 }
        var total = "—"
        if trip.waypoints.count >= 2 {
            if known.count < trip.waypoints.count - 1 || legs.legs.count != trip.waypoints.count - 1 {
                total = "Calculating…"
            } else {
                let totals = LegTotals(known)
                let estimate = known.contains { $0.source == .estimate }
                total = (estimate ? "≈ " : "") + Formatting.distance(totals.meters, unit: unit)
                if let seconds = totals.seconds {
                    total += " · " + (estimate ? "≈ " : "") + Formatting.duration(seconds)
                }
                total += totals.crossingsNote
            }
        }
        var stops = trip.stopCount == 1 ? "1 stop" : "\(trip.stopCount) stops"
        // Never claims an avoidance the router did not apply.
        if !trip.avoid.isEmpty {
            switch legs.avoided {
            case .some(trip.avoid): stops += " · avoiding \(trip.avoid.sentenceText)"
            case let applied?: stops += " · avoiding \(applied.sentenceText) (asked: \(trip.avoid.sentenceText))"
            case nil: stops += " · asked to avoid \(trip.avoid.sentenceText)"
            }
        }
        // The selected leg's warnings, when nothing else is being said.
        var message = self.message
        if message == nil, let row = selectedRow, row > 0, warnings.indices.contains(row - 1), !warnings[row - 1].isEmpty {
            message = StatusMessage(
                "Leg \(row): " + TerminalText.sanitize(warnings[row - 1].map(\.text).joined(separator: "; ")), isError: true)
        }
        view?.show(
            TripDetailViewModel(
                title: "Trips › " + TextLimits.shown(trip.name), detail: stops, name: TextLimits.shown(trip.name), rows: rows,
                selection: selectedRow,
                total: total, source: legs.source, emptyText: "No stops yet. Press a to add the first one.",
                mode: mode, message: message, map: mapModel
            ))
    }

    private var mapModel: MapModel {
        guard let trip else { return MapModel(stops: []) }
        return MapModel(
            stops: trip.waypoints.map { MapModel.Stop(name: $0.name, coordinate: $0.coordinate) },
            legGeometries: legs.legs.map { $0?.geometry }, selectedIndex: selectedRow, unit: interactor.unit)
    }

    private static func prefix(_ leg: Leg) -> String { leg.source == .estimate ? "≈ " : "" }

    private static func distance(_ leg: Leg, unit: DistanceUnit) -> String {
        prefix(leg) + Formatting.distance(leg.distanceMeters, unit: unit)
    }
}
