import Foundation

/// What a person did with the mouse, as the screens hear it.
public enum PointerGesture: Equatable, Sendable {
    /// A press on `target`; `count` is 2 for the second press of a double-click.
    case click(HitTarget, count: Int)
    /// A press on one list row and a release on another row of the same list.
    case drag(list: String, from: Int, to: Int)
    /// One notch of the wheel over `target` (nil: over nothing marked).
    case wheel(up: Bool, over: HitTarget?, ctrl: Bool)
}

extension PointerGesture {
    /// True for a notch of the wheel, either way.
    public var isWheel: Bool {
        if case .wheel = self { return true }
        return false
    }

    /// True for a notch of the wheel away from the person (up the page).
    public var isWheelUp: Bool {
        if case .wheel(true, _, _) = self { return true }
        return false
    }
}

/// Turns the terminal's presses and releases into gestures, against the targets of the last frame.
@MainActor
struct Gestures {
    /// Two presses on one target within this time are a double-click (the usual desktop default).
    static let doubleClickTime: Duration = .milliseconds(400)

    private var lastPress: (target: HitTarget, at: ContinuousClock.Instant)?
    private var dragStart: (list: String, index: Int)?

    init() {}

    /// The gesture `event` completes, if any; `now` is when it arrived.
    mutating func read(_ event: MouseEvent, on hits: HitMap, now: ContinuousClock.Instant = .now) -> PointerGesture? {
        let target = hits.target(at: event.point)
        switch event.action {
        case .wheelUp, .wheelDown:
            return .wheel(up: event.action == .wheelUp, over: target, ctrl: event.ctrl)
        case let .press(button):
            guard button == 1, let target else {
                lastPress = nil
                return nil
            }
            var count = 1
            if let last = lastPress, last.target == target, now - last.at <= Self.doubleClickTime { count = 2 }
            // A third press starts over, so a triple click is a double-click and a click, not two doubles.
            lastPress = count == 2 ? nil : (target, now)
            if case let .row(list, index) = target { dragStart = (list, index) } else { dragStart = nil }
            return .click(target, count: count)
        case .release:
            defer { dragStart = nil }
            guard let start = dragStart, case let .row(list, index)? = target, list == start.list, index != start.index
            else { return nil }
            lastPress = nil
            return .drag(list: list, from: start.index, to: index)
        }
    }
}
