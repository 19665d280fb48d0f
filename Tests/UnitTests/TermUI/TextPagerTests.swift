import Testing
@testable import TermUI

/// A page wraps what does not fit, between words and under the line's own indent, and cuts nothing.
@MainActor
struct TextPagerTests {
    private let lines = [
        " Garden Route: Cape Town → Gqeberha: 2 days, Mon 30 Nov – Tue 1 Dec 2026 · 1 night · 11 h 55 min driving",
        "   Daily limit of 8 h (the next leg, 41 min, starts in the morning): night at Wilderness.",
        "  ! 東京 → 京都 → 大阪 crosses a border: check the ferry times before you leave 🚗",
        "short"
    ]

    private func render(width: Int, height: Int = 30) -> [String] {
        let page = TextPagerScreen(title: "itinerary", lines: { self.lines }, close: {})
        let canvas = MemoryCanvas(width: width, height: height)
        page.draw(on: canvas)
        return Array(canvas.lines.dropFirst(2).dropLast())
    }

    @Test(arguments: [40, 60, 80])
    func everyWordShowsAndNoLineRunsOff(width: Int) {
        let shown = render(width: width)
        for line in shown { #expect(TextWidth.of(line) <= width - 1, "\(line)") }
        let words = shown.joined(separator: " ").split(separator: " ")
        for word in lines.joined(separator: " ").split(separator: " ") {
            #expect(words.contains(word), "“\(word)” is missing at \(width) columns")
        }
        // A continuation sits under the line's text, not at the margin.
        let daily = shown.firstIndex { $0.contains("Daily limit") }!
        #expect(shown[daily + 1].hasPrefix("      "), "\(shown[daily + 1])")
    }

    @Test func theWheelScrollsThreeLinesANotch() {
        let many = (1...100).map { "line \($0)" }
        let page = TextPagerScreen(title: "t", lines: { many }, close: {})
        let canvas = MemoryCanvas(width: 40, height: 12)
        page.draw(on: canvas)
        page.handle(.wheel(up: false, over: nil, ctrl: false))
        canvas.clear()
        page.draw(on: canvas)
        #expect(canvas.lines[2].contains("line 4"), "\(canvas.lines[2])")
    }
}
