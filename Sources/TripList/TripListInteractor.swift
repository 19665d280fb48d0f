import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import TermUI
import TripDetail

/// Reads and edits the list of trips through the shared repository.
@MainActor
final class TripListInteractor: TripListInteractorProtocol {
    /// Beyond this many totals to compute, a call computes this many (the first screens, from the
    /// top) and leaves the others to the background: a large file's first frame must not wait for
    /// every trip's legs.
    static let synchronousTotalsLimit = 256

    weak var output: TripListInteractorOutput?
    private let repository: TripRepository
    private let calculator: TotalsCalculator
    private let deliver: UIDelivery
    private let settings: DisplaySettings
    private let samples: @MainActor () -> Result<[Trip], SampleTripsError>
    private var startupMessage: String?
    private let files: FilePrompt
    private let newTrip: @MainActor (String) -> Trip
    private var cache = TotalsCache()
    /// The last summaries and the repository revision they show: after an edit to one trip, only
    /// that trip's summary is made again.
    private var last: (summaries: ChunkedArray<TripSummary>, revision: Int)?
    /// Positions whose totals are not final: incomplete (legs the route provider did not know yet,
    /// which may be known by the next call) or left to the background. These are made again at every call.
    private var unsettled: Set<Int> = []
    /// Whether a background job is out: there is one at a time.
    private var jobIsOut = false
    /// Whether a call found totals for the background while the job was out: its delivery then tells
    /// the presenter, whose reload starts the next job.
    private var anotherJobWanted = false

    /// - Parameters:
    ///   - routes: legs it already knows (cached road legs) are shown as they are;
    ///   - estimate: fills in the others, so the list never waits for a server;
    ///   - deliver: brings back the totals computed in the background.
    init(
        repository: TripRepository, routes: RouteProvider, estimate: InstantRouteProvider,
        settings: DisplaySettings, deliver: UIDelivery, startupMessage: String? = nil,
        files: FilePrompt = FilePrompt(), newTrip: @escaping @MainActor (String) -> Trip = { Trip(name: $0) },
        samples: @escaping @MainActor () -> Result<[Trip], SampleTripsError> = { .success([]) }
    ) {
        self.samples = samples
        self.files = files
        self.newTrip = newTrip
        self.repository = repository
        self.calculator = TotalsCalculator(routes: routes, estimate: estimate)
        self.deliver = deliver
        self.settings = settings
        self.startupMessage = startupMessage
        repository.observeSaveState(owner: self) { [weak self] news in self?.output?.didChangeSaveState(news) }
    }

    public var saveError: String? { repository.lastSaveError }

    var unit: DistanceUnit { settings.unit }

    private var rememberedTaken = false

    func takeRememberedTrip() -> (id: Trip.ID, reopen: Bool)? {
        guard !rememberedTaken else { return nil }
        rememberedTaken = true
        guard let id = settings.lastTrip, repository.trips.contains(where: { $0.id == id }) else { return nil }
        defer { settings.reopensLastTrip = false }
        return (id, settings.reopensLastTrip)
    }

    func summaries() -> ChunkedArray<TripSummary> {
        let trips = repository.trips
        var summaries: ChunkedArray<TripSummary>
        if let last, let edited = repository.positionsEdited(since: last.revision) {
            summaries = last.summaries
            // Unsettled totals mostly come out the same: leaving those alone keeps their chunks shared.
            for (position, summary) in summarize(Set(edited).union(unsettled).sorted(), of: trips)
            where summaries[position] != summary {
                summaries[position] = summary
            }
        } else {
            // Trips came, went or were replaced: every position is made again, totals from the cache by id.
            unsettled = []
            summaries = ChunkedArray(summarize(trips.indices, of: trips).map(\.summary))
            cache.prune(keeping: trips)
        }
        last = (summaries, repository.revision)
        return summaries
    }

    /// The summaries of the trips at `positions` (in increasing order), in that order. Totals come
    /// from the cache while a trip's stops are unchanged; the missing ones are computed, the first
    /// `synchronousTotalsLimit` now and the others in the background.
    private func summarize(_ positions: some Collection<Int>, of trips: [Trip]) -> [(position: Int, summary: TripSummary)] {
        var result: [(position: Int, summary: TripSummary)] = []
        result.reserveCapacity(positions.count)
        var missing: [Int] = []
        for position in positions {
            let trip = trips[position]
            var summary = TripSummary(
                id: trip.id, name: trip.name, stopCount: trip.stopCount,
                distanceMeters: nil, distanceIsEstimate: false, isExample: trip.isExample)
            if let total = cache.completeTotal(of: trip) {
                summary.distanceMeters = total.meters
                summary.distanceIsEstimate = total.isEstimate
                unsettled.remove(position)
            } else {
                missing.append(result.count)
            }
            result.append((position, summary))
        }
        let now = missing.prefix(Self.synchronousTotalsLimit)
        for slot in now {
            let position = result[slot].position
            let trip = trips[position]
            let total = calculator.total(of: trip.coordinates, avoiding: trip.avoid)
            cache.store(total, of: trip.id, waypoints: trip.waypoints, avoid: trip.avoid)
            if total.isComplete { unsettled.remove(position) } else { unsettled.insert(position) }
            result[slot].summary.distanceMeters = total.meters
            result[slot].summary.distanceIsEstimate = total.isEstimate
        }
        let later = missing.dropFirst(Self.synchronousTotalsLimit)
        for slot in later {
            let position = result[slot].position
            unsettled.insert(position)
            if let total = cache.provisionalTotal(of: trips[position]) {
                result[slot].summary.distanceMeters = total.meters
                result[slot].summary.distanceIsEstimate = total.isEstimate
            }
        }
        if !later.isEmpty {
            computeInBackground(later.map { TotalsJobItem(position: result[$0].position, trip: trips[result[$0].position]) })
        }
        return result
    }

