import Foundation
import RoadtripCore
import TermUI
import Testing
@testable import TripMap

/// Trips as a hand-edited file may hold them: the map still draws something sensible.
@MainActor
@Suite struct MapBadDataTests {
    typealias F = MapFixtures

    @Test func noStops() {
        let (canvas, state) = F.render(MapModel(stops: []))
        #expect(canvas.lines[12].contains("No stops to show"))
        // The world, so the note is not on a blank box.
        #expect(state.viewport!.visibleBounds(size: canvas.size).width > 6)
        #expect(canvas.text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func oneStop() {
        let (canvas, state) = F.render(MapModel(stops: [F.stop("Reykjavík", 64.1466, -21.9426)], selectedIndex: 0))
        #expect(canvas.text.contains("[1] Reykjavík"))
        #expect(state.viewport!.unitsPerDot == Viewport.minFitUnitsPerDot)
        #expect(state.viewport!.center == WebMercator.project(latitude: 64.1466, longitude: -21.9426))
    }

    @Test func twoIdenticalStops() {
        let p = F.stop("Here", 48.8584, 2.2945)
        let (canvas, _) = F.render(MapModel(stops: [p, p]))
        #expect(canvas.text.contains("Here"))
        #expect(canvas.text.contains("1") || canvas.text.contains("2"))
    }

    @Test func stopsAtThePoles() {
        let model = MapModel(stops: [F.stop("North Pole", 90, 0), F.stop("South Pole", -90, 135)], selectedIndex: 1)
        let (canvas, state) = F.render(model, keys: [.char("+"), .up, .up, .up, .up, .char("0")])
        #expect(canvas.text.contains("1"))
        #expect(canvas.text.contains("[2]"))
        #expect(state.viewport!.center.y.isFinite)
    }

    @Test func nanCoordinatesAreLeftOutWithANote() {
        let model = MapModel(
            stops: [
                F.stop("Paris", 48.8566, 2.3522), F.stop("Broken", .nan, 2), F.stop("Lyon", 45.764, 4.8357),
                F.stop("Out of range", 123, 400)
            ], legGeometries: [[Coordinate(latitude: .nan, longitude: .infinity)], nil, nil])
        let (canvas, _) = F.render(model)
        #expect(canvas.lines[0].hasPrefix("2 stops have no valid position"))
        #expect(canvas.text.contains("1 Paris"))
        #expect(canvas.text.contains("3 Lyon"))
        #expect(!canvas.text.contains("Broken"))
    }

    @Test func onlyInvalidStops() {
        let (canvas, _) = F.render(MapModel(stops: [F.stop("Nowhere", .nan, .nan)]))
        #expect(canvas.text.contains("No stop has a valid position to show"))
    }

    @Test func tinyAndOddCanvases() {
        for (w, h) in [(0, 0), (1, 1), (3, 10), (4, 2), (10, 3), (200, 1)] {
            let (canvas, _) = F.render(F.california, width: w, height: h, keys: [.char("+"), .left])
            #expect(canvas.size == Size(width: w, height: h))
        }
    }

    @Test func zoomStopsAtItsLimits() {
        let (_, state) = F.render(F.california, keys: Array(repeating: .char("-"), count: 30))
        #expect(state.viewport!.unitsPerDot == Viewport.maxUnitsPerDot)
        let (_, close) = F.render(F.california, keys: Array(repeating: .char("+"), count: 30))
        #expect(close.viewport!.unitsPerDot == Viewport.minUnitsPerDot)
    }

    @Test func controlCharactersInNamesAreNeutralised() {
        let (canvas, _) = F.render(MapModel(stops: [F.stop("Evil\u{1B}[2J", 10, 10)]))
        #expect(!canvas.text.contains("\u{1B}"))
    }
}
