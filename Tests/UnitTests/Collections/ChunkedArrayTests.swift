import Testing
@testable import RoadtripCore

/// A chunked array behaves as an array, and copies share every chunk they have not changed.
@Suite struct ChunkedArrayTests {
    @Test(arguments: [0, 1, 127, 128, 129, 1000])
    func holdsWhatAnArrayHolds(count: Int) {
        let elements = Array(0..<count)
        var chunked = ChunkedArray(elements)
        #expect(Array(chunked) == elements)
        #expect(chunked.count == count)
        #expect(chunked == ChunkedArray(elements))
        guard count > 0 else { return }
        chunked[count - 1] = -1
        #expect(chunked.last == -1)
        #expect(chunked != ChunkedArray(elements))
    }

    @Test func aChangedCopyDiffersOnlyWhereItWasChanged() {
        let original = ChunkedArray(0..<10_000)
        var copy = original
        copy[4321] = 0
        copy[17] = 0
        copy[17] = 17  // changed back: equal again, though its chunk is no longer shared
        #expect(copy.positionsDiffering(from: original) == [4321])
        #expect(original.positionsDiffering(from: original) == [])
        #expect(ChunkedArray(0..<10_001).positionsDiffering(from: original) == nil)
        #expect(Array(original) == Array(0..<10_000))
    }
}