    /// Computes the totals of `items` on every core, off the main actor, unless a job is already out.
    private func computeInBackground(_ items: [TotalsJobItem]) {
        guard !jobIsOut else {
            anotherJobWanted = true
            return
        }
        jobIsOut = true
        let calculator = calculator, deliver = deliver
        deliver.begin()
        DispatchQueue.global(qos: .userInitiated).async {
            let totals = calculator.totalsOnEveryCore(
                of: items.map { $0.waypoints.map(\.coordinate) }, avoiding: items.map(\.avoid))
            deliver.finish { [weak self] in self?.receive(totals, for: items) }
        }
    }

    /// Keeps the totals of a background job and tells the presenter when the list would show
    /// something new; not telling it otherwise is what ends the jobs for incomplete totals, which
    /// each call makes again.
    private func receive(_ totals: [ComputedTotal], for items: [TotalsJobItem]) {
        jobIsOut = false
        var changed = anotherJobWanted
        anotherJobWanted = false
        let trips = repository.trips
        for (item, total) in zip(items, totals) {
            // Only for trips still where the job found them, with the same stops: one edited or moved
            // meanwhile is found missing by the next call, which totals it again.
            guard item.position < trips.count, trips[item.position].id == item.id,
                trips[item.position].waypoints == item.waypoints
            else { continue }
            cache.store(total, of: item.id, waypoints: item.waypoints, avoid: item.avoid)
            if let shown = last?.summaries, item.position < shown.count, shown[item.position].id == item.id,
                shown[item.position].distanceMeters == total.meters, shown[item.position].distanceIsEstimate == total.isEstimate
            {
                continue
            }
            changed = true
        }
        if changed { output?.didComputeTotals() }
    }

    func createTrip(named name: String) -> (id: Trip.ID, error: String?) {
        let trip = newTrip(name)
        return (trip.id, repository.add(trip, "adding “\(name)”"))
    }

    func renameTrip(_ id: Trip.ID, to name: String) -> String? {
        let old = repository.trip(id: id)?.name ?? ""
        return repository.update(tripID: id, "renaming “\(old)” to “\(name)”") { $0.name = name }
    }

    func deleteTrip(_ id: Trip.ID) -> String? {
        let name = repository.trip(id: id)?.name ?? ""
        return repository.removeTrip(id: id, "deleting “\(name)”")
    }

    func deleteTrips(_ ids: Set<Trip.ID>) -> String? {
        repository.perform("deleting \(ids.count) trips") { $0.removeAll { ids.contains($0.id) } }
    }

    func addSamples() -> (added: Int, error: String?) {
        let found: [Trip]
        switch samples() {
        case let .success(trips): found = trips
        case let .failure(reason): return (0, "No sample trips: \(reason).")
        }
        var added = 0
        let error = repository.perform("adding the sample trips") { trips in
            for sample in found {
                if let i = trips.firstIndex(where: { $0.id == sample.id }) {
                    // Shown as an example: it becomes one of the person's trips, as it is.
                    if trips[i].isExample {
                        trips[i].isExample = false
                        added += 1
                    }
                } else {
                    var own = sample
                    own.isExample = false
                    trips.append(own)
                    added += 1
                }
            }
        }
        return (added, error)
    }

    func duplicateTrip(_ id: Trip.ID) -> (id: Trip.ID, name: String, error: String?)? {
        guard let trip = repository.trip(id: id) else { return nil }
        let copy = trip.duplicated(named: Trip.copyName(of: trip.name, taken: repository.trips.map(\.name)))
        let error = repository.perform("duplicating “\(trip.name)”") { $0.insert(copy, after: id) }
        return (copy.id, copy.name, error)
    }

    public func suggestedExport(_ id: Trip.ID) -> String {
        repository.trip(id: id).map { FilePrompt.suggestedExport(for: $0) } ?? ""
    }

    public func planExport(to typed: String) -> FilePrompt.ExportPlan { files.planExport(to: typed) }

    public func exportTrip(
        _ id: Trip.ID, to path: String, format: ExchangeFormat, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl {
        // The list knows no road geometry: the export holds the stops and the straight route between them.
        files.startExport(
            repository.trip(id: id), legs: [], to: path, format: format, deliver: deliver, progress: progress, done: done)
    }

    public func importTrip(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done:
            @escaping @MainActor @Sendable (Result<(id: Trip.ID, message: String, saveError: String?), FilePrompt.Problem>) ->
            Void
    ) -> TransferControl {
        files.startImport(
            from: typed, deliver: deliver, progress: progress,
            apply: { [repository] result in
                let trip = result.trip
                let error = repository.add(trip, "importing “\(trip.name)”")
                return .success((trip.id, "Imported “\(trip.name)”: \(result.explanation)", error))
            }, done: done)
    }

    func undo() -> UndoOutcome { repository.undo() }
    func redo() -> UndoOutcome { repository.redo() }

    func takeStartupMessage() -> String? {
        defer { startupMessage = nil }
        return startupMessage
    }
}
