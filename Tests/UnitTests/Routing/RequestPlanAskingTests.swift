import Testing
@testable import Routing

/// The chunked asking both road routers share (`RequestPlan.ask`), with a server double that
/// answers each chunk as the test says.
@Suite struct RequestPlanAskingTests {
    private var failures: ChunkFailures {
        ChunkFailures(concernsOnlyTheseStops: \.concernsOnlyTheseStops) { _ in "no road route" }
    }

    @Test func aChunkThatFailsForItsOwnStopsIsHalvedUntilTheLegWithNoRoadIsFound() async throws {
        var asked: [Range<Int>] = []
        let failures = self.failures
        let answer = await RequestPlan.ask(Array(0..<4), maxCoordinates: 100, server: "OSRM test", failures: failures) {
            chunk in
            asked.append(chunk)
            return chunk.contains(2) ? .failed(.refused(code: "NoRoute", message: nil)) : .answered(reasons: [])
        }
        let result = try #require(answer)
        #expect(asked == [0..<4, 0..<2, 2..<4, 2..<3, 3..<4])
        #expect(result.noRoad == [2: "no road route"])
        #expect(result.reasons.count == 1)
    }

    @Test func aServerFailureEndsTheAskingForTheOtherChunks() async throws {
        var asked: [Range<Int>] = []
        let failures = self.failures
        let answer = await RequestPlan.ask(Array(0..<6), maxCoordinates: 3, server: "OSRM test", failures: failures) {
            chunk in
            asked.append(chunk)
            return .failed(.status(503, code: nil, message: nil))
        }
        let result = try #require(answer)
        #expect(asked == [0..<2])
        #expect(result.noRoad.isEmpty)
        #expect(result.reasons.count == 1)
    }

    @Test func givingUpAnswersNilAndAsksNoMore() async {
        var asked = 0
        let failures = self.failures
        let result = await RequestPlan.ask(Array(0..<6), maxCoordinates: 3, server: "OSRM test", failures: failures) { _ in
            asked += 1
            return .giveUp
        }
        #expect(result == nil)
        #expect(asked == 1)
    }

    @Test func whatTheAnswersSayIsKeptInChunkOrder() async throws {
        let failures = self.failures
        let answer = await RequestPlan.ask([0, 1, 5], maxCoordinates: 100, server: "OSRM test", failures: failures) {
            chunk in .answered(reasons: ["chunk \(chunk.lowerBound)"])
        }
        let result = try #require(answer)
        #expect(result.reasons == ["chunk 0", "chunk 5"])
        #expect(result.noRoad.isEmpty)
    }
}
