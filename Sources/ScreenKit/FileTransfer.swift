import Exchange
import RoadtripCore
import Foundation
import TermUI

/// Runs an import's or export's file work on a thread of its own, so no key waits for the disk, a
/// huge file or a pipe nobody reads: progress and the outcome come back to the key loop through
/// `deliver`, and the returned control stops the work (Esc). Both lists' prompts use it.
public enum FileTransfer {
    /// Starts `work`; `progress` and `done` run on the UI thread.
    public static func start<Outcome: Sendable>(
        deliver: UIDelivery,
        progress: @escaping @MainActor @Sendable (String) -> Void,
        work: @escaping @Sendable (TransferControl) -> Outcome,
        done: @escaping @MainActor @Sendable (Outcome) -> Void
    ) -> TransferControl {
        let control = TransferControl(onProgress: { line in deliver.news { progress(line) } })
        deliver.begin()
        // A thread, not a task: a blocking read or fsync must not hold one of the few threads
        // the route and itinerary work shares.
        Thread.detachNewThread {
            let outcome = work(control)
            deliver.finish { done(outcome) }
        }
        return control
    }

    /// What the status line says while a file is read, on both lists.
    public static func reading(_ path: String) -> StatusMessage { StatusMessage("Reading \(path)… Esc stops.") }

    /// What the status line says while a file is written, on both lists.
    public static func writing(_ path: String) -> StatusMessage { StatusMessage("Writing \(path)… Esc stops.") }

    /// A progress line from the work, with the key that stops it.
    public static func progress(_ line: String) -> StatusMessage { StatusMessage(line + " · Esc stops") }

    /// Said the moment Esc is pressed; the work's own outcome follows within a tenth of a second.
    public static let stopping = StatusMessage("Stopping…")
}

extension FilePrompt {
    /// Reads the file typed at the import prompt off the key loop; `apply` then makes the edit on
    /// the key loop (a new trip, stops added) and `done` hears what came of it.
    @MainActor
    public func startImport<Outcome: Sendable>(
        from typed: String, deliver: UIDelivery, progress: @escaping @MainActor @Sendable (String) -> Void,
        apply: @escaping @MainActor @Sendable (ImportResult) -> Result<Outcome, Problem>,
        done: @escaping @MainActor @Sendable (Result<Outcome, Problem>) -> Void
    ) -> TransferControl {
        let prompt = self
        return FileTransfer.start(
            deliver: deliver, progress: progress, work: { control in prompt.importTrip(from: typed, control: control) },
            done: { read in done(read.flatMap(apply)) })
    }

    /// Writes `trip` off the key loop (with the road geometry when every leg has it); nil is a
    /// trip removed meanwhile, said as such.
    @MainActor
    public func startExport(
        _ trip: Trip?, legs: [Leg], to path: String, format: ExchangeFormat, deliver: UIDelivery,
        progress: @escaping @MainActor @Sendable (String) -> Void,
        done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl {
        let prompt = self
        return FileTransfer.start(
            deliver: deliver, progress: progress,
            work: { control in
                guard let trip else { return StatusMessage("The trip is gone: nothing was exported.", isError: true) }
                return prompt.export(trip, legs: legs, to: path, format: format, control: control)
            }, done: done)
    }
}
