import Foundation
import Testing
import RoadtripCore
@testable import Gazetteer

@Suite("Gazetteer loading in the background")
struct BackgroundGazetteerTests {
    @Test func searchesOnceLoaded() {
        let dir = GazetteerFixture.dataDirectory
        let g = BackgroundGazetteer { dir }
        #expect(g.waitUntilLoaded() == .ready)
        #expect(g.search("Portland, ME", limit: 1).first?.region == "Maine")
        #expect(g.nearest(to: Coordinate(latitude: 48.8584, longitude: 2.2945))?.countryCode == "FR")
    }

    @Test func aSearchMadeWhileLoadingWaitsForTheData() {
        let dir = GazetteerFixture.dataDirectory
        let release = DispatchSemaphore(value: 0)
        let g = BackgroundGazetteer {
            release.wait()
            return dir
        }
        #expect(g.status == .loading)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { release.signal() }
        #expect(g.search("Joliet", limit: 1).first?.region == "Illinois")
    }

    @Test func aMissingFolderIsReportedAndSearchesFindNothing() {
        let g = BackgroundGazetteer { URL(fileURLWithPath: "/nonexistent/gazetteer") }
        guard case let .failed(reason) = g.waitUntilLoaded() else {
            Issue.record("loading from a missing folder did not fail")
            return
        }
        #expect(reason.contains("/nonexistent/gazetteer"))
        #expect(g.search("Paris", limit: 5).isEmpty)
        #expect(g.nearest(to: Coordinate(latitude: 0, longitude: 0)) == nil)
    }
}
