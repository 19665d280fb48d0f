import Foundation
import Testing
import TestSupport
@testable import TermUI
@testable import TripDetail
@testable import TripList
@testable import TripMap
@testable import WaypointEditor

/// Every screen's key table: one binding per key and mode, text fields own the keyboard, and the
/// docs/keys.md's key tables are the tables themselves.
@MainActor
struct KeyTableTests {
    @Test func noKeyIsHandledInTwoPlaces() {
        var problems = TripListView.keys.conflicts() + TripDetailView.keys.conflicts() + WaypointEditorView.keys.conflicts()
        problems +=
            TripSettingsView.keys.conflicts() + MapScreen.keys.conflicts() + AlongRouteView.keys.conflicts()
            + PhoneLinksView.keys.conflicts()
            + TextPagerScreen.keys(closeKeys: [.char("i")]).conflicts()
        problems += TextField.keys.conflicts()
        #expect(problems == [])
    }

    /// Printable keys people type into names and notes, including every command letter of every screen.
    static let typed: [Key] =
        (0x20..<0x7F).map { Key.char(Character(Unicode.Scalar($0)!)) }
        + ["ü", "東", "🚗", "é"].map(Key.char) + [.paste("dd q"), .alt("b"), .ctrl("u"), .ctrl("w"), .backspace]

    @Test func focusedFieldsTakeEveryPrintableKeyAndPaste() {
        for key in Self.typed {
            for mode in TripListKeyMode.allCases where mode.editsText {
                #expect(isField(TripListView.keys.route(key, in: mode)), "trip list \(mode): \(key.name)")
            }
            #expect(isField(TripDetailView.keys.route(key, in: .renaming)), "trip: \(key.name)")
            for mode in WaypointEditorKeyMode.allCases where mode.editsText {
                #expect(isField(WaypointEditorView.keys.route(key, in: mode)), "editor \(mode): \(key.name)")
            }
            #expect(isField(TripSettingsView.keys.route(key, in: .field)), "settings: \(key.name)")
        }
    }

    @Test func nightsIsTypedLikeEveryOtherFieldInTheEditor() {
        // The Nights field takes digits and words ("2 nights"): Space and Enter are text and save, never a toggle.
        for key in [Key.char(" "), .char("2"), .char("n")] {
            guard case .field = WaypointEditorView.keys.route(key, in: .field) else {
                Issue.record("\(key.name) is not typed in the Nights field")
                continue
            }
        }
    }

    @Test func f1OpensHelpEverywhereAndQuestionMarkOutsideFields() {
        for mode in TripListKeyMode.allCases where mode != .confirming {
            #expect(isHelp(TripListView.keys.route(.function(1), in: mode)), "\(mode)")
            #expect(isHelp(TripListView.keys.route(.char("?"), in: mode)) == !mode.editsText, "\(mode)")
        }
        for mode in WaypointEditorKeyMode.allCases {
            #expect(isHelp(WaypointEditorView.keys.route(.function(1), in: mode)), "\(mode)")
        }
        #expect(isHelp(TripDetailView.keys.route(.function(1), in: .renaming)))
        #expect(isHelp(TripSettingsView.keys.route(.function(1), in: .field)))
    }

    @Test func hintsAndHelpComeFromTheTable() {
        let hints = TripListView.keys.hints(in: .naming)
        #expect(hints.map(\.keys) == ["Enter", "Esc", "F1"])
        let help = TripListView.keys.help(in: .naming)
        #expect(help.contains(KeyHint("Ctrl-U", "erase to the start")))
        #expect(help.contains(KeyHint("Ctrl-L", "redraw the screen")))
        #expect(!help.contains { $0.keys.contains("?") })
    }

    /// docs/keys.md, between its markers, is written from the tables.
    @Test func theREADMEKeyTablesAreTheScreensTables() throws {
        let url = RoadtripBinary.repositoryRoot.appendingPathComponent("docs/keys.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let begin =
            "<!-- keys: written from the key tables; ROADTRIP_RECORD_README=1 swift test --filter KeyTableTests rewrites it -->\n"
        let end = "<!-- end of keys -->"
        let generated = Self.readmeKeys()
        guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex)
        else {
            Issue.record("docs/keys.md has no key tables between the markers")
            return
        }
        let current = String(readme[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["ROADTRIP_RECORD_README"] != nil, current != generated {
            try (readme[..<start.upperBound] + generated + readme[stop.lowerBound...]).write(
                to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == generated, "docs/keys.md's key tables differ from the screens' (ROADTRIP_RECORD_README=1 rewrites them)")
    }

    static func readmeKeys() -> String {
        let sections: [(String, String)] = [
            (
                "Everywhere",
                "| Keys | What they do | When |\n|---|---|---|\n"
                    + GlobalKeys.help.map { "| `\($0.keys)` | \($0.action) | |" }.joined(separator: "\n")
            ),
            ("Trip list", TripListView.keys.markdown),
            ("Trip", TripDetailView.keys.markdown),
            ("Waypoint editor", WaypointEditorView.keys.markdown),
            ("Trip settings (`s`)", TripSettingsView.keys.markdown),
            ("Map (`m`)", MapScreen.keys.markdown),
            ("Along the route (`f`)", AlongRouteView.keys.markdown),
            ("Send to a phone (`p`)", PhoneLinksView.keys.markdown),
            (
                "Itinerary and other pages (`i`)",
                TextPagerScreen.keys(closeKeys: [.char("i")], commands: [ItineraryPageFeature.addNightKey { nil }]).markdown
            ),
            ("Every text field", TextField.keys.markdown)
        ]
        return sections.map { "### \($0.0)\n\n\($0.1)\n" }.joined(separator: "\n")
    }

    private func isField<A>(_ route: KeyRoute<A>) -> Bool {
        if case .field = route { return true }
        return false
    }

    private func isHelp<A>(_ route: KeyRoute<A>) -> Bool {
        guard case let .action(action) = route else { return false }
        return "\(action)" == "help"
    }
}
