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
        let f = field("東京 Tokyo")
        f.draw(on: canvas, at: Point(x: 1, y: 0), width: 6, focused: true)
        // Scrolled by whole characters until the cursor fits: 東京 and the space scroll out.
        #expect(canvas.line(0) == " Tokyo")
        #expect(canvas.cursor == Point(x: 6, y: 0))
        let home = field("東京 Tokyo", cursor: 1)
        let canvas2 = MemoryCanvas(width: 12, height: 1)
        home.draw(on: canvas2, at: Point(x: 1, y: 0), width: 6, focused: true)
        #expect(canvas2.cursor == Point(x: 3, y: 0))
        #expect(canvas2.line(0) == " 東京 T")
    }
}
