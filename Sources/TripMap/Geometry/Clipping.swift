/// Cohen–Sutherland clipping of segments to a rectangle, so only what shows gets rasterised.
struct ClipRect {
    let minX, minY, maxX, maxY: Double

    /// The part of a–b inside the rectangle, or nil when none of it is.
    func clip(_ a: MapPoint, _ b: MapPoint) -> (MapPoint, MapPoint)? {
        var a = a, b = b
        var ca = code(a), cb = code(b)
        while true {
            if ca | cb == 0 { return (a, b) }
            if ca & cb != 0 { return nil }
            let out = ca != 0 ? ca : cb
            let p: MapPoint
            if out & 8 != 0 {
                p = MapPoint(x: a.x + (b.x - a.x) * (maxY - a.y) / (b.y - a.y), y: maxY)
            } else if out & 4 != 0 {
                p = MapPoint(x: a.x + (b.x - a.x) * (minY - a.y) / (b.y - a.y), y: minY)
            } else if out & 2 != 0 {
                p = MapPoint(x: maxX, y: a.y + (b.y - a.y) * (maxX - a.x) / (b.x - a.x))
            } else {
                p = MapPoint(x: minX, y: a.y + (b.y - a.y) * (minX - a.x) / (b.x - a.x))
            }
            if out == ca {
                a = p
                ca = code(a)
            } else {
                b = p
                cb = code(b)
            }
        }
    }

    private func code(_ p: MapPoint) -> Int {
        var c = 0
        if p.x < minX { c |= 1 } else if p.x > maxX { c |= 2 }
        if p.y < minY { c |= 4 } else if p.y > maxY { c |= 8 }
        return c
    }
}
