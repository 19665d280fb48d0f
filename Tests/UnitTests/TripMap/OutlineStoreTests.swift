import Foundation
import Testing
import TermUI
@testable import TripMap

@Suite struct OutlineStoreTests {
    @Test func bothScalesDecode() throws {
        let coarse = try #require(MapFixtures.outlines.loadNow(.coarse))
        let fine = try #require(MapFixtures.outlines.loadNow(.fine))
        #expect(coarse.pointCount > 10_000)
        #expect(fine.pointCount > 10 * coarse.pointCount)
        for line in coarse.lines {
            #expect(line.bounds.minX >= -Double.pi - 1e-9 && line.bounds.maxX <= Double.pi + 1e-9)
            #expect(line.points.count >= 2)
        }
    }

    @Test func loadsInTheBackgroundAndSaysWhenReady() async throws {
        let store = OutlineStore(directory: MapFixtures.dataDirectory)
        let ready = AsyncStream<Void>.makeStream()
        let first = store.outlines(.coarse) { ready.continuation.yield() }
        if first == nil {
            var iterator = ready.stream.makeAsyncIterator()
            await iterator.next()
        }
        #expect(store.outlines(.coarse) != nil)
    }

    @Test @MainActor func firstDrawDoesNotWaitForTheOutlines() async {
        let store = OutlineStore(directory: MapFixtures.dataDirectory)
        let ready = AsyncStream<Void>.makeStream()
        let state = MapState(
            outlines: store,
            deliverNews: { work in
                Task { @MainActor in
                    work()
                    ready.continuation.yield()
                }
            })
        let canvas = MemoryCanvas(width: 60, height: 20)
        drawMap(MapFixtures.california, state: state, on: canvas)
        // Drawn at once, without land, saying so; the outlines arrive later and the next draw has them.
        #expect(canvas.lines[0].hasSuffix("loading land…"))
        #expect(canvas.text.contains("[2] Yosemite Valley"))
        // Loaded meanwhile, but not shown until the news is delivered: a repaint draws the same frame.
        let first = canvas.text
        while store.loadNow(.coarse) == nil {}
        canvas.clear()
        drawMap(MapFixtures.california, state: state, on: canvas)
        #expect(canvas.text == first)
        var iterator = ready.stream.makeAsyncIterator()
        await iterator.next()
        canvas.clear()
        drawMap(MapFixtures.california, state: state, on: canvas)
        #expect(!canvas.text.contains("loading land"))
        #expect(canvas.text.contains("⡀") || canvas.text.contains("⠁"))
    }

    @Test @MainActor func drawsWithoutLandUntilLoaded() {
        let store = OutlineStore(directory: nil)
        let state = MapState(outlines: store)
        let canvas = MemoryCanvas(width: 60, height: 20)
        drawMap(MapFixtures.california, state: state, on: canvas)
        // The load starts on the first draw; with no files the map says so and still draws the trip.
        #expect(store.loadNow(.coarse) == nil)
        canvas.clear()
        drawMap(MapFixtures.california, state: state, on: canvas)
        #expect(canvas.lines[0].hasSuffix("no land outlines"))
        #expect(canvas.text.contains("[2] Yosemite Valley"))
        #expect(store.failure(.coarse) != nil)
    }

    @Test func rejectsOtherFiles() {
        #expect(throws: OutlineError.self) { try OutlineSet(data: Data("not a map".utf8)) }
        #expect(throws: OutlineError.self) { try OutlineSet(data: Data("RTOL\u{1}\u{5}\u{80}".utf8)) }
    }

    @Test func unicodeFromLocale() {
        #expect(MapText.unicodeFromEnvironment(["LANG": "en_US.UTF-8"]))
        #expect(!MapText.unicodeFromEnvironment(["LANG": "C"]))
        #expect(!MapText.unicodeFromEnvironment(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(MapText.unicodeFromEnvironment(["LC_CTYPE": "C.utf8"]))
        #expect(!MapText.unicodeFromEnvironment([:]))
    }
}
