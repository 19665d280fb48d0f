import RoadtripCore

/// A trip's stops and route projected onto the map plane, made once per change of the trip.
struct PreparedRoute {
    /// A stop that can be drawn: its place in the trip and its plane point.
    struct Pin {
        let index: Int
        let point: MapPoint
    }

    let frame: LongitudeFrame
    let pins: [Pin]
    let lines: [MapLine]
    /// The number of stops whose coordinates are not a real place (NaN, out of range).
    let invalidCount: Int
    /// Everything to fit the view to, nil when nothing can be drawn.
    let bounds: MapBounds?

    init(stops: [Coordinate], legGeometries: [[Coordinate]?]) {
        let valid = stops.enumerated().filter { $0.element.isValid }
        frame = LongitudeFrame(fitting: valid.map(\.element.longitude))
        let frame = self.frame
        pins = valid.map { Pin(index: $0.offset, point: WebMercator.project(latitude: $0.element.latitude, longitude: frame.unwrap($0.element.longitude))) }
        invalidCount = stops.count - valid.count

        var lines: [MapLine] = []
        for i in 0..<max(0, stops.count - 1) {
            let a = stops[i], b = stops[i + 1]
            let driven = (i < legGeometries.count ? legGeometries[i] : nil)?.filter(\.isValid) ?? []
            let path: [Coordinate]
            if driven.count >= 2 {
                path = driven
            } else if a.isValid && b.isValid {
                path = GreatCircle.densify(a, b)
            } else {
                continue
            }
            let lons = frame.unwrapPath(path.map(\.longitude))
            lines.append(MapLine(zip(path, lons).map { WebMercator.project(latitude: $0.latitude, longitude: $1) }))
        }
        self.lines = lines

        var bounds = MapBounds(pins.map(\.point))
        for line in lines { bounds = bounds.map { $0.union(line.bounds) } ?? line.bounds }
        self.bounds = bounds
    }
}
