/// The help box over a screen: every key of the screen in its current mode.
///
/// `?` (outside text fields) or F1 (everywhere) opens it; any key closes it and does nothing else.
public struct HelpOverlay: Sendable {
    private(set) var isShown = false

    public init() {}

    public mutating func open() { isShown = true }

    /// Closes the box if it is open; true when the key was spent on that.
    public mutating func close(on key: Key) -> Bool {
        guard isShown, key != .resize, !GlobalKeys.handles(key) else { return false }
        isShown = false
        return true
    }

    @MainActor
    public func draw<Action, Mode>(_ table: KeyTable<Action, Mode>, mode: Mode, notes: [KeyHint] = [], on canvas: Canvas) {
        guard isShown else { return }
        let usual = Mode.allCases.first == mode || mode.title.isEmpty
        let title = usual ? table.screen : table.screen + ", " + mode.title
        Overlay.drawHelp(title: title, hints: table.help(in: mode) + notes, on: canvas)
    }
}
