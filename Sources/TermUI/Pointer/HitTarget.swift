/// What a cell of the last frame stands for when the mouse lands on it.
///
/// Views mark what they draw (a list's rows, a hint on the status line, a map's stop number) on the
/// canvas as they draw it, so what a click means always matches what is on screen.
public enum HitTarget: Hashable, Sendable {
    /// A key's hint on the status line: clicking it presses the key.
    case key(Key)
    /// Row `index` of the list called `list` ("stops", "trips", "matches").
    case row(list: String, index: Int)
    /// An area that takes the wheel as a whole (the map, a page of text).
    case area(String)
    /// An overlay's box: a click there reaches nothing under it.
    case cover
}

/// The targets of one frame, latest on top: an overlay marked after a list hides the rows under it.
@MainActor
public final class HitMap {
    private var marks: [(rect: Rect, target: HitTarget)] = []

    public init() {}

    public func mark(_ rect: Rect, as target: HitTarget) {
        guard rect.width > 0, rect.height > 0 else { return }
        marks.append((rect, target))
    }

    func clear() { marks.removeAll(keepingCapacity: true) }

    /// The topmost target under `point`, or nil where nothing was marked.
    public func target(at point: Point) -> HitTarget? {
        marks.last { point.x >= $0.rect.x && point.x < $0.rect.maxX && point.y >= $0.rect.y && point.y < $0.rect.maxY }?
            .target
    }
}
