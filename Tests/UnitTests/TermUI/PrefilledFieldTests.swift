import Testing
@testable import TermUI

/// A pre-filled value is offered selected, as a file dialog offers a name; and a path in a
/// message is cut in the middle so the reason before it always shows.
@Suite struct PrefilledFieldTests {
    init() { useUTF8Locale() }

    @Test func typingReplacesTheSelectedText() {
        var field = TextField()
        field.select("Alps.gpx")
        #expect(field.isSelected)
        _ = field.handle(.char("~"))
        _ = field.handle(.char("/"))
        #expect(field.string == "~/")
        #expect(!field.isSelected)
    }

    @Test func aPasteReplacesItAndADeletingKeyClearsIt() {
        var field = TextField()
        field.select("Alps.gpx")
        _ = field.handle(.paste("/tmp/x y.kml"))
        #expect(field.string == "/tmp/x y.kml")
        field.select("Alps.gpx")
        _ = field.handle(.backspace)
        #expect(field.string.isEmpty)
    }

    @Test func aMovingKeyKeepsItToEdit() {
        var field = TextField()
        field.select("Alps.gpx")
        _ = field.handle(.end)
        _ = field.handle(.char("x"))
        #expect(field.string == "Alps.gpxx")
        field.select("Alps.gpx")
        for _ in 0..<4 { _ = field.handle(.left) }
        for c in " v2" { _ = field.handle(.char(c)) }
        #expect(field.string == "Alps v2.gpx")
    }

    @Test func setOffersNothingSelected() {
        var field = TextField()
        field.set("Alps")
        _ = field.handle(.char("!"))
        #expect(field.string == "Alps!")
    }

    @Test func aPathIsCutInTheMiddleByDisplayWidth() {
        #expect(TextWidth.middle("/home/me/trips/alps.gpx", to: 40) == "/home/me/trips/alps.gpx")
        let cut = TextWidth.middle("/home/me/東京の旅/とても長いフォルダ/alps.gpx", to: 20)
        #expect(TextWidth.of(cut) <= 20)
        #expect(cut.hasPrefix("/home/") && cut.hasSuffix("alps.gpx") && cut.contains("…"))
    }

    @Test func aMessageKeepsItsReasonAndCutsItsPathToFit() {
        let message = StatusMessage(
            "Not exported: its folder does not exist: create it or choose another", isError: true,
            path: "/home/me/" + String(repeating: "deep/", count: 20) + "alps.gpx")
        let shown = message.fitted(to: 100)
        #expect(TextWidth.of(shown) <= 100)
        #expect(shown.hasPrefix("Not exported: its folder does not exist: create it or choose another (/home"))
        #expect(shown.hasSuffix("alps.gpx)") && shown.contains("…"))
        #expect(StatusMessage("Saved.").fitted(to: 3) == "Sa…")
        #expect(StatusMessage("Short", path: "/a.gpx").fitted(to: 40) == "Short (/a.gpx)")
    }
}
