import Testing
@testable import TermUI

struct TerminalCellTests {
    init() { useUTF8Locale() }

    private func cells(_ c: Character, unicode: Bool = true) -> [TerminalCell] {
        TerminalCell.cells(for: c, unicode: unicode)
    }

    @Test func asciiAndWideCharactersAreOneCell() {
        #expect(cells("a") == [TerminalCell(scalars: ["a"], width: 1)])
        #expect(cells("東") == [TerminalCell(scalars: ["東"], width: 2)])
        #expect(cells("😀") == [TerminalCell(scalars: ["😀"], width: 2)])
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(cells("e\u{301}") == [TerminalCell(scalars: ["e", "\u{301}"], width: 1)])
        // curses keeps at most four marks.
        let heavy = Character("a\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}")
        #expect(cells(heavy).first?.scalars.count == TerminalCell.maximumScalars)
    }

    @Test func aFlagIsTwoOneColumnCells() {
        let cells = cells("🇫🇷")
        #expect(cells.map(\.width).reduce(0, +) == TextWidth.of("🇫🇷"))
        #expect(cells.count == 2)
    }

    @Test func aJoinedSequenceKeepsItsFirstPersonWithoutADanglingJoiner() {
        #expect(cells("👨‍👩‍👧") == [TerminalCell(scalars: ["👨"], width: 2)])
    }

    @Test func charactersUnknownToTheLocaleBecomeAReplacement() {
        // U+0378 is unassigned: wcwidth says -1, TextWidth gives it one column.
        #expect(cells("\u{378}") == [TerminalCell(scalars: ["\u{FFFD}"], width: 1)])
    }

    @Test func withoutUnicodeEverythingButASCIIIsAQuestionMark() {
        #expect(cells("東", unicode: false) == [TerminalCell(scalars: ["?"], width: 1)])
        #expect(cells("a", unicode: false) == [TerminalCell(scalars: ["a"], width: 1)])
    }

    @Test func aLoneMarkHasNoCellOfItsOwn() {
        #expect(cells("\u{301}").isEmpty)
    }
}

struct StylePaletteTests {
    @Test func noColorOfAnyValueTurnsColoursOff() {
        #expect(StylePalette(terminalHasColors: true, environment: [:]).usesColor)
        #expect(!StylePalette(terminalHasColors: true, environment: ["NO_COLOR": ""]).usesColor)
        #expect(!StylePalette(terminalHasColors: true, environment: ["NO_COLOR": "1"]).usesColor)
        #expect(!StylePalette(terminalHasColors: false, environment: [:]).usesColor)
    }

    @Test func withoutColourBarsSelectionAndFieldsStillStandOut() {
        let mono = StylePalette(terminalHasColors: false, environment: [:])
        for style in [Style.header, .status, .selected, .pinSelected] {
            #expect(mono.look(style).attributes.contains(.reverse), "\(style)")
        }
        #expect(mono.look(.field).attributes.contains(.underline))
        #expect(mono.look(.error).attributes.contains(.bold))
        for style in Style.allCases {
            #expect(mono.look(style).foreground == .terminalDefault && mono.look(style).background == .terminalDefault)
        }
    }

    @Test func inColourEveryStyleButNormalAndDimHasAColour() {
        let palette = StylePalette(terminalHasColors: true, environment: [:])
        for style in Style.allCases where style != .normal && style != .dim {
            let look = palette.look(style)
            #expect(look.foreground != .terminalDefault || look.background != .terminalDefault, "\(style)")
        }
    }
}
