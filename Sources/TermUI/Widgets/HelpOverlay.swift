/// The help box over a screen: every key of the screen in its current mode.
///
/// `?` (outside text fields) or F1 (everywhere) opens it. Taller than the screen, it scrolls with
/// ↑ ↓ PgUp PgDn Home End (and the wheel); any other key closes it and does nothing else.
@MainActor
public final class HelpOverlay {
    public private(set) var isShown = false
    /// The first row of help shown, and the most it can be at the last draw (0: it all fits).
    private(set) var scroll = 0
    private var maxScroll = 0

    public init() {}

    public func open() {
        isShown = true
        scroll = 0
    }

    /// Scrolls the box when it is taller than the screen, else closes it; true when the key was
    /// spent on the box.
    public func close(on key: Key) -> Bool {
        guard isShown, key != .resize, !GlobalKeys.handles(key) else { return false }
        if maxScroll > 0, let step = Self.scrollStep(key) {
            scroll = min(max(0, scroll + step), maxScroll)
            return true
        }
        isShown = false
        return true
    }

    /// The mouse while the box is open: the wheel scrolls it, a click closes it. True when the
    /// gesture was spent on the box (it is open), so nothing under it sees the gesture.
    public func take(_ gesture: PointerGesture) -> Bool {
        guard isShown else { return false }
        _ = close(on: gesture.isWheel ? (gesture.isWheelUp ? .up : .down) : .escape)
        return true
    }

    private static func scrollStep(_ key: Key) -> Int? {
        switch key {
        case .up, .char("k"): -1
        case .down, .char("j"): 1
        case .pageUp: -10
        case .pageDown: 10
        case .home: -1_000_000
        case .end: 1_000_000
        default: nil
        }
    }

    public func draw<Action, Mode>(_ table: KeyTable<Action, Mode>, mode: Mode, notes: [KeyHint] = [], on canvas: Canvas) {
        guard isShown else { return }
        let usual = Mode.allCases.first == mode || mode.title.isEmpty
        let title = usual ? table.screen : table.screen + ", " + mode.title
        maxScroll = Overlay.drawHelp(title: title, hints: table.help(in: mode) + notes, scroll: scroll, on: canvas)
        scroll = min(scroll, maxScroll)
    }
}
