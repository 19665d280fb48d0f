import Exchange
import TermUI

/// The import and export prompts of both lists, as one flow.
///
/// A path is typed; an export that would replace a file asks first; the file is read or written off
/// the key loop, and Esc stops it; a path that cannot be read opens the prompt again with the reason,
/// so a typo is fixed, not retyped. The screen maps `step` to its own mode and shows `message`.
@MainActor
public final class FilePromptFlow {
    /// Where the flow is.
    public enum Step: Equatable, Sendable {
        /// No prompt: the screen is the screen's own.
        case idle
        /// Typing the path of a file to read.
        case typingImport
        /// Typing the path to write to, starting from `suggested`.
        case typingExport(suggested: String)
        /// The typed export path exists: asking before replacing it.
        case confirmingReplace(question: String)
        /// A file is being read or written.
        case transferring
    }

    /// Starts reading `typed`; progress lines and the outcome come back on the key loop.
    public typealias ImportStarter = (
        _ typed: String, _ progress: @escaping @MainActor @Sendable (String) -> Void,
        _ done: @escaping @MainActor @Sendable (Result<StatusMessage, FilePrompt.Problem>) -> Void
    ) -> TransferControl

    /// Starts writing `path` in `format`; progress lines and the outcome come back on the key loop.
    public typealias ExportStarter = (
        _ path: String, _ format: ExchangeFormat, _ progress: @escaping @MainActor @Sendable (String) -> Void,
        _ done: @escaping @MainActor @Sendable (StatusMessage) -> Void
    ) -> TransferControl

    public private(set) var step: Step = .idle

    /// The screen's mode while a prompt is open, nil when none is: a screen's mode enum names
    /// each step with a case of its own (`FilePromptModes`).
    public func mode<Mode: FilePromptModes>(as _: Mode.Type = Mode.self) -> Mode? {
        switch step {
        case .idle: nil
        case .typingImport: .importing
        case let .typingExport(suggested): .exporting(text: suggested)
        case let .confirmingReplace(question): .confirming(question: question)
        case .transferring: .transferring
        }
    }
    /// What the status line says of the flow.
    public private(set) var message: StatusMessage?
    private var importer: ImportStarter?
    private var exporter: (plan: (String) -> FilePrompt.ExportPlan, start: ExportStarter)?
    private var pendingReplace: (path: String, format: ExchangeFormat)?
    private var transfer: TransferControl?
    /// Called whenever `step` or `message` changed, so the screen draws again.
    private let changed: @MainActor () -> Void

    public init(changed: @escaping @MainActor () -> Void) {
        self.changed = changed
    }

    /// Opens the import prompt; `start` reads the file and says what was added.
    public func beginImport(hint: String, start: @escaping ImportStarter) {
        importer = start
        exporter = nil
        step = .typingImport
        message = StatusMessage(hint)
        changed()
    }

    /// Opens the export prompt on `suggested`; `plan` says what writing a typed path would do.
    public func beginExport(
        suggested: String, plan: @escaping (String) -> FilePrompt.ExportPlan, start: @escaping ExportStarter
    ) {
        exporter = (plan, start)
        importer = nil
        step = .typingExport(suggested: suggested)
        message = StatusMessage(FilePrompt.exportHint)
        changed()
    }

    /// Enter on the prompt.
    public func commit(_ typed: String) {
        switch step {
        case .typingImport:
            guard let importer else { return }
            step = .transferring
            message = FileTransfer.reading(typed)
            transfer = importer(
                typed, { [weak self] line in self?.progress(line) }, { [weak self] outcome in self?.importDidFinish(outcome) })
            changed()
        case .typingExport:
            guard let exporter else { return }
            switch exporter.plan(typed) {
            case let .write(path, format):
                startExport(to: path, format: format)
            case let .replace(path, format):
                pendingReplace = (path, format)
                step = .confirmingReplace(question: "Replace \(path)?")
                message = nil
                changed()
            case let .refused(reason):
                message = StatusMessage(reason, isError: true)
                changed()
            }
        default:
            break
        }
    }

    /// The answer to "Replace …?".
    public func answerReplace(_ yes: Bool) {
        guard case .confirmingReplace = step, let replace = pendingReplace else { return }
        pendingReplace = nil
        if yes { startExport(to: replace.path, format: replace.format) } else { cancel() }
    }

    /// Esc on the prompt: nothing is read or written.
    public func cancel() {
        step = .idle
        message = nil
        importer = nil
        exporter = nil
        changed()
    }

    /// Esc while a file is read or written: the work stops at its next check and says so; a file
    /// being replaced is left as it was.
    public func stop() {
        guard step == .transferring else { return }
        transfer?.stop()
        message = FileTransfer.stopping
        changed()
    }

    /// Forgets the message once the screen has said it, so the next key starts afresh.
    public func clearMessage() { message = nil }

    private func startExport(to path: String, format: ExchangeFormat) {
        guard let exporter else { return }
        step = .transferring
        message = FileTransfer.writing(path)
        transfer = exporter.start(
            path, format, { [weak self] line in self?.progress(line) }, { [weak self] outcome in self?.exportDidFinish(outcome) })
        changed()
    }

    private func progress(_ line: String) {
        guard step == .transferring else { return }
        message = FileTransfer.progress(line)
        changed()
    }

    private func exportDidFinish(_ outcome: StatusMessage) {
        guard step == .transferring else { return }
        transfer = nil
        exporter = nil
        step = .idle
        message = outcome
        changed()
    }

    private func importDidFinish(_ outcome: Result<StatusMessage, FilePrompt.Problem>) {
        guard step == .transferring else { return }
        transfer = nil
        switch outcome {
        case let .success(said):
            importer = nil
            step = .idle
            message = said
        case let .failure(problem):
            // The prompt opens again with the path as typed.
            step = .typingImport
            message = problem.status
        }
        changed()
    }
}
