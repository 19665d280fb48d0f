import Exchange
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
}
