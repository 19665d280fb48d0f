import Testing
@testable import TermUI

struct TextFieldTests {
    init() { useUTF8Locale() }

    private func field(_ text: String, cursor: Int? = nil) -> TextField {
        var f = TextField(text)
        if let cursor {
            _ = f.handle(.home)
            for _ in 0..<cursor { _ = f.handle(.right) }
        }
        return f
    }

    @Test func typesAtTheCursor() {
        var f = field("Pars", cursor: 3)
        let r1 = f.handle(.char("i"))
        #expect(r1)
        #expect(f.string == "Paris")
        #expect(f.cursor == 4)
    }

    @Test func movesWithArrowsHomeEndAndCtrlAE() {
        var f = field("東京")
        #expect(f.cursor == 2)
        _ = f.handle(.left)
        #expect(f.cursor == 1)
        _ = f.handle(.ctrl("a"))
        #expect(f.cursor == 0)
        _ = f.handle(.left)
        #expect(f.cursor == 0)
        _ = f.handle(.ctrl("e"))
        #expect(f.cursor == 2)
        _ = f.handle(.right)
        #expect(f.cursor == 2)
        _ = f.handle(.home)
        _ = f.handle(.end)
        #expect(f.cursor == 2)
    }

    @Test func backspaceAndDeleteEraseOneCharacter() {
        var f = field("Cafe\u{301}s", cursor: 4)
        _ = f.handle(.backspace)
        #expect(f.string == "Cafs")
        _ = f.handle(.delete)
        #expect(f.string == "Caf")
        var start = field("ab", cursor: 0)
        let r2 = start.handle(.backspace)
        #expect(r2)
        #expect(start.string == "ab")
        var end = field("ab")
        let r3 = end.handle(.delete)
        #expect(r3)
        #expect(end.string == "ab")
    }

    @Test func ctrlKErasesToTheEndAndCtrlUToTheStart() {
        var k = field("Mont Blanc", cursor: 4)
        _ = k.handle(.ctrl("k"))
        #expect(k.string == "Mont")
        var u = field("Mont Blanc", cursor: 5)
        _ = u.handle(.ctrl("u"))
        #expect(u.string == "Blanc")
        #expect(u.cursor == 0)
    }

    @Test func ctrlWErasesTheWordBeforeTheCursor() {
        var f = field("Lake Como  ")
        _ = f.handle(.ctrl("w"))
        #expect(f.string == "Lake ")
        _ = f.handle(.ctrl("w"))
        #expect(f.string == "")
        _ = f.handle(.ctrl("w"))
        #expect(f.string == "")
    }

    @Test func altAndCtrlArrowsMoveByWordsAndAltDErasesOne() {
        var f = field("Sunny Day Inn")
        _ = f.handle(.alt("b"))
        #expect(f.cursor == 10)
        _ = f.handle(.ctrlLeft)
        #expect(f.cursor == 6)
        _ = f.handle(.home)
        _ = f.handle(.alt("f"))
        #expect(f.cursor == 5)
        _ = f.handle(.ctrlRight)
        #expect(f.cursor == 9)
        _ = f.handle(.alt("d"))
        #expect(f.string == "Sunny Day")
    }

    @Test func everyCommandLetterAndSpaceIsText() {
        var f = TextField()
        for c in "a d j k q u y n ? / + - 0 Zürich 東京 🚗" {
            let took = f.handle(.char(c))
            #expect(took)
        }
        #expect(f.string == "a d j k q u y n ? / + - 0 Zürich 東京 🚗")
    }

    @Test func aPasteGoesInWholeOnOneLine() {
        var f = field("ab", cursor: 1)
        _ = f.handle(.paste("Stay by the pool,\r\nyes\tplease\u{1B}[31m\u{202E}\n"))
        #expect(f.string == "aStay by the pool, yes please[31mb")
        #expect(f.cursor == 33)
    }

    @Test func theLimitKeepsTheTextAndSaysSo() {
        var f = TextField("", limit: 5)
        _ = f.handle(.paste("abcdefgh"))
        #expect(f.string == "abcde")
        #expect(f.hitLimit)
        _ = f.handle(.backspace)
        #expect(!f.hitLimit)
        _ = f.handle(.char("x"))
        _ = f.handle(.char("y"))
        #expect(f.string == "abcdx")
        #expect(f.hitLimit)
    }

    @Test @MainActor func aLongTextShowsItsEndWithTheCursorAfterIt() {
        let canvas = MemoryCanvas(width: 20, height: 1)
        var f = TextField(String(repeating: "東", count: 5000), limit: 10_000)
        _ = f.handle(.char("!"))
        f.draw(on: canvas, at: Point(x: 0, y: 0), width: 10, focused: true)
        #expect(canvas.lines[0] == "東東東東!")
        #expect(canvas.cursor == Point(x: 9, y: 0))
    }

    @Test func leavesOtherKeysToTheScreen() {
        var f = field("a")
        let r4 = f.handle(.enter)
        #expect(!r4)
        let r5 = f.handle(.escape)
        #expect(!r5)
        let r6 = f.handle(.up)
        #expect(!r6)
        #expect(f.string == "a")
    }

    @Test @MainActor func drawsScrolledSoTheCursorShowsAtItsColumn() {
        let canvas = MemoryCanvas(width: 12, height: 1)
        var f = field("東京 Tokyo")
        f.draw(on: canvas, at: Point(x: 1, y: 0), width: 6, focused: true)
        // Scrolled by whole characters until the cursor fits: 東京 and the space scroll out.
        #expect(canvas.line(0) == " Tokyo")
        #expect(canvas.cursor == Point(x: 6, y: 0))
        var home = field("東京 Tokyo", cursor: 1)
        let canvas2 = MemoryCanvas(width: 12, height: 1)
        home.draw(on: canvas2, at: Point(x: 1, y: 0), width: 6, focused: true)
        #expect(canvas2.cursor == Point(x: 3, y: 0))
        #expect(canvas2.line(0) == " 東京 T")
    }
}

/// A long text in a narrow field: the view moves only when the cursor would leave it.
@MainActor
struct TextFieldScrollingTests {
    @Test func movingLeftMovesTheCursorNotTheText() {
        useUTF8Locale()
        let canvas = MemoryCanvas(width: 10, height: 1)
        var f = TextField("abcdefghijklmnopqrstuvwxyz")
        f.draw(on: canvas, at: Point(x: 0, y: 0), width: 10, focused: true)
        #expect(canvas.lines[0] == "rstuvwxyz")
        #expect(canvas.cursor == Point(x: 9, y: 0))
        for _ in 0..<3 { _ = f.handle(.left) }
        canvas.clear()
        f.draw(on: canvas, at: Point(x: 0, y: 0), width: 10, focused: true)
        #expect(canvas.lines[0] == "rstuvwxyz")
        #expect(canvas.cursor == Point(x: 6, y: 0))
        for _ in 0..<10 { _ = f.handle(.left) }
        canvas.clear()
        f.draw(on: canvas, at: Point(x: 0, y: 0), width: 10, focused: true)
        #expect(canvas.lines[0] == "nopqrstuvw")
        #expect(canvas.cursor == Point(x: 0, y: 0))
        // Unfocused, a field shows its start.
        canvas.clear()
        f.draw(on: canvas, at: Point(x: 0, y: 0), width: 10, focused: false)
        #expect(canvas.lines[0] == "abcdefghij")
    }
}
