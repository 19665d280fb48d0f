import TermUI

/// Rasterises lines (coasts, borders, the route) into dots: simplified for the zoom, clipped to the map.
struct LineLayer {
    let viewport: Viewport
    let size: Size
    private let visible: MapBounds
    private let clip: ClipRect
    /// Points closer than this to the simplified line are dropped: under a dot, so nothing visibly moves.
    private let tolerance: Double

    init(viewport: Viewport, size: Size) {
        self.viewport = viewport
        self.size = size
        visible = viewport.visibleBounds(size: size)
        clip = ClipRect(minX: 0, minY: 0, maxX: Double(size.width * 2) - 0.001, maxY: Double(size.height * 4) - 0.001)
        tolerance = viewport.unitsPerDot * 0.75
    }

    /// Draws every line, repeated a whole turn east or west where that copy shows
    /// (the outlines are stored in −180…180, a view may be centred anywhere).
    func draw(_ lines: [MapLine], into raster: inout DotRaster) {
        let turn = 2 * Double.pi
        for line in lines {
            let b = line.bounds
            guard b.minY <= visible.maxY, b.maxY >= visible.minY else { continue }
            let first = Int(((visible.minX - b.maxX) / turn).rounded(.up))
            let last = Int(((visible.maxX - b.minX) / turn).rounded(.down))
            guard first <= last else { continue }
            for k in first...last { draw(line, shift: Double(k) * turn, into: &raster) }
        }
    }

    private func draw(_ line: MapLine, shift: Double, into raster: inout DotRaster) {
        let points = line.points, importance = line.importance
        if points.count == 1 {
            let p = viewport.dot(MapPoint(x: points[0].x + shift, y: points[0].y), size: size)
            if let (a, _) = clip.clip(p, p) { raster.set(Int(a.x), Int(a.y)) }
            return
        }
        var previous: MapPoint?
        for i in points.indices where importance[i] > tolerance {
            let p = viewport.dot(MapPoint(x: points[i].x + shift, y: points[i].y), size: size)
            if let a = previous, let (c, d) = clip.clip(a, p) {
                raster.line(Int(c.x), Int(c.y), Int(d.x), Int(d.y))
            }
            previous = p
        }
    }
}
