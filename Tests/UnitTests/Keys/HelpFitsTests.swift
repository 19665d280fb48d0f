import Foundation
import Testing
@testable import TermUI
@testable import TripDetail
@testable import TripList
@testable import TripMap
@testable import WaypointEditor

/// `?` at 80×24 (and larger) shows every binding of every screen: actions wrap instead of being
/// cut, and a table taller than the screen scrolls to its end.
@MainActor
@Suite struct HelpFitsTests {
    init() { useUTF8Locale() }

    /// Every screen's help, as its view draws it: the title and the bindings with the notes.
    private var screens: [(name: String, draw: (HelpOverlay, Canvas) -> Void, hints: [KeyHint])] {
        [
            ("trip list", { $0.draw(TripListView.keys, mode: .browsing, on: $1) }, TripListView.keys.help(in: .browsing)),
            ("trip", { $0.draw(TripDetailView.keys, mode: .browsing, on: $1) }, TripDetailView.keys.help(in: .browsing)),
            (
                "editor", { $0.draw(WaypointEditorView.keys, mode: .field, notes: WaypointEditorView.notes, on: $1) },
                WaypointEditorView.keys.help(in: .field) + WaypointEditorView.notes
            ),
            ("settings", { $0.draw(TripSettingsView.keys, mode: .field, on: $1) }, TripSettingsView.keys.help(in: .field)),
            ("map", { $0.draw(MapScreen.keys, mode: .only, on: $1) }, MapScreen.keys.help(in: .only)),
            ("along", { $0.draw(AlongRouteView.keys, mode: .only, on: $1) }, AlongRouteView.keys.help(in: .only)),
            ("phone", { $0.draw(PhoneLinksView.keys, mode: .only, on: $1) }, PhoneLinksView.keys.help(in: .only))
        ]
    }

    @Test(arguments: [(80, 24), (110, 32), (60, 16)])
    func everyBindingShowsWholeAtEveryScroll(width: Int, height: Int) {
        for screen in screens {
            let help = HelpOverlay()
            help.open()
            var seen = ""
            var previous: String?
            // Down until the view stops changing: then the last row has been shown.
            for _ in 0..<200 {
                let canvas = MemoryCanvas(width: width, height: height)
                screen.draw(help, canvas)
                let text = canvas.lines.map { $0.replacingOccurrences(of: "│", with: " ") }.joined(separator: "\n")
                #expect(!text.contains("…"), "\(screen.name) at \(width)×\(height) cut a line:\n\(text)")
                seen += "\n" + text
                if text == previous { break }
                previous = text
                #expect(help.close(on: .down) || !help.isShown)
                if !help.isShown { break }
            }
            // Every word of every binding appeared somewhere (wrapped lines split a sentence, not a word).
            let words = Set(seen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
            for hint in screen.hints {
                for word in hint.action.split(separator: " ").map(String.init) {
                    #expect(
                        words.contains(word), "\(screen.name) at \(width)×\(height): “\(word)” of “\(hint.action)” never shown")
                }
            }
        }
    }

    @Test func aKeyOtherThanScrollingClosesItAndScrollingKeysDoNot() {
        let help = HelpOverlay()
        help.open()
        help.draw(TripDetailView.keys, mode: .browsing, on: MemoryCanvas(width: 80, height: 24))
        #expect(help.close(on: .down) && help.isShown)
        #expect(help.close(on: .pageDown) && help.isShown)
        #expect(help.close(on: .char("x")) && !help.isShown)
        help.open()
        help.draw(TripListView.keys, mode: .browsing, on: MemoryCanvas(width: 160, height: 45))
        // It all fits: ↓ closes it as any key does.
        #expect(help.close(on: .down) && !help.isShown)
    }
}
