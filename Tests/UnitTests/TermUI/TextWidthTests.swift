import Testing
@testable import TermUI
import RoadtripCore

struct TextWidthTests {
    init() { useUTF8Locale() }

    @Test func measuresColumnsNotCharacters() {
        #expect(TextWidth.of("Paris") == 5)
        #expect(TextWidth.of("東京") == 4)
        #expect(TextWidth.of("😀") == 2)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("🇯🇵") == 2)
        #expect(TextWidth.of("") == 0)
    }

    @Test func prefixNeverSplitsAWideCharacter() {
        #expect(TextWidth.prefix("東京", fitting: 3) == "東")
        #expect(TextWidth.prefix("ab東", fitting: 3) == "ab")
        #expect(TextWidth.prefix("abc", fitting: 0) == "")
    }

    @Test func truncateEndsInAnEllipsisWithinTheWidth() {
        #expect(TextWidth.truncate("Tokyo", to: 10) == "Tokyo")
        #expect(TextWidth.truncate("東京都庁", to: 5) == "東京…")
        #expect(TextWidth.of(TextWidth.truncate("東京都庁", to: 6)) <= 6)
        #expect(TextWidth.truncate("abc", to: 0) == "")
    }

    @Test func padAndPadLeftFillToExactWidth() {
        #expect(TextWidth.pad("東京", to: 6) == "東京  ")
        #expect(TextWidth.padLeft("東", to: 4) == "  東")
        #expect(TextWidth.of(TextWidth.pad("東京都庁", to: 5)) == 5)
    }

    @Test func dropColumnsTurnsAHalfCutWideCharacterIntoASpace() {
        #expect(TextWidth.dropColumns("東京", 1) == " 京")
        #expect(TextWidth.dropColumns("東京", 2) == "京")
        #expect(TextWidth.dropColumns("abc", 5) == "")
    }
}

/// Cutting text to a width reads only as far as the width needs: a huge name is drawn at once.
@MainActor
struct HugeTextTests {
    @Test func truncateAndPadStopAtTheColumnsTheyNeed() {
        useUTF8Locale()
        let huge = String(repeating: "東京 road ", count: 500_000)
        #expect(TextWidth.truncate(huge, to: 9) == "東京 roa…")
        #expect(TextWidth.pad(huge, to: 6) == "東京 …")
        #expect(TextWidth.padLeft("ab", to: 4) == "  ab")
        #expect(TextWidth.truncate("abcd", to: 4) == "abcd")
        #expect(TextWidth.truncate("東京都", to: 4) == "東…")
        let canvas = MemoryCanvas(width: 20, height: 1)
        canvas.draw(huge, at: Point(x: 0, y: 0))
        #expect(canvas.lines[0] == "東京 road 東京 road")
    }
}

/// Names as screens show them: whole within the limit, cut (cheaply) beyond it.
struct ShownNameTests {
    @Test func aNameOverTheLimitIsShownCutAndAShortOneWhole() {
        #expect(TextLimits.shown("Route 66") == "Route 66")
        let huge = String(repeating: "東", count: 2_000_000)
        let shown = TextLimits.shown(huge)
        #expect(shown.count == TextLimits.name + 1 && shown.hasSuffix("…"))
        // Within the limit in characters though longer in bytes: whole.
        let wide = String(repeating: "東", count: TextLimits.name)
        #expect(TextLimits.shown(wide) == wide)
    }
}
