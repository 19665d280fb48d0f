import Testing
@testable import TermUI

struct ListStateTests {
    @Test func movesAndStaysInRange() {
        var list = ListState(count: 5)
        let r1 = list.handle(.down, visibleRows: 3)
        #expect(r1)
        let r2 = list.handle(.char("j"), visibleRows: 3)
        #expect(r2)
        #expect(list.selection == 2)
        _ = list.handle(.char("G"), visibleRows: 3)
        #expect(list.selection == 4)
        _ = list.handle(.down, visibleRows: 3)
        #expect(list.selection == 4)
        _ = list.handle(.home, visibleRows: 3)
        #expect(list.selection == 0)
        _ = list.handle(.up, visibleRows: 3)
        #expect(list.selection == 0)
        let r3 = list.handle(.enter, visibleRows: 3)
        #expect(!r3)
    }

    @Test func pagesByTheVisibleRowsLessOne() {
        var list = ListState(count: 20)
        _ = list.handle(.pageDown, visibleRows: 5)
        #expect(list.selection == 4)
        _ = list.handle(.pageUp, visibleRows: 5)
        #expect(list.selection == 0)
    }

    @Test func anEmptyListHasNoSelection() {
        var list = ListState(count: 0)
        #expect(list.selected == nil)
        _ = list.handle(.down, visibleRows: 3)
        #expect(list.selected == nil)
        let r4 = list.visibleRange(rows: 3)
        #expect(r4 == 0..<0)
    }

    @Test func shrinkingKeepsTheSelectionInside() {
        var list = ListState(count: 10, selection: 9)
        list.setCount(3)
        #expect(list.selection == 2)
        list.setCount(0)
        #expect(list.selected == nil)
    }

    @Test func scrollsJustEnoughToShowTheSelection() {
        var list = ListState(count: 10)
        let r5 = list.visibleRange(rows: 4)
        #expect(r5 == 0..<4)
        list.select(6)
        let r6 = list.visibleRange(rows: 4)
        #expect(r6 == 3..<7)
        list.select(4)
        let r7 = list.visibleRange(rows: 4)
        #expect(r7 == 3..<7)
        list.select(1)
        let r8 = list.visibleRange(rows: 4)
        #expect(r8 == 1..<5)
        // A taller view never leaves blank rows after the end.
        list.select(9)
        _ = list.visibleRange(rows: 4)
        let r9 = list.visibleRange(rows: 8)
        #expect(r9 == 2..<10)
    }
}
