/// One report from the mouse, in screen cells.
///
/// The terminal reports presses and releases (never motion), so a drag is a press on one cell and
/// a release on another; `Gestures` turns these into clicks, double-clicks, drags and wheel turns.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Button 1 (left), 2 (middle) or 3 (right) went down.
        case press(button: Int)
        /// A button came up.
        case release
        case wheelUp, wheelDown
    }

    public var action: Action
    public var point: Point
    /// Ctrl held: Ctrl+wheel zooms the map, as in web maps.
    public var ctrl: Bool

    public init(_ action: Action, at point: Point, ctrl: Bool = false) {
        self.action = action
        self.point = point
        self.ctrl = ctrl
    }
}
