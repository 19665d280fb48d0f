import Exchange
import RoadtripCore
import ScreenKit
import TermUI

// The file feature of the trip screen: `E` exports the trip, `I` adds the stops of a file.

/// Reads and writes files for one trip, off the key loop.
@MainActor
protocol TripFilesInteractorProtocol: AnyObject {
    /// The file an export of `trip` suggests.
    func suggestedExport(for trip: Trip) -> String
    func planExport(to typed: String) -> FilePrompt.ExportPlan
    /// Starts writing the trip (with the road geometry when every leg has it); the control stops it.
    func exportTrip(
        _ trip: Trip, legs: [Leg], to path: String, format: ExchangeFormat,
        progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl
    /// Starts reading a file; its stops are then added after the last stop as one undoable edit,
    /// and `done` gets what to say. The control stops it.
    func importStops(
        from typed: String, progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (Result<StatusMessage, FilePrompt.Problem>) -> Void
    ) -> TransferControl
}
