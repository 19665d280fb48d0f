import Exchange
import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// Edits one trip through the shared repository and computes its legs.
@MainActor
final class TripDetailInteractor: TripDetailInteractorProtocol, TripSettingsInteractorProtocol {
    public weak var output: TripDetailInteractorOutput?
    let tripID: Trip.ID
    let repository: TripRepository
    let routes: RouteProvider
    let settings: DisplaySettings
    let deliver: UIDelivery
    private let matrix: any TravelTimeMatrixProviding
    private let timeZones: TimeZoneLookup
    private let nightPlaces: NightPlaceLookup
    private let files: FilePrompt
    /// The legs of the last answer, for the itinerary.
    private var knownLegs: [Leg] = []
    /// The last itinerary and what it was planned from: the page reads it at every draw.
    private var itineraryCache: (trip: Trip, legs: [Leg], unit: DistanceUnit, lines: [String], nights: [SuggestedNight])?
    /// The long itinerary being planned in the background, and for what.
    private var itineraryJob: (trip: Trip, legs: [Leg], unit: DistanceUnit, task: Task<Void, Never>)?
    /// The best-order search under way and its control, so leaving or Esc can stop it.
    private var proposal: (task: Task<Void, Never>, control: OrderSearchControl)?
    /// The request for the legs of the stops as they were last drawn.
    private var routeJob: Task<Void, Never>?
    /// Bumped on every request, so answers for an older list of stops are dropped.
    private var generation = 0
    /// The directions page's lines and what they were asked for (stops, avoidance, unit).
    var directions: (key: DirectionsKey, lines: [String], task: Task<Void, Never>?)?
    /// The alternatives search under way (one leg at a time).
    var alternativesJob: Task<Void, Never>?

    struct DirectionsKey: Equatable {
        var stops: [Coordinate]
        var names: [String]
        var vias: [Bool]
        var avoid: RoadAvoidance
        var unit: DistanceUnit
    }

    public init(
        tripID: Trip.ID, repository: TripRepository, routes: RouteProvider,
        settings: DisplaySettings, deliver: UIDelivery,
        matrix: any TravelTimeMatrixProviding = EstimatedTravelMatrixProvider(), timeZones: TimeZoneLookup = .none,
        nightPlaces: NightPlaceLookup = .none, files: FilePrompt = FilePrompt()
    ) {
        self.nightPlaces = nightPlaces
        self.files = files
        self.matrix = matrix
        self.timeZones = timeZones
        self.tripID = tripID
        self.repository = repository
        self.routes = routes
        self.settings = settings
        self.deliver = deliver
        repository.observeSaveState(owner: self) { [weak self] news in self?.output?.didChangeSaveState(news) }
    }

    public func trip() -> Trip? { repository.trip(id: tripID) }

    /// The last legs answered, if they are the legs of `trip` as it is now: legs of an older
    /// version would put a road between stops that moved. Empty otherwise.
    private func legs(of trip: Trip) -> [Leg] {
        knownLegs.count == max(0, trip.waypoints.count - 1) ? knownLegs : []
    }

    public func suggestedExport() -> String { trip().map { FilePrompt.suggestedExport(for: $0) } ?? "" }

    public func planExport(to typed: String) -> FilePrompt.ExportPlan { files.planExport(to: typed) }

    public func exportTrip(
        to path: String, format: ExchangeFormat, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable ((message: String, isError: Bool)) -> Void
    ) -> TransferControl {
        let files = files
        let trip = trip()
        let legs = trip.map(legs(of:)) ?? []
        return FileTransfer.start(
            deliver: deliver, progress: progress,
            work: { control in
                guard let trip else { return (message: "The trip is gone: nothing was exported.", isError: true) }
                return files.export(trip, legs: legs, to: path, format: format, control: control)
            }, done: done)
    }

    func importStops(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (Result<(message: String, saveError: String?), FilePrompt.Problem>) -> Void
    ) -> TransferControl {
        let files = files
        return FileTransfer.start(
            deliver: deliver, progress: progress, work: { control in files.importTrip(from: typed, control: control) },
            done: { [weak self] read in
                guard let self else { return }
                done(read.flatMap { self.add($0) })
            })
    }

