import Foundation
import RoadtripCore
import TermUI

/// What the person did to the map (zoom, pan) and what it keeps between draws.
///
/// Until the person zooms or pans, the map fits the trip on every draw, so it follows each
/// change to the trip at once; `0` returns to that.
@MainActor
public final class MapState {
    /// The view of the last draw (nil before the first).
    private(set) var viewport: Viewport?
    /// True while the map fits the whole trip by itself.
    private(set) var followsTrip = true
    /// Where land and country outlines come from.
    public let outlines: OutlineStore
    /// Hands work to the UI thread (the app's run loop): outlines that finish loading are shown from
    /// the frame after that news is delivered, never sooner, so a repaint (Ctrl-L) draws what the last
    /// frame drew. Nil (tests with outlines loaded beforehand) shows whatever is loaded at each draw.
    public let deliverNews: (@Sendable (@escaping @MainActor @Sendable () -> Void) -> Void)?
    /// The levels asked for, and those whose arrival has been delivered.
    var askedLevels: Set<OutlineStore.Level> = []
    var arrivedLevels: Set<OutlineStore.Level> = []

    /// Zoom steps from the fitted view (+1 for each zoom in): kept between launches, so a person who
    /// likes the map one step closer gets it so on every trip. Pans are not kept: they are of one trip.
    public private(set) var zoomSteps = 0
    /// Told the new `zoomSteps` after each change.
    public var onZoomChange: ((Int) -> Void)?

    var lastSize = Size(width: 0, height: 0)
    private var lastSelected: Int?
    private var cachedShape: MapModel.Shape?
    private var cachedRoute: PreparedRoute?

    public init(
        outlines: OutlineStore = .shared,
        deliverNews: (@Sendable (@escaping @MainActor @Sendable () -> Void) -> Void)? = nil, zoomSteps: Int = 0
    ) {
        self.outlines = outlines
        self.deliverNews = deliverNews
        // Within what the keys can reach from a fitted trip; a damaged state file asks no more.
        self.zoomSteps = min(max(zoomSteps, -8), 16)
    }

    /// The outlines at `level` as the UI thread knows them: loaded before this map first asked, or
    /// since then with the news delivered; otherwise nil, and the load is started.
    func landOutlines(_ level: OutlineStore.Level) -> OutlineSet? {
        guard let deliverNews else { return outlines.outlines(level) }
        if arrivedLevels.contains(level) { return outlines.outlines(level) }
        guard askedLevels.insert(level).inserted else { return nil }
        let found = outlines.outlines(
            level,
            onReady: { [weak self] in
                deliverNews { self?.arrivedLevels.insert(level) }
            })
        if found != nil { arrivedLevels.insert(level) }
        return found
    }

    /// Zooms, pans or fits the map to the trip again.
    public func apply(_ move: MapMove) {
        switch move {
        case .zoomIn: zoom(by: 1)
        case .zoomOut: zoom(by: -1)
        case .fit: fit()
        case .panLeft: pan(x: -0.25, y: 0)
        case .panRight: pan(x: 0.25, y: 0)
        case .panUp: pan(x: 0, y: 0.25)
        case .panDown: pan(x: 0, y: -0.25)
        }
    }

    /// Fits the whole trip again at the next draw, and keeps following it.
    public func fit() {
        followsTrip = true
        setZoomSteps(0)
    }

    private func zoom(by steps: Int) {
        guard viewport != nil else { return }
        change { $0.zoomed(by: steps > 0 ? 2 : 0.5) }
        setZoomSteps(zoomSteps + steps)
    }

    private func setZoomSteps(_ steps: Int) {
        guard steps != zoomSteps else { return }
        zoomSteps = steps
        onZoomChange?(steps)
    }

    private func pan(x: Double, y: Double) {
        let size = lastSize
        change { $0.panned(x: x, y: y, size: size) }
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
        if viewport == nil, zoomSteps != 0 {
            // The first draw with a zoom kept from the last launch: the fitted view, that many steps in or out.
            let fitted = Viewport.fitting(route.bounds, size: size)
            viewport = fitted.zoomed(by: pow(2, Double(zoomSteps)))
            followsTrip = false
        } else if followsTrip || viewport == nil {
            viewport = Viewport.fitting(route.bounds, size: size)
        } else if selected != lastSelected, let viewport, let selected,
            let pin = route.pins.first(where: { $0.index == selected })
        {
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

/// What a key can do to a map; screens bind keys to these in their key tables.
public enum MapMove: Sendable, CaseIterable {
    case zoomIn, zoomOut, fit, panLeft, panRight, panUp, panDown

    /// The keys for each move: `+` `-` `0`, arrows and h j k l.
    public var keys: [Key] {
        switch self {
        case .zoomIn: [.char("+"), .char("=")]
        case .zoomOut: [.char("-"), .char("_")]
        case .fit: [.char("0")]
        case .panLeft: [.left, .char("h")]
        case .panRight: [.right, .char("l")]
        case .panUp: [.up, .char("k")]
        case .panDown: [.down, .char("j")]
        }
    }

    public var help: String {
        switch self {
        case .zoomIn: "zoom the map in"
        case .zoomOut: "zoom the map out"
        case .fit: "fit the map to the trip again"
        case .panLeft: "pan west"
        case .panRight: "pan east"
        case .panUp: "pan north"
        case .panDown: "pan south"
        }
    }

    public var isZoom: Bool { self == .zoomIn || self == .zoomOut || self == .fit }
}
