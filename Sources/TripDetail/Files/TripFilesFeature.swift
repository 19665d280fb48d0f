import RoadtripCore
import ScreenKit
import TermUI

/// `E` and `I` on the trip screen, through the prompt flow both lists share.
@MainActor
final class TripFilesFeature: TripFeature {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let interactor: TripFilesInteractorProtocol
    private var flow: FilePromptFlow!

    init(screen: TripScreenContext, interactor: TripFilesInteractorProtocol) {
        self.screen = screen
        self.interactor = interactor
        flow = FilePromptFlow { [weak self] in
            guard let self else { return }
            self.screen.show(self.flow.message)
        }
    }

    var mode: TripDetailViewModel.Mode? { flow.mode() }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        switch action {
        case .importFile:
            flow.beginImport(hint: "Its stops go after the last one. " + FilePrompt.importHint) {
                [interactor] typed, progress, done in
                interactor.importStops(from: typed, progress: progress, done: done)
            }
        case .exportFile:
            guard let trip = screen.trip else { return true }
            let legs = screen.knownLegs
            flow.beginExport(
                suggested: interactor.suggestedExport(for: trip), plan: { [interactor] in interactor.planExport(to: $0) },
                start: { [interactor, weak screen] path, format, progress, done in
                    // The trip as it is when the file is written, not when the prompt opened.
                    interactor.exportTrip(
                        screen?.trip ?? trip, legs: screen?.knownLegs ?? legs, to: path, format: format, progress: progress,
                        done: done)
                })
        case .commitPath: flow.commit(typed)
        case .cancelPath: flow.cancel()
        case .stopTransfer: flow.stop()
        case let .answer(yes):
            guard case .confirmingReplace = flow.step else { return false }
            flow.answerReplace(yes)
        default: return false
        }
        return true
    }

    func leave() { flow.stop() }
}