    /// The imported stops after the last stop, as one undoable edit, checked against the trip as it is now.
    private func add(_ result: ImportResult) -> Result<(message: String, saveError: String?), FilePrompt.Problem> {
        guard let count = trip()?.waypoints.count else { return .failure(FilePrompt.Problem("The trip is gone.")) }
        let stops = result.trip.waypoints
        guard count + stops.count <= TextLimits.stopsPerTrip else {
            return .failure(
                FilePrompt.Problem(
                    "Not imported: \(stops.count) more stops would pass the \(TextLimits.stopsPerTrip) a trip holds."))
        }
        let error = repository.update(tripID: tripID, "adding the stops of “\(result.trip.name)”") { $0.waypoints += stops }
        let added = stops.count == 1 ? "1 stop" : "\(stops.count) stops"
        return .success(("Added \(added) from “\(result.trip.name)”. \(result.explanation)", error))
    }

    public var unit: DistanceUnit { settings.unit }

    func toggleUnit() { settings.unit = settings.unit.toggled }

    public func renameTrip(to name: String) -> String? {
        repository.update(tripID: tripID, "renaming “\(trip()?.name ?? "")” to “\(name)”") { $0.name = name }
    }

    func deleteWaypoint(_ id: Waypoint.ID) -> String? {
        let name = trip()?.waypoints.first { $0.id == id }?.name ?? ""
        return repository.update(tripID: tripID, "deleting stop “\(name)”") { $0.waypoints.removeAll { $0.id == id } }
    }

