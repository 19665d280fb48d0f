import Testing
@testable import TermUI

@Test func sanitizeShowsEscape() {
    #expect(TerminalText.sanitize("a\u{1B}]0;x\u{07}") == "a^[]0;x^G")
}
