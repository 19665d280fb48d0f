import Testing
@testable import Routing

@Suite struct RequestPlanTests {
    @Test func aWholeTripUnderTheLimitIsOneRequest() {
        #expect(RequestPlan.chunks(missing: Array(0..<99), maxCoordinates: 100) == [0..<99])
        #expect(RequestPlan.chunks(missing: Array(0..<99), maxCoordinates: 500) == [0..<99])
    }

    @Test func aLongTripIsSplitIntoChunksSharingTheirBoundaryStop() {
        // 1000 legs, 1001 stops, 500 stops a request: legs 0..<499 use stops 0...499, the next
        // chunk starts at stop 499, so every leg is asked once and no stop is skipped.
        let chunks = RequestPlan.chunks(missing: Array(0..<1000), maxCoordinates: 500)
        #expect(chunks == [0..<499, 499..<998, 998..<1000])
        #expect(chunks.allSatisfy { $0.count + 1 <= 500 })
        #expect(chunks.flatMap { Array($0) } == Array(0..<1000))
    }

    @Test func separateRunsOfMissingLegsAreSeparateRequests() {
        #expect(RequestPlan.chunks(missing: [20, 3, 5, 4, 4], maxCoordinates: 100) == [3..<6, 20..<21])
        #expect(RequestPlan.chunks(missing: [], maxCoordinates: 100) == [])
    }

    @Test func aLimitOfTwoStopsAsksLegByLeg() {
        #expect(RequestPlan.chunks(missing: [0, 1, 2], maxCoordinates: 2) == [0..<1, 1..<2, 2..<3])
    }

    @Test func halvesShareTheMiddleStop() {
        let (first, second) = RequestPlan.halves(10..<15)
        #expect(first == 10..<12 && second == 12..<15)
        #expect(first.upperBound == second.lowerBound)
    }
}
