import RoadtripCore
import TermUI

/// What the person did to the map (zoom, pan) and what it keeps between draws.
///
/// Until the person zooms or pans, the map fits the trip on every draw, so it follows each
/// change to the trip at once; `0` returns to that.
@MainActor
public final class MapState {
    /// The view of the last draw (nil before the first).
    public private(set) var viewport: Viewport?
    /// True while the map fits the whole trip by itself.
    public private(set) var followsTrip = true
    /// Where land and country outlines come from.
    public let outlines: OutlineStore
    /// Called (on any thread) when outlines finish loading, so the owner can ask for a redraw.
    public var onOutlinesReady: (@Sendable () -> Void)?

    var lastSize = Size(width: 0, height: 0)
    private var lastSelected: Int?
    private var cachedShape: MapModel.Shape?
    private var cachedRoute: PreparedRoute?

    public init(outlines: OutlineStore = .shared, onOutlinesReady: (@Sendable () -> Void)? = nil) {
        self.outlines = outlines
        self.onOutlinesReady = onOutlinesReady
    }

    /// Reacts to a map key: `+`/`=` zoom in, `-` zoom out, `0` fits the trip again and, when
    /// `panning` is true, arrows and h/j/k/l pan by a quarter of the map. True if the key was the map's.
    @discardableResult
    public func handle(_ key: Key, panning: Bool = true) -> Bool {
        switch key {
        case .char("+"), .char("="): change { $0.zoomed(by: 2) }
        case .char("-"), .char("_"): change { $0.zoomed(by: 0.5) }
        case .char("0"): fit()
        case .left, .char("h"): return panning && pan(x: -0.25, y: 0)
        case .right, .char("l"): return panning && pan(x: 0.25, y: 0)
        case .up, .char("k"): return panning && pan(x: 0, y: 0.25)
        case .down, .char("j"): return panning && pan(x: 0, y: -0.25)
        default: return false
        }
        return true
    }

    /// Fits the whole trip again at the next draw, and keeps following it.
    public func fit() { followsTrip = true }

    private func pan(x: Double, y: Double) -> Bool {
        let size = lastSize
        change { $0.panned(x: x, y: y, size: size) }
        return true
    }

    private func change(_ transform: (Viewport) -> Viewport) {
        guard let viewport else { return }
        self.viewport = transform(viewport)
        followsTrip = false
    }

    /// The route of `model`, prepared again only when the stops or geometry changed.
    func route(for model: MapModel) -> PreparedRoute {
        let shape = model.shape
        if let cachedRoute, cachedShape == shape { return cachedRoute }
        let route = PreparedRoute(stops: shape.stops, legGeometries: shape.legGeometries, reusing: cachedRoute)
        cachedShape = shape
        cachedRoute = route
        return route
    }

    /// The view for a draw at `size`: the fitted one while following the trip; otherwise the
    /// person's, moved to a newly selected stop if that stop is off the map.
    func viewport(for route: PreparedRoute, selected: Int?, size: Size) -> Viewport {
        if followsTrip || viewport == nil {
            viewport = Viewport.fitting(route.bounds, size: size)
        } else if selected != lastSelected, let viewport, let selected,
                  let pin = route.pins.first(where: { $0.index == selected }) {
            let dot = viewport.dot(pin.point, size: size)
            if dot.x < 0 || dot.y < 0 || dot.x >= Double(size.width * 2) || dot.y >= Double(size.height * 4) {
                self.viewport = Viewport(center: pin.point, unitsPerDot: viewport.unitsPerDot)
            }
        }
        lastSelected = selected
        lastSize = size
        return viewport!
    }
}
