import Foundation
import RoadtripCore
import TermUI
import TripMap

/// Redraw time of a 200×60 map of a 100-stop trip whose road geometry has 50,000 points.
///
/// Target (issue 5): at most 5 ms per redraw in a release build. Prints the median and the
/// 95th percentile for the fitted view, a close zoom (finer outlines) and a panned view, plus
/// the one-off costs: preparing a changed trip and loading the outlines.

/// A canvas that only counts what it is handed, to time the map apart from any screen.
@MainActor
final class NullCanvas: Canvas {
    let size: Size
    var cells = 0
    init(width: Int, height: Int) { size = Size(width: width, height: height) }
    func clear() {}
    func draw(_ text: String, at point: Point, style: Style, maxWidth: Int?) -> Int { cells += text.unicodeScalars.count; return 0 }
    func setCursor(_ point: Point?) {}
    let hits = HitMap()
    func mark(_ rect: Rect, as target: HitTarget) { hits.mark(rect, as: target) }
}

func makeTrip(stops: Int, points: Int) -> MapModel {
    var seed: UInt64 = 7
    func noise() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53) - 0.5
    }
    // A loop around the United States.
    let coordinates = (0..<stops).map { i -> Coordinate in
        let t = Double(i) / Double(stops) * 2 * .pi
        return Coordinate(latitude: 38 + 8 * sin(t) + noise(), longitude: -98 + 22 * cos(t) + noise())
    }
    let legs: [[Coordinate]?] = zip(coordinates, coordinates.dropFirst()).enumerated().map { i, ends in
        let (a, b) = ends
        let perLeg = points / (stops - 1) + (i < points % (stops - 1) ? 1 : 0)
        return (0..<perLeg).map { j in
            let f = Double(j) / Double(perLeg - 1)
            let wiggle = j == 0 || j == perLeg - 1 ? 0 : noise() * 0.02
            return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * f + wiggle,
                              longitude: a.longitude + (b.longitude - a.longitude) * f + wiggle)
        }
    }
    return MapModel(stops: coordinates.enumerated().map { MapModel.Stop(name: "Stop \($0.offset + 1)", coordinate: $0.element) },
                    legGeometries: legs, selectedIndex: 42, unit: .miles)
}

func milliseconds(_ block: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    block()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

@MainActor
func measure(_ label: String, model: MapModel, state: MapState, canvas: Canvas, runs: Int = 300) {
    for _ in 0..<20 { drawMap(model, state: state, on: canvas) }
    let times = (0..<runs).map { _ in milliseconds { drawMap(model, state: state, on: canvas) } }.sorted()
    let median = times[runs / 2], p95 = times[runs * 95 / 100]
    print(String(format: "%-40@ min %6.3f  median %6.3f  p95 %6.3f ms  %@", label as NSString, times[0], median, p95,
                 median <= 5 ? "within 5 ms" : "OVER 5 ms"))
}

@MainActor
func main() {
    let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Data").standardizedFileURL
    let store = OutlineStore(directory: data)
    let coarseLoad = milliseconds { store.loadNow(.coarse) }
    let fineLoad = milliseconds { store.loadNow(.fine) }
    guard store.failure(.coarse) == nil, store.failure(.fine) == nil else {
        print("outlines missing in \(data.path)"); exit(1)
    }
    let model = makeTrip(stops: 100, points: 50_000)
    let points = model.legGeometries.reduce(0) { $0 + ($1?.count ?? 0) }
    print("trip: \(model.stops.count) stops, \(points) geometry points; map 200×60 cells")
    print(String(format: "outline load (background, once): 1:110m %.1f ms, fine %.1f ms", coarseLoad, fineLoad))

    let state = MapState(outlines: store)
    let memory = MemoryCanvas(width: 200, height: 60)
    let null = NullCanvas(width: 200, height: 60)
    let firstDraw = milliseconds { drawMap(model, state: state, on: null) }
    print(String(format: "first draw (prepares the route: DP over 50,000 points, once per trip change): %.1f ms", firstDraw))
    var changed = model
    let changes = (0..<10).map { i -> Double in
        changed.stops[i].coordinate.latitude += 0.01
        return milliseconds { drawMap(changed, state: state, on: null) }
    }.sorted()
    print(String(format: "redraw after a change to the trip (route prepared again): median %.1f ms", changes[5]))

    measure("fitted, map only", model: model, state: state, canvas: null)
    measure("fitted, into MemoryCanvas", model: model, state: state, canvas: memory)
    for _ in 0..<3 { state.handle(.char("+")) }
    measure("zoomed ×8 (finer outlines), map only", model: model, state: state, canvas: null)
    state.handle(.left)
    state.handle(.up)
    measure("zoomed ×8 and panned, into MemoryCanvas", model: model, state: state, canvas: memory)
    for _ in 0..<8 { state.handle(.char("-")) }
    measure("zoomed out to the world, map only", model: model, state: state, canvas: null)
}

MainActor.assumeIsolated { main() }
