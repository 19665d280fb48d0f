import Foundation
import TermUI
import Testing
import TestSupport

/// Every class of control the sanitiser must make visible, and what it must leave alone.
@Suite struct TerminalTextTests {
    /// No byte a terminal acts on survives: C0, ESC, DEL, C1 (as UTF-8 or raw) and bidi overrides.
    static func isInert(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { s in
            let v = s.value
            return (0x20..<0x7F).contains(v) || (v > 0x9F && !(0x202A...0x202E).contains(v) && !(0x2066...0x2069).contains(v))
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var input: String
        var shown: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "C0 bell, backspace, carriage return", input: "a\u{07}b\u{08}c\rd", shown: "a^Gb^Hc^Md"),
        Case(label: "NUL and unit separator", input: "\u{00}x\u{1F}", shown: "^@x^_"),
        Case(label: "newline and tab where not meant", input: "a\nb\tc", shown: "a^Jb^Ic"),
        Case(label: "lone ESC", input: "\u{1B}", shown: "^["),
        Case(label: "CSI colour", input: "\u{1B}[31mred\u{1B}[0m", shown: "^[[31mred^[[0m"),
        Case(label: "CSI cursor move and clear", input: "\u{1B}[2J\u{1B}[10;5H", shown: "^[[2J^[[10;5H"),
        Case(label: "OSC title ended by BEL", input: "\u{1B}]0;pwned\u{07}", shown: "^[]0;pwned^G"),
        Case(label: "OSC title ended by ST", input: "\u{1B}]2;pwned\u{1B}\\", shown: "^[]2;pwned^[\\"),
        Case(
            label: "OSC 8 hyperlink", input: "\u{1B}]8;;http://x\u{1B}\\y\u{1B}]8;;\u{1B}\\",
            shown: "^[]8;;http://x^[\\y^[]8;;^[\\"),
        Case(label: "DCS ended by ST", input: "\u{1B}P1$r0m\u{1B}\\", shown: "^[P1$r0m^[\\"),
        Case(label: "DEL", input: "a\u{7F}b", shown: "a^?b"),
        Case(label: "8-bit CSI U+009B", input: "\u{9B}31m", shown: "\u{FFFD}31m"),
        Case(label: "8-bit OSC U+009D with ST U+009C", input: "\u{9D}0;pwned\u{9C}", shown: "\u{FFFD}0;pwned\u{FFFD}"),
        Case(label: "8-bit DCS U+0090 and NEL U+0085", input: "\u{90}q\u{85}", shown: "\u{FFFD}q\u{FFFD}"),
        Case(label: "C1 bounds U+0080 and U+009F", input: "\u{80}\u{9F}", shown: "\u{FFFD}\u{FFFD}"),
        Case(
            label: "bidi embeddings and overrides U+202A–U+202E",
            input: "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}exe.txt", shown: String(repeating: "\u{FFFD}", count: 5) + "exe.txt"),
        Case(
            label: "bidi isolates U+2066–U+2069", input: "\u{2066}\u{2067}\u{2068}\u{2069}",
            shown: String(repeating: "\u{FFFD}", count: 4)),
        Case(
            label: "direction marks LRM, RLM, ALM", input: "gpj.\u{200F}exe\u{200E}\u{061C}",
            shown: "gpj.\u{FFFD}exe\u{FFFD}\u{FFFD}"),
        Case(label: "line and paragraph separators", input: "one\u{2028}two\u{2029}", shown: "one\u{FFFD}two\u{FFFD}")
    ]

    @Test(arguments: cases)
    func controlsAreShownVisibly(_ c: Case) {
        let shown = TerminalText.sanitize(c.input)
        #expect(shown == c.shown)
        #expect(Self.isInert(shown))
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["Tour de France", "東京 → 京都 🚗", "Côte d’Azur", "e\u{301}", "שלום", "👩‍👩‍👧", "مرحبا بالعالم"] {
            #expect(TerminalText.sanitize(text) == text)
        }
    }

    @Test func newlinesAndTabsSurviveOnlyWhenMeant() {
        #expect(TerminalText.sanitize("a\nb\tc", keepNewlines: true, keepTabs: true) == "a\nb\tc")
        #expect(TerminalText.sanitize("a\nb", keepNewlines: true) == "a\nb")
        #expect(TerminalText.sanitize("a\tb", keepNewlines: true) == "a^Ib")
        // A carriage return could overwrite the start of the line: never kept.
        #expect(TerminalText.sanitize("a\rb", keepNewlines: true, keepTabs: true) == "a^Mb")
    }

    @Test func invalidUTF8FromAFileArrivesAsReplacementCharacters() {
        // A lone 0x9B byte is 8-bit CSI on a Latin-1 terminal; decoding makes it U+FFFD before it gets here.
        let text = String(decoding: [0x61, 0x9B, 0x33, 0x31, 0x6D, 0x1B, 0x5B, 0x48], as: UTF8.self)
        let shown = TerminalText.sanitize(text)
        #expect(shown == "a\u{FFFD}31m^[[H")
        #expect(Self.isInert(shown))
    }

    @Test func randomScalarsAlwaysComeOutInert() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &rng) {
                let pick = Int.random(in: 0...3, using: &rng)
                let range: ClosedRange<UInt32> = [0...0xBF, 0x2000...0x206F, 0x20...0x7F, 0x0...0x10FFFF][pick]
                if let s = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { scalars.append(s) }
            }
            #expect(Self.isInert(TerminalText.sanitize(String(scalars))))
        }
    }
}