    func moveWaypoint(from: Int, to: Int) -> String? {
        let name = trip()?.waypoints.indices.contains(from) == true ? trip()!.waypoints[from].name : ""
        return repository.update(tripID: tripID, "moving “\(name)”") { trip in
            guard trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to) else { return }
            trip.waypoints.insert(trip.waypoints.remove(at: from), at: to)
        }
    }

    public func undo() -> UndoOutcome { repository.undo() }
    public func redo() -> UndoOutcome { repository.redo() }

    /// Why the last save failed, while it still has not succeeded.
    public var saveError: String? { repository.lastSaveError }

    public var tripName: String { TextLimits.shown(trip()?.name ?? "") }

    /// The zone dates of the trip are typed in: the first stop's.
    private var startZone: TimeZone {
        guard let first = trip()?.waypoints.first else { return TimeZone(identifier: "UTC")! }
        return timeZones.zone(for: first).0
    }

    func settingsText() -> TripSettingsText {
        guard let trip = trip() else { return TripSettingsText(values: [:]) }
        return TripSettingsText(trip: trip, zone: startZone)
    }

    func saveSettings(_ text: TripSettingsText) -> [TripSettingsText.Field: String]? {
        guard var edited = trip() else { return nil }
        let errors = text.apply(to: &edited, zone: startZone)
        guard errors.isEmpty else { return errors }
        repository.update(tripID: tripID, "changing the settings of “\(edited.name)”") { $0 = edited }
        return nil
    }

    func itineraryLines() -> [String] {
        guard let trip = trip() else { return [] }
        let legs = legs(of: trip)
        let unit = settings.unit
        if let cache = itineraryCache, cache.trip == trip, cache.legs == legs, cache.unit == unit {
            return cache.lines
        }
        let timeZones = self.timeZones, nightPlaces = self.nightPlaces
        guard trip.waypoints.count > Self.itineraryInBackgroundStops else {
            let plan = ItineraryPlanner.plan(trip: trip, legs: legs, timeZones: timeZones, nightPlaces: nightPlaces)
            let lines = ItineraryTextRenderer.lines(plan, unit: unit)
            itineraryCache = (trip, legs, unit, lines, plan.suggestedNights)
            return lines
        }
        // A long trip is planned off the UI thread, so every key (Esc first) still answers at once.
        if itineraryJob?.trip != trip || itineraryJob?.legs != legs || itineraryJob?.unit != unit {
            itineraryJob?.task.cancel()
            let deliver = self.deliver
            deliver.begin()
            let task = Task.detached {
                let plan = ItineraryPlanner.plan(trip: trip, legs: legs, timeZones: timeZones, nightPlaces: nightPlaces)
                let lines = ItineraryTextRenderer.lines(plan, unit: unit)
                let cancelled = Task.isCancelled
                deliver.finish { [weak self] in
                    guard !cancelled, let self else { return }
                    self.itineraryCache = (trip, legs, unit, lines, plan.suggestedNights)
                    self.itineraryJob = nil
                }
            }
            itineraryJob = (trip, legs, unit, task)
        }
        return ["", "  Planning the itinerary of \(Formatting.grouped(trip.waypoints.count)) stops…"]
    }

    /// Above this many stops the itinerary is planned in the background.
    static let itineraryInBackgroundStops = 500

    func addSuggestedNight() -> StatusMessage? {
        if itineraryJob != nil {
            return StatusMessage(
                "The itinerary is still being planned: a moment, then a adds its first suggested night.", isError: true)
        }
        guard let trip = trip(), let cache = itineraryCache, cache.trip == trip, let night = cache.nights.first,
            let before = trip.waypoints.firstIndex(where: { $0.id == night.beforeStop })
        else { return nil }
        let stop = Waypoint(
            name: night.name, coordinate: night.coordinate, nights: 1, timeZone: night.timeZone,
            region: night.region.isEmpty ? nil : night.region, country: night.country.isEmpty ? nil : night.country)
        let error = repository.perform("adding the night at \(night.name)") { trips in
            guard let t = trips.firstIndex(where: { $0.id == trip.id }) else { return }
            trips[t].waypoints.insert(stop, at: before)
        }
        refreshLegs()
        if let error { return StatusMessage(error, isError: true) }
        return StatusMessage(
            "Added “\(PlainText.quoted(night.name, limit: 30))” as stop \(before + 1), one night (u undoes it).",
            isError: false)
    }

    func proposeOrder() {
        guard let trip = trip() else { return }
        let matrix = self.matrix
        let deliver = self.deliver
        cancelProposal()
        let control = OrderSearchControl { progress in
            deliver.news { [weak self] in self?.output?.orderSearchDidProgress(progress) }
        }
        deliver.begin()
        let task = Task.detached {
            let result: Result<OrderProposal, OrderProposalError>
            do {
                result = .success(try await OrderProposal.make(for: trip, using: matrix, control: control))
            } catch let error as OrderProposalError {
                result = .failure(error)
            } catch {
                result = .failure(OrderProposalError(message: "No best order: \(error)"))
            }
            // Stopped (Esc) or not, the answer is delivered: the presenter knows whether it still wants it.
            deliver.finish { [weak self] in self?.output?.orderProposalDidArrive(result) }
        }
        proposal = (task, control)
    }

    func stopProposal() {
        // The search answers within a few thousand moves with its best order so far; a road table
        // still being fetched is given up (its request cancelled), and the order stays as it was.
        proposal?.control.stop()
        proposal?.task.cancel()
    }

    func cancelProposal() {
        proposal?.control.stop()
        proposal?.task.cancel()
        proposal = nil
    }

    func applyOrder(_ proposal: OrderProposal) -> String? {
        guard let stops = trip()?.waypoints, let reordered = proposal.reordered(stops) else {
            return "The stops changed since the proposal; press o again."
        }
        return repository.update(tripID: tripID, "applying the best order") { $0.waypoints = reordered }
    }

    func refreshLegs() {
        let routes = self.routes.avoiding(trip()?.avoid ?? [])
        generation += 1
        // The answer for the old stops is no longer wanted: its request ends now instead of
        // holding a connection and a thread until the server answers.
        routeJob?.cancel()
        routeJob = nil
        let stops = trip()?.coordinates ?? []
        guard stops.count >= 2 else {
            knownLegs = []
            output?.legsDidChange(LegsState(legs: [], source: routes.label))
            return
        }
        // Legs already known (estimates, cached road legs) show at once; the rest say "Calculating…".
        let known = routes.knownLegs(for: stops)
        if !known.contains(where: { $0 == nil }) {
            knownLegs = known.compactMap { $0 }
            let avoid = trip()?.avoid ?? []
            let applied = routes.knownAvoidance
            output?.legsDidChange(
                LegsState(
                    legs: known, source: routes.label,
                    avoidNote: avoid.shortfall(applied: applied, router: routes.label).map { TerminalText.sanitize($0) },
                    avoided: applied))
            return
        }
        output?.legsDidChange(LegsState(legs: known, source: routes.label))
        let ticket = generation
        let deliver = self.deliver
        deliver.begin()
        routeJob = Task.detached {
            let result = await routes.route(for: stops)
            deliver.finish { [weak self] in self?.receive(result, for: stops, ticket: ticket, label: routes.label) }
        }
    }

    /// Takes an answer unless the stops changed while it was on its way.
    private func receive(_ result: RouteResult, for stops: [Coordinate], ticket: Int, label: String) {
        guard ticket == generation, let trip = trip(), stops == trip.coordinates, result.legs.count == stops.count - 1
        else { return }
        knownLegs = result.legs
        output?.legsDidChange(
            LegsState(
                legs: result.legs, source: label,
                note: result.fallbackReason.map { TerminalText.sanitize($0) },
                avoidNote: trip.avoid.shortfall(applied: result.avoided, router: label).map { TerminalText.sanitize($0) },
                avoided: result.avoided))
    }
}
