import Foundation
import Synchronization

/// The run loop: a stack of screens on one terminal.
///
/// Keys go to the top screen, which is then redrawn whole; the terminal (ncurses)
/// sends only the cells that changed. Work finished on other threads comes back
/// through `post` and runs between keys, so nothing ever waits for it.
@MainActor
public final class Application: Navigator {
    /// Below this size a notice replaces the screen instead of a broken layout.
    public static let minimumSize = Size(width: 40, height: 10)

    private let terminal: Terminal
    public private(set) var stack: [Screen] = []
    public private(set) var isRunning = true
    private let inbox = Inbox()
    private var gestures = Gestures()
    private nonisolated let wakeup: Wakeup

    public init(terminal: Terminal) {
        self.terminal = terminal
        wakeup = terminal.wakeup
    }

    public var top: Screen? { stack.last }

    public func push(_ screen: Screen) {
        stack.append(screen)
        screen.willAppear()
    }

    public func pop() {
        guard stack.count > 1 else {
            quit()
            return
        }
        stack.removeLast()
        stack.last?.willAppear()
    }

    public func quit() { isRunning = false }

    public nonisolated func post(_ work: @escaping @MainActor @Sendable () -> Void) {
        inbox.append(work)
        wakeup.signal()
    }

    /// Runs until a screen quits or a signal asks the app to end.
    public func run() {
        render()
        while isRunning && !terminal.shouldTerminate {
            // Sleep until a key, a signal or posted work (which signals the wake-up): nothing polls.
            let key = terminal.readKey(timeoutMilliseconds: inbox.hasPending ? 0 : nil)
            let ranWork = drainInbox()
            guard let key else {
                if ranWork { render() }
                continue
            }
            dispatch(key)
            // Keys that are already waiting (fast typing, a paste without bracketed paste mode) are
            // taken before the next frame: one frame for all of them, not one per key.
            var taken = 1
            while isRunning, taken < Self.keysPerFrame, let next = terminal.readKey(timeoutMilliseconds: 0) {
                dispatch(next)
                taken += 1
            }
            if isRunning { render() }
        }
    }

    /// The most keys handled between two frames, so a flood of input still shows progress.
    static let keysPerFrame = 4096

    /// Feeds one key to the top screen and redraws.
    public func handle(_ key: Key) {
        dispatch(key)
        if isRunning { render() }
    }

    /// Feeds one key to the application's own keys or to the top screen, without drawing.
    private func dispatch(_ key: Key) {
        if key == GlobalKeys.redraw {
            terminal.invalidate()
            return
        }
        if key != .resize, tooSmall { return }
        if case let .mouse(event) = key {
            guard let gesture = gestures.read(event, on: terminal.canvas.hits) else { return }
            // A hint says which key it stands for: clicking it is pressing that key, on any screen.
            if case let .click(.key(hinted), _) = gesture {
                dispatch(hinted)
            } else {
                top?.handle(gesture)
            }
            return
        }
        top?.handle(key)
    }

    /// Runs whatever background work has posted; true if anything ran.
    @discardableResult
    public func drainInbox() -> Bool {
        let work = inbox.takeAll()
        for item in work { item() }
        return !work.isEmpty
    }

    private var tooSmall: Bool {
        let s = terminal.canvas.size
        return s.width < Self.minimumSize.width || s.height < Self.minimumSize.height
    }

    /// Draws the top screen (or the too-small notice) and shows it.
    public func render() {
        let canvas = terminal.canvas
        canvas.clear()
        canvas.setCursor(nil)
        if tooSmall {
            let s = canvas.size
            let lines = [
                "Terminal too small", "\(s.width)×\(s.height), need \(Self.minimumSize.width)×\(Self.minimumSize.height)"
            ]
            for (i, line) in lines.enumerated() {
                let y = s.height / 2 - 1 + i
                canvas.draw(
                    line, at: Point(x: max(0, (s.width - TextWidth.of(line)) / 2), y: y), style: i == 0 ? .warning : .normal)
            }
        } else {
            top?.draw(on: canvas)
        }
        terminal.present()
    }
}

/// A thread-safe queue of work for the UI thread.
private final class Inbox: Sendable {
    private let items = Mutex<[@MainActor @Sendable () -> Void]>([])

    func append(_ item: @escaping @MainActor @Sendable () -> Void) {
        items.withLock { $0.append(item) }
    }

    func takeAll() -> [@MainActor @Sendable () -> Void] {
        items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }

    var hasPending: Bool { items.withLock { !$0.isEmpty } }
}
