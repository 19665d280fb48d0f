import RoadtripCore
import TermUI
import Testing
@testable import TripMap

/// Stop numbers and names on a dense map: every number shown apart from the others, names placed by
/// priority where they touch nothing, and a click on a number naming its stop.
@MainActor
@Suite struct MapLabelTests {
    /// Eight stops within three kilometres: at terminal sizes most share a cell with another.
    static let monaco = [
        ("Monaco-Ville", 43.7311, 7.4197), ("Fontvieille", 43.7275, 7.4150), ("La Condamine", 43.7350, 7.4200),
        ("Monte-Carlo Casino", 43.7397, 7.4286), ("Larvotto Beach", 43.7450, 7.4350),
        ("Jardin Exotique", 43.7310, 7.4110), ("Port Hercule", 43.7345, 7.4230), ("Saint-Roman", 43.7500, 7.4420)
    ]

    private func render(selected: Int, width: Int = 60, height: Int = 20) -> MemoryCanvas {
        let model = MapModel(
            stops: Self.monaco.map { MapFixtures.stop($0.0, $0.1, $0.2) }, selectedIndex: selected)
        return MapFixtures.render(model, width: width, height: height).0
    }

    /// Where each stop's number was drawn, from the targets the map marked for the mouse.
    private func numbers(on canvas: MemoryCanvas) -> [Int: (x: Int, y: Int, width: Int)] {
        var found: [Int: (x: Int, y: Int, width: Int)] = [:]
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                guard case let .row(MapTargets.stops, index)? = canvas.hits.target(at: Point(x: x, y: y)) else { continue }
                if let seen = found[index], seen.y == y { found[index]?.width = x - seen.x + 1 } else { found[index] = (x, y, 1) }
            }
        }
        return found
    }

    @Test(arguments: [0, 3, 5, 7])
    func everyNumberShowsApartAndTheSelectedIsNamed(selected: Int) {
        let canvas = render(selected: selected)
        let lines = canvas.lines.map { Array($0) }
        let placed = numbers(on: canvas)
        #expect(
            placed.count == Self.monaco.count, "numbers shown: \(placed.keys.sorted())\n\(canvas.lines.joined(separator: "\n"))")
        for (index, at) in placed {
            let text = String(lines[at.y][at.x..<(at.x + at.width)])
            #expect(text == (index == selected ? "[\(index + 1)]" : "\(index + 1)"), "stop \(index + 1) shows as \(text)")
            // Never touching another number: "3" beside "4" would read as 34.
            for x in [at.x - 1, at.x + at.width] where x >= 0 && x < canvas.size.width {
                #expect(!lines[at.y][x].isNumber, "stop \(index + 1)'s number touches a digit")
            }
        }
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains(Self.monaco[selected].0), "the selected stop is unnamed:\n\(text)")
    }

    @Test func theEndsAreNamedBeforeTheStopsBetween() {
        let canvas = render(selected: 3, width: 100, height: 30)
        let text = canvas.lines.joined(separator: "\n")
        for index in [0, Self.monaco.count - 1] {
            #expect(text.contains(Self.monaco[index].0), "\(Self.monaco[index].0) unnamed:\n\(text)")
        }
    }

    @Test func namesNeverRunIntoEachOther() {
        // Each name shown is shown whole and alone on its cells: with a blank (or the edge) on both sides.
        let canvas = render(selected: 2, width: 80, height: 24)
        for (name, _, _) in Self.monaco {
            for (y, line) in canvas.lines.enumerated() {
                guard let range = line.range(of: name) else { continue }
                let chars = Array(line)
                let start = line.distance(from: line.startIndex, to: range.lowerBound)
                let end = start + name.count
                #expect(
                    start == 0 || chars[start - 1] == " " || chars[start - 1].isNumber || chars[start - 1] == "]",
                    "\(name) on row \(y) runs into what is before it")
                #expect(
                    end == chars.count || chars[end] == " " || chars[end].isNumber || chars[end] == "[",
                    "\(name) on row \(y) runs into what is after it")
            }
        }
    }
}

/// The zoom kept between launches: steps from the fitted view, applied at the first draw.
@MainActor
@Suite struct MapZoomKeptTests {
    @Test func aKeptZoomIsThatManyStepsFromTheFittedView() throws {
        let fitted = MapState(outlines: MapFixtures.outlines)
        let closer = MapState(outlines: MapFixtures.outlines, zoomSteps: 2)
        for state in [fitted, closer] {
            drawMap(MapFixtures.california, state: state, on: MemoryCanvas(width: 80, height: 24))
        }
        let a = try #require(fitted.viewport), b = try #require(closer.viewport)
        #expect(abs(a.unitsPerDot / b.unitsPerDot - 4) < 1e-9)
        // The keys count on from there; 0 fits again, and each change is told.
        var told: [Int] = []
        closer.onZoomChange = { told.append($0) }
        closer.apply(.zoomOut)
        closer.apply(.fit)
        #expect(told == [1, 0] && closer.zoomSteps == 0)
        // A damaged state file cannot ask for a map zoomed beyond what the keys reach.
        #expect(MapState(outlines: MapFixtures.outlines, zoomSteps: 10_000).zoomSteps == 16)
    }
}

/// The full-screen map and the mouse: a click on a number selects that stop, the wheel pans, Ctrl+wheel zooms.
@MainActor
@Suite struct MapScreenMouseTests {
    @Test func aClickOnANumberSelectsItsStop() throws {
        let state = MapState(outlines: MapFixtures.outlines)
        var selected: [Int] = []
        let screen = MapScreen(
            title: "t", state: state, unicode: true, model: { MapFixtures.california }, close: {},
            select: { selected.append($0) })
        let canvas = MemoryCanvas(width: 80, height: 24)
        screen.draw(on: canvas)
        let lines = canvas.lines
        let line = try #require(lines.firstIndex { $0.contains("Las Vegas") })
        let text = Array(lines[line])
        let x = try #require(text.firstIndex(of: "3"))
        let target = canvas.hits.target(at: Point(x: x, y: line))
        #expect(target == .row(list: MapTargets.stops, index: 2))
        screen.handle(.click(try #require(target), count: 1))
        #expect(selected == [2])
        let before = try #require(state.viewport)
        screen.handle(.wheel(up: true, over: .area(MapTargets.area), ctrl: true))
        #expect(state.zoomSteps == 1 && state.viewport!.unitsPerDot < before.unitsPerDot)
    }
}
