import Testing
@testable import TermUI

struct ListStateTests {
    @Test func movesStayInsideTheList() {
        var list = ListState(count: 5)
        list.move(.down, visibleRows: 3)
        #expect(list.selected == 1)
        list.move(.last, visibleRows: 3)
        #expect(list.selected == 4)
        list.move(.down, visibleRows: 3)
        #expect(list.selected == 4)
        list.move(.pageUp, visibleRows: 3)
        #expect(list.selected == 2)
        list.move(.first, visibleRows: 3)
        list.move(.up, visibleRows: 3)
        #expect(list.selected == 0)
    }

    @Test func scrollsJustEnoughToShowTheSelection() {
        var list = ListState(count: 10)
        list.move(.last, visibleRows: 4)
        #expect(list.visibleRange(rows: 4) == 6..<10)
        list.move(.first, visibleRows: 4)
        #expect(list.visibleRange(rows: 4) == 0..<4)
    }

    @Test func anEmptyListHasNoSelection() {
        var list = ListState()
        list.move(.down, visibleRows: 3)
        #expect(list.selected == nil)
        #expect(list.visibleRange(rows: 3).isEmpty)
    }
}
