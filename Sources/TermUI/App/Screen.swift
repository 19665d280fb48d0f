/// One full-screen view: it draws itself and reacts to keys.
@MainActor
public protocol Screen: AnyObject {
    /// Called each time the screen comes to the top of the stack.
    func willAppear()
    /// Draws the whole screen; the canvas is blank when this is called.
    func draw(on canvas: Canvas)
    /// Reacts to one key.
    func handle(_ key: Key)
    /// Reacts to the mouse; a click on a key's hint arrives as that key instead.
    func handle(_ gesture: PointerGesture)
}

extension Screen {
    public func willAppear() {}

    /// By default the wheel moves as ↑ and ↓ do (Ctrl+wheel as + and −, which zoom maps) and
    /// clicks on anything but a hint do nothing.
    public func handle(_ gesture: PointerGesture) {
        guard case let .wheel(up, _, ctrl) = gesture else { return }
        handle(ctrl ? .char(up ? "+" : "-") : (up ? .up : .down))
    }
}

/// What screens and routers use to move between screens.
@MainActor
public protocol Navigator: AnyObject {
    func push(_ screen: Screen)
    func pop()
    func quit()
    /// Runs `work` on the UI thread at the next turn of the loop; safe to call from any thread.
    nonisolated func post(_ work: @escaping @MainActor @Sendable () -> Void)
}

/// Where keys come from and frames go to: ncurses for real, memory in tests.
@MainActor
public protocol Terminal: AnyObject {
    var canvas: Canvas { get }
    /// The next key, or nil when `timeoutMilliseconds` passed (nil waits for ever), a signal arrived
    /// or `wakeup` was signalled.
    func readKey(timeoutMilliseconds: Int?) -> Key?
    /// What ends a wait in `readKey` when work is posted from another thread.
    var wakeup: Wakeup { get }
    /// Shows what was drawn since the last frame.
    func present()
    /// Forgets what the screen shows, so the next `present` repaints every cell (Ctrl-L, after
    /// another program wrote over the screen).
    func invalidate()
    /// Gives the terminal back to the user as it was.
    func stop()
    /// True once SIGINT, SIGTERM or SIGHUP asked the app to end.
    var shouldTerminate: Bool { get }
}
