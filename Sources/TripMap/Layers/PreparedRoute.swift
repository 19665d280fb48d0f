import RoadtripCore

/// A trip's stops and route projected onto the map plane, made again when the trip changes.
struct PreparedRoute {
    /// A stop that can be drawn: its place in the trip and its plane point.
    struct Pin {
        let index: Int
        let point: MapPoint
    }

    /// What decides one leg's line, so unchanged legs are reused when the trip changes.
    struct LegInput: Hashable {
        let from: Coordinate
        let to: Coordinate
        let geometry: [Coordinate]?
    }

    let frame: LongitudeFrame
    let pins: [Pin]
    /// One line per leg, its longitudes continuous from a start in −180…180: the line layer
    /// draws it a turn east or west wherever that shows, so it needs no frame of its own.
    let lines: [MapLine]
    /// Each leg's input and line (nil when it cannot be drawn), for the next preparation to reuse.
    let legs: [(input: LegInput, line: MapLine?)]
    /// The number of stops whose coordinates are not a real place (NaN, out of range).
    let invalidCount: Int
    /// Everything to fit the view to (in the frame's longitudes), nil when nothing can be drawn.
    let bounds: MapBounds?

    init(stops: [Coordinate], legGeometries: [[Coordinate]?], reusing previous: PreparedRoute? = nil) {
        let valid = stops.enumerated().filter { $0.element.isValid }
        let frame = LongitudeFrame(fitting: valid.map(\.element.longitude))
        self.frame = frame
        pins = valid.map {
            Pin(
                index: $0.offset,
                point: WebMercator.project(latitude: $0.element.latitude, longitude: frame.unwrap($0.element.longitude)))
        }
        invalidCount = stops.count - valid.count

        var lines: [MapLine] = [], legs: [(input: LegInput, line: MapLine?)] = []
        var bounds = MapBounds(pins.map(\.point))
        // Legs moved by a reorder, insert or delete are found by hashing; that costs a pass over their geometry, so only then.
        var moved: [LegInput: MapLine?]?
        for i in 0..<max(0, stops.count - 1) {
            let input = LegInput(from: stops[i], to: stops[i + 1], geometry: i < legGeometries.count ? legGeometries[i] : nil)
            let line: MapLine?
            if let previous, i < previous.legs.count, previous.legs[i].input == input {
                line = previous.legs[i].line
            } else {
                if moved == nil { moved = Dictionary(previous?.legs ?? [], uniquingKeysWith: { a, _ in a }) }
                line = moved?[input] ?? Self.line(for: input)
            }
            legs.append((input, line))
            guard let line else { continue }
            lines.append(line)
            // The fit needs the leg where the frame puts it: shift its box by whole turns.
            let start = line.points[0].x * 180 / .pi
            let shift = (frame.unwrap(start) - start) * .pi / 180
            let b = line.bounds
            let shifted = MapBounds(minX: b.minX + shift, minY: b.minY, maxX: b.maxX + shift, maxY: b.maxY)
            bounds = bounds.map { $0.union(shifted) } ?? shifted
        }
        self.lines = lines
        self.legs = legs
        self.bounds = bounds
    }

    /// The driven line when known (its invalid points dropped), else the great-circle arc.
    private static func line(for leg: LegInput) -> MapLine? {
        let driven = leg.geometry?.filter(\.isValid) ?? []
        let path: [Coordinate]
        if driven.count >= 2 {
            path = driven
        } else if leg.from.isValid && leg.to.isValid {
            // A point a degree of arc (111 km): curves smoothly at every zoom, few points on a long leg.
            path = GreatCircle.densify(leg.from, leg.to, maxStepMeters: 111_195)
        } else {
            return nil
        }
        let lons = LongitudeFrame(center: path[0].longitude).unwrapPath(path.map(\.longitude))
        return MapLine(zip(path, lons).map { WebMercator.project(latitude: $0.latitude, longitude: $1) })
    }
}
