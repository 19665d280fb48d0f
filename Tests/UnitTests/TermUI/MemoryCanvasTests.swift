import Testing
@testable import TermUI

@MainActor
struct MemoryCanvasTests {
    init() { useUTF8Locale() }

    @Test func wideCharactersTakeTwoColumnsAndKeepLaterColumnsAligned() {
        let canvas = MemoryCanvas(width: 12, height: 2)
        #expect(canvas.draw("東京|", at: Point(x: 0, y: 0)) == 5)
        #expect(canvas.draw("ab|", at: Point(x: 2, y: 1)) == 3)
        #expect(canvas.line(0) == "東京|")
        #expect(canvas.cells[0][1].isContinuation)
        #expect(canvas.cells[0][4].character == "|")
        #expect(canvas.cells[1][4].character == "|")
    }

    /// A long title gives way to the header's detail with a column between: "San13 stops" never.
    @Test func theHeaderTitleStopsShortOfItsDetail() {
        let canvas = MemoryCanvas(width: 40, height: 1)
        Chrome.drawHeader("Route 66: Chicago → Santa Monica", detail: "13 stops · avoiding tolls", on: canvas)
        let line = canvas.line(0)
        #expect(line == " roadtrip › R 13 stops · avoiding tolls", "\(line)")
    }

    /// A status message too long for the row ends in "…" before the router's name, never runs into it.
    @Test func aClippedStatusMessageSaysItWasCut() {
        let canvas = MemoryCanvas(width: 80, height: 1)
        Chrome.drawStatus(
            hints: [],
            message: StatusMessage(
                "OSRM 127.0.0.1:5000 cannot avoid motorways, tolls and ferries together: avoiding motorways only"),
            right: "OSRM 127.0.0.1:5000", on: canvas)
        let line = canvas.line(0)
        #expect(line.hasSuffix("fe…  OSRM 127.0.0.1:5000"), "\(line)")
    }

    @Test func combiningMarksJoinThePreviousCell() {
        let canvas = MemoryCanvas(width: 10, height: 1)
        #expect(canvas.draw("Cafe\u{301}!", at: Point(x: 0, y: 0)) == 5)
        #expect(canvas.cells[0][3].character == "e\u{301}")
        #expect(canvas.cells[0][4].character == "!")
    }

    @Test func clipsAtTheRightEdgeAndAtMaxWidth() {
        let canvas = MemoryCanvas(width: 6, height: 2)
        #expect(canvas.draw("abcdefgh", at: Point(x: 2, y: 0)) == 4)
        #expect(canvas.line(0) == "  abcd")
        // A wide character that would straddle the edge is left out whole.
        #expect(canvas.draw("東京東", at: Point(x: 1, y: 1)) == 4)
        #expect(canvas.line(1) == " 東京")
        let narrow = MemoryCanvas(width: 10, height: 1)
        #expect(narrow.draw("abcdef", at: Point(x: 1, y: 0), style: .normal, maxWidth: 2) == 2)
        #expect(narrow.line(0) == " ab")
    }

    @Test func drawsNothingOutsideTheCanvas() {
        let canvas = MemoryCanvas(width: 4, height: 2)
        #expect(canvas.draw("x", at: Point(x: 0, y: 2)) == 0)
        #expect(canvas.draw("x", at: Point(x: 0, y: -1)) == 0)
        #expect(canvas.draw("x", at: Point(x: 4, y: 0)) == 0)
        #expect(canvas.text == "\n")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let canvas = MemoryCanvas(width: 6, height: 1)
        canvas.draw("東京", at: Point(x: 0, y: 0))
        canvas.draw("x", at: Point(x: 1, y: 0))
        #expect(canvas.line(0) == " x京")
    }

    @Test func sanitisesEscapes() {
        let canvas = MemoryCanvas(width: 30, height: 1)
        canvas.draw("a\u{1B}[31mb\u{9B}c", at: Point(x: 0, y: 0))
        #expect(canvas.line(0) == "a^[[31mb\u{FFFD}c")
    }

    @Test func withoutUnicodeNonASCIIShowsAsQuestionMarks() {
        let canvas = MemoryCanvas(width: 10, height: 1, unicode: false)
        #expect(canvas.draw("東京é", at: Point(x: 0, y: 0)) == 3)
        #expect(canvas.line(0) == "???")
    }

    @Test func regionsOffsetAndClip() {
        let canvas = MemoryCanvas(width: 10, height: 3)
        let region = canvas.region(Rect(x: 2, y: 1, width: 4, height: 1))
        #expect(region.size == Size(width: 4, height: 1))
        #expect(region.draw("abcdef", at: Point(x: 0, y: 0)) == 4)
        #expect(region.draw("zz", at: Point(x: 0, y: 1)) == 0)
        #expect(region.draw("東京", at: Point(x: -1, y: 0)) == 3)
        region.setCursor(Point(x: 1, y: 0))
        // The cut half of 東 becomes a blank; "d" of the earlier text is still beyond it.
        #expect(canvas.line(1) == "   京d")
        #expect(canvas.cursor == Point(x: 3, y: 1))
    }

    @Test func resizeBlanks() {
        let canvas = MemoryCanvas(width: 4, height: 1)
        canvas.draw("abcd", at: Point(x: 0, y: 0))
        canvas.resize(width: 2, height: 2)
        #expect(canvas.size == Size(width: 2, height: 2))
        #expect(canvas.text == "\n")
    }
}
