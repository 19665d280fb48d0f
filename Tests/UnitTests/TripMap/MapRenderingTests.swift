import Foundation
import RoadtripCore
import TermUI
import Testing
import TestSupport
@testable import TripMap

@MainActor
@Suite struct MapRenderingTests {
    @Test func californiaFitted() {
        let (canvas, state) = MapFixtures.render(MapFixtures.california)
        assertSnapshot(canvas.text, named: "TripMap/california-fitted")
        #expect(canvas.text.contains("[2]"))
        #expect(canvas.text.contains("Las Vegas"))
        // The selected pin is highlighted, the others are plain pins.
        let (x, y) = position(of: "[2]", in: canvas)!
        #expect(canvas.style(at: Point(x: x + 1, y: y)) == .pinSelected)
        let la = state.viewport!.dot(WebMercator.project(latitude: 34.0522, longitude: -118.2437), size: canvas.size)
        let cell = Point(x: Int(la.x / 2), y: Int(la.y / 4))
        #expect(canvas.style(at: cell) == .pin)
        #expect(canvas.lines[cell.y].contains("4 Los Angeles"))
    }

    @Test func californiaZoomedIn() {
        let (canvas, state) = MapFixtures.render(MapFixtures.california, keys: [.char("+"), .char("h"), .left, .char("k"), .up])
        assertSnapshot(canvas.text, named: "TripMap/california-zoomed")
        #expect(!state.followsTrip)
        // Twice as close and moved north-west: the bay in the finer outlines, Las Vegas off the map.
        #expect(canvas.text.contains("1 San Francisco"))
        // No room to the right of the pin: the name goes to its left.
        #expect(canvas.text.contains("Yosemite Valley [2]"))
        #expect(!canvas.text.contains("Las Vegas"))
        #expect(canvas.text.contains("100 km"))
    }

