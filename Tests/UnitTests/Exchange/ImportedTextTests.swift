import RoadtripCore
import Testing
@testable import Exchange

@Suite struct ImportedTextTests {
    @Test func removesEscapeSequencesAndControls() {
        #expect(ImportedText.name("\u{1B}[1;31mRed\u{1B}[0m") == "Red")
        #expect(ImportedText.name("Title\u{1B}]0;owned\u{07}Rest") == "TitleRest")
        #expect(ImportedText.name("Title\u{1B}]2;owned\u{1B}\\Rest") == "TitleRest")
        #expect(ImportedText.name("a\u{00}b\u{08}c\u{7F}d\u{85}e") == "abcd e")
        #expect(ImportedText.name("\u{202E}gnp.exe") == "gnp.exe")
        #expect(ImportedText.name("  many\t\tspaces\n\nhere  ") == "many spaces here")
        #expect(ImportedText.name("\u{1B}[2J\u{07}") == nil)
        #expect(ImportedText.name("東京 🗼 e\u{301}") == "東京 🗼 e\u{301}")
    }

    @Test func capsVeryLongNames() {
        let name = ImportedText.name(String(repeating: "x", count: 10_000))
        #expect(name?.count == TextLimits.name)
        #expect(name?.hasSuffix("…") == true)
    }

    @Test func errorDescriptionsStayOnOneLine() {
        let error = ExchangeError(.malformed, file: "a\nb.gpx", line: 3, reason: "bad\u{1B}[2J name\nhere")
        #expect(error.description == "a b.gpx:3: bad name here")
    }
}
