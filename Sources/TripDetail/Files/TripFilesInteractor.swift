import Exchange
import Foundation
import RoadtripCore
import ScreenKit
import TermUI

/// Exports one trip and adds the stops of imported files to it.
@MainActor
final class TripFilesInteractor: TripFilesInteractorProtocol {
    private let tripID: Trip.ID
    private let repository: TripRepository
    private let deliver: UIDelivery
    private let files: FilePrompt

    init(tripID: Trip.ID, repository: TripRepository, deliver: UIDelivery, files: FilePrompt) {
        self.tripID = tripID
        self.repository = repository
        self.deliver = deliver
        self.files = files
    }

    func suggestedExport(for trip: Trip) -> String { FilePrompt.suggestedExport(for: trip) }

    func planExport(to typed: String) -> FilePrompt.ExportPlan { files.planExport(to: typed) }

    func exportTrip(
        _ trip: Trip, legs: [Leg], to path: String, format: ExchangeFormat,
        progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl {
        files.startExport(trip, legs: legs, to: path, format: format, deliver: deliver, progress: progress, done: done)
    }

    func importStops(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (Result<StatusMessage, FilePrompt.Problem>) -> Void
    ) -> TransferControl {
        files.startImport(
            from: typed, deliver: deliver, progress: progress,
            apply: { [weak self] read in self?.add(read) ?? .failure(FilePrompt.Problem("The trip is gone.")) }, done: done)
    }

    /// The imported stops after the last stop, as one undoable edit, checked against the trip as it is now.
    private func add(_ result: ImportResult) -> Result<StatusMessage, FilePrompt.Problem> {
        guard let count = repository.trip(id: tripID)?.waypoints.count else {
            return .failure(FilePrompt.Problem("The trip is gone."))
        }
        let stops = result.trip.waypoints
        guard count + stops.count <= TextLimits.stopsPerTrip else {
            return .failure(
                FilePrompt.Problem(
                    "Not imported: \(stops.count) more stops would pass the \(TextLimits.stopsPerTrip) a trip holds."))
        }
        let error = repository.update(tripID: tripID, "adding the stops of “\(result.trip.name)”") { $0.waypoints += stops }
        let added = stops.count == 1 ? "1 stop" : "\(stops.count) stops"
        return .success(
            error.map { StatusMessage($0, isError: true) }
                ?? StatusMessage("Added \(added) from “\(result.trip.name)”. \(result.explanation)"))
    }
}