    @Test func acrossTheAntimeridianIsOnePiece() {
        let (canvas, state) = MapFixtures.render(MapFixtures.beringia)
        assertSnapshot(canvas.text, named: "TripMap/beringia")
        for n in ["[1]", "2", "3", "4"] { #expect(position(of: n, in: canvas) != nil) }
        // About 50° of longitude across, not the whole world.
        let width = state.viewport!.visibleBounds(size: canvas.size).width * 180 / .pi
        #expect(width < 90)
        #expect(canvas.text.contains("mi"))
    }

    @Test func fijiAcrossTheAntimeridian() {
        let F = MapFixtures.self
        let fiji = MapModel(
            stops: [
                F.stop("Nadi", -17.7765, 177.4356), F.stop("Taveuni", -16.85, -179.95),
                F.stop("Suva", -18.1416, 178.4419)
            ], selectedIndex: 2)
        let (canvas, state) = F.render(fiji, width: 70, height: 20)
        assertSnapshot(canvas.text, named: "TripMap/fiji")
        #expect(canvas.text.contains("Taveuni"))
        #expect(canvas.text.contains("[3] Suva"))
        #expect(state.viewport!.visibleBounds(size: canvas.size).width * 180 / .pi < 10)
    }

    @Test func asciiFallbackUsesPlainDots() {
        let (canvas, _) = MapFixtures.render(MapFixtures.california, unicode: false)
        assertSnapshot(canvas.text, named: "TripMap/california-ascii")
        #expect(canvas.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(canvas.text.contains("*"))
        #expect(canvas.text.contains(".") || canvas.text.contains(":"))
        #expect(canvas.text.contains("|-"))
    }

    @Test func routeFollowsLegGeometryWhenKnown() {
        var model = MapFixtures.california
        // A detour far south of the straight line, as a road might take.
        model.legGeometries = [
            [
                Coordinate(latitude: 37.7749, longitude: -122.4194), Coordinate(latitude: 35.0, longitude: -121.0),
                Coordinate(latitude: 37.7456, longitude: -119.5936)
            ]
        ]
        let (withRoad, _) = MapFixtures.render(model)
        let (straight, _) = MapFixtures.render(MapFixtures.california)
        #expect(withRoad.text != straight.text)
        #expect(routeCells(withRoad) > 0)
    }

    @Test func followsChangesUntilTheUserMovesTheMap() {
        let state = MapState(outlines: MapFixtures.outlines)
        let canvas = MemoryCanvas(width: 80, height: 24)
        var model = MapFixtures.california
        drawMap(model, state: state, on: canvas)
        let before = state.viewport!
        model.stops.append(MapFixtures.stop("Seattle", 47.6062, -122.3321))
        drawMap(model, state: state, on: canvas)
        #expect(state.viewport != before)
        #expect(canvas.text.contains("5"))
        let withSeattle = state.viewport!
        state.apply(.zoomOut)
        let zoomed = state.viewport!
        #expect(abs(zoomed.unitsPerDot - 2 * withSeattle.unitsPerDot) < 1e-15)
        model.stops.removeLast()
        drawMap(model, state: state, on: canvas)
        #expect(state.viewport == zoomed)
        state.apply(.fit)
        drawMap(model, state: state, on: canvas)
        #expect(state.viewport == before)
    }

    @Test func selectingAStopOffTheMapBringsItIntoView() {
        let state = MapState(outlines: MapFixtures.outlines)
        let canvas = MemoryCanvas(width: 80, height: 24)
        var model = MapFixtures.california
        drawMap(model, state: state, on: canvas)
        for _ in 0..<3 { state.apply(.zoomIn) }
        drawMap(model, state: state, on: canvas)
        #expect(!canvas.text.contains("San Francisco"))
        let zoom = state.viewport!.unitsPerDot
        model.selectedIndex = 0
        canvas.clear()
        drawMap(model, state: state, on: canvas)
        #expect(canvas.text.contains("[1] San Francisco"))
        #expect(state.viewport!.unitsPerDot == zoom)
    }

    @Test func moves() {
        let state = MapState(outlines: MapFixtures.outlines)
        let canvas = MemoryCanvas(width: 80, height: 24)
        drawMap(MapFixtures.california, state: state, on: canvas)
        let fitted = state.viewport!
        state.apply(.zoomIn)
        #expect(abs(state.viewport!.unitsPerDot - fitted.unitsPerDot / 2) < 1e-15)
        state.apply(.zoomOut)
        state.apply(.panRight)
        #expect(state.viewport!.center.x > fitted.center.x)
        state.apply(.panUp)
        #expect(state.viewport!.center.y > fitted.center.y)
        state.apply(.fit)
        drawMap(MapFixtures.california, state: state, on: canvas)
        #expect(state.viewport == fitted)
    }

    @Test func scaleBarIsRoundAndInTheTripsUnit() {
        let km = ScaleBar(metersPerCell: 10_000, unit: .kilometers, maxCells: 20)!
        #expect(km.label == "200 km" && km.cells == 20)
        let mi = ScaleBar(metersPerCell: 10_000, unit: .miles, maxCells: 20)!
        #expect(mi.label == "100 mi" && mi.cells == 16)
        let small = ScaleBar(metersPerCell: 30, unit: .kilometers, maxCells: 10)!
        #expect(small.label == "200 m")
        #expect(ScaleBar(metersPerCell: .nan, unit: .kilometers, maxCells: 10) == nil)
    }

    private func position(of text: String, in canvas: MemoryCanvas) -> (Int, Int)? {
        for (y, line) in canvas.lines.enumerated() {
            if let r = line.range(of: text) { return (TextWidth.of(String(line[..<r.lowerBound])), y) }
        }
        return nil
    }

    private func routeCells(_ canvas: MemoryCanvas) -> Int {
        var n = 0
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where canvas.style(at: Point(x: x, y: y)) == .route { n += 1 }
        }
        return n
    }
}
