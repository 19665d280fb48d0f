import Foundation
import RoadtripCore
import TermUI
import Testing
@testable import TripMap

@MainActor
@Suite struct MapScreenTests {
    @Test func fullScreenMapWithHeaderAndKeys() {
        var closed = 0
        let state = MapState(outlines: MapFixtures.outlines)
        let screen = MapScreen(
            title: "California", state: state, unicode: true,
            model: { MapFixtures.california }, close: { closed += 1 })
        let canvas = MemoryCanvas(width: 100, height: 30)
        screen.draw(on: canvas)
        #expect(canvas.lines[0].contains("California › map"))
        #expect(canvas.lines[29].contains("zoom"))
        #expect(canvas.text.contains("[2] Yosemite Valley"))
        screen.handle(.char("+"))
        #expect(!state.followsTrip)
        screen.handle(.escape)
        screen.handle(.char("m"))
        #expect(closed == 2)
    }

    @Test func placementBesideUnderOrHidden() {
        let wide = MapPlacement.layout(Rect(x: 0, y: 1, width: 160, height: 40))
        guard case .beside(let list, let map) = wide else {
            Issue.record("\(wide)")
            return
        }
        #expect(list.width == 72 && map.x == 73 && map.maxX == 160 && map.height == 40)

        let tall = MapPlacement.layout(Rect(x: 0, y: 1, width: 80, height: 40))
        guard case .below(let list2, let map2) = tall else {
            Issue.record("\(tall)")
            return
        }
        #expect(list2.height == 20 && map2.y == 22 && map2.maxY == 41 && map2.width == 80)

        let small = MapPlacement.layout(Rect(x: 0, y: 1, width: 80, height: 16))
        #expect(small == .hidden(list: Rect(x: 0, y: 1, width: 80, height: 16)))
        #expect(small.map == nil)
    }
}
