import Testing
@testable import TermUI

/// Mouse reports read from the terminal's bytes, and gestures made of them against a frame's targets.
@MainActor
struct PointerTests {
    @Test func sgrReportsBecomeEvents() {
        #expect(MouseReport.sgr("0;1;1", final: "M") == MouseEvent(.press(button: 1), at: Point(x: 0, y: 0)))
        #expect(MouseReport.sgr("2;80;24", final: "M") == MouseEvent(.press(button: 3), at: Point(x: 79, y: 23)))
        #expect(MouseReport.sgr("0;5;5", final: "m") == MouseEvent(.release, at: Point(x: 4, y: 4)))
        #expect(MouseReport.sgr("65;3;4", final: "M") == MouseEvent(.wheelDown, at: Point(x: 2, y: 3)))
        #expect(MouseReport.sgr("80;3;4", final: "M") == MouseEvent(.wheelUp, at: Point(x: 2, y: 3), ctrl: true))
        // Motion, sideways wheels, nonsense and positions no screen has are not events.
        for body in ["32;3;4", "66;3;4", "0;0;4", "0;3", "x;1;1", "0;99999;1", "", "300;1;1"] {
            #expect(MouseReport.sgr(Substring(body), final: "M") == nil, "\(body)")
        }
    }

    @Test func x10ReportsBecomeEvents() {
        #expect(MouseReport.x10([32, 33, 33]) == MouseEvent(.press(button: 1), at: Point(x: 0, y: 0)))
        #expect(MouseReport.x10([35, 40, 50]) == MouseEvent(.release, at: Point(x: 7, y: 17)))
        #expect(MouseReport.x10([96, 40, 50]) == MouseEvent(.wheelUp, at: Point(x: 7, y: 17)))
        #expect(MouseReport.x10([10, 40, 50]) == nil)
    }

    private func frame() -> HitMap {
        let hits = HitMap()
        for row in 0..<5 { hits.mark(Rect(x: 0, y: 2 + row, width: 40, height: 1), as: .row(list: "stops", index: row)) }
        hits.mark(Rect(x: 1, y: 9, width: 5, height: 1), as: .key(.char("a")))
        return hits
    }

    private func press(_ x: Int, _ y: Int) -> MouseEvent { MouseEvent(.press(button: 1), at: Point(x: x, y: y)) }
    private func release(_ x: Int, _ y: Int) -> MouseEvent { MouseEvent(.release, at: Point(x: x, y: y)) }

    @Test func aPressIsAClickAndASecondSoonAfterADoubleClick() {
        var gestures = Gestures()
        let hits = frame()
        let t0 = ContinuousClock.now
        #expect(gestures.read(press(3, 3), on: hits, now: t0) == .click(.row(list: "stops", index: 1), count: 1))
        #expect(gestures.read(release(3, 3), on: hits, now: t0) == nil)
        #expect(
            gestures.read(press(3, 3), on: hits, now: t0 + .milliseconds(200)) == .click(.row(list: "stops", index: 1), count: 2))
        // A third press starts again; so does a press too late or on another row.
        #expect(
            gestures.read(press(3, 3), on: hits, now: t0 + .milliseconds(300)) == .click(.row(list: "stops", index: 1), count: 1))
        #expect(
            gestures.read(press(3, 3), on: hits, now: t0 + .milliseconds(900)) == .click(.row(list: "stops", index: 1), count: 1))
        #expect(
            gestures.read(press(3, 4), on: hits, now: t0 + .milliseconds(950)) == .click(.row(list: "stops", index: 2), count: 1))
    }

    @Test func aPressOnOneRowAndAReleaseOnAnotherIsADrag() {
        var gestures = Gestures()
        let hits = frame()
        _ = gestures.read(press(3, 2), on: hits)
        #expect(gestures.read(release(10, 5), on: hits) == .drag(list: "stops", from: 0, to: 3))
        // Released on the same row, or off the list, it was only a click.
        _ = gestures.read(press(3, 2), on: hits)
        #expect(gestures.read(release(20, 2), on: hits) == nil)
        _ = gestures.read(press(3, 2), on: hits)
        #expect(gestures.read(release(3, 20), on: hits) == nil)
    }

    @Test func theWheelAndOtherButtons() {
        var gestures = Gestures()
        let hits = frame()
        #expect(
            gestures.read(MouseEvent(.wheelDown, at: Point(x: 2, y: 2)), on: hits)
                == .wheel(up: false, over: .row(list: "stops", index: 0), ctrl: false))
        #expect(
            gestures.read(MouseEvent(.wheelUp, at: Point(x: 60, y: 20), ctrl: true), on: hits)
                == .wheel(up: true, over: nil, ctrl: true))
        // The right button and presses on nothing marked do nothing.
        #expect(gestures.read(MouseEvent(.press(button: 3), at: Point(x: 2, y: 2)), on: hits) == nil)
        #expect(gestures.read(press(60, 20), on: hits) == nil)
        #expect(gestures.read(press(2, 9), on: hits) == .click(.key(.char("a")), count: 1))
    }

    @Test func theLatestMarkIsOnTopAndRegionsMarkInTheirOwnCoordinates() {
        let canvas = MemoryCanvas(width: 40, height: 10)
        canvas.mark(Rect(x: 0, y: 0, width: 40, height: 10), as: .area("map"))
        let region = canvas.region(Rect(x: 10, y: 2, width: 10, height: 3))
        region.mark(Rect(x: 2, y: 1, width: 30, height: 1), as: .row(list: "stops", index: 4))
        #expect(canvas.hits.target(at: Point(x: 12, y: 3)) == .row(list: "stops", index: 4))
        // Clipped to the region, as its drawing is.
        #expect(canvas.hits.target(at: Point(x: 25, y: 3)) == .area("map"))
        Overlay.drawBox(Rect(x: 0, y: 0, width: 20, height: 6), on: canvas)
        #expect(canvas.hits.target(at: Point(x: 12, y: 3)) == .cover)
        canvas.clear()
        #expect(canvas.hits.target(at: Point(x: 12, y: 3)) == nil)
    }

    @Test func aHintOnTheStatusLineIsItsKey() {
        let canvas = MemoryCanvas(width: 60, height: 5)
        Chrome.drawStatus(
            hints: [KeyHint("a", "add", key: .char("a")), KeyHint("?", "help", key: .char("?"))], message: nil, on: canvas)
        let line = canvas.lines[4]
        let add = line.distance(from: line.startIndex, to: line.range(of: "add")!.lowerBound)
        let help = line.distance(from: line.startIndex, to: line.range(of: "help")!.lowerBound)
        #expect(canvas.hits.target(at: Point(x: add, y: 4)) == .key(.char("a")))
        #expect(canvas.hits.target(at: Point(x: help + 1, y: 4)) == .key(.char("?")))
        #expect(canvas.hits.target(at: Point(x: 58, y: 4)) == nil)
    }
}
