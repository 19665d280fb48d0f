import Testing
@testable import TermUI

/// How both forms (the waypoint editor, the trip settings) handle a key.
@MainActor
@Suite struct FormStateTests {
    private enum Field: Hashable { case name, note }
    private enum Action: Equatable { case save, help }

    @Test func aKeyPastTheLimitIsLeftOutAndTheNoticeSaysSoUntilTheNextKey() {
        let form = FormState<Field>(limits: [.name: 3])
        var edits: [String] = []
        for key in [Key.char("a"), .char("b"), .char("c"), .char("d")] {
            form.handle(
                .field, key: key, focus: .name, label: "Name", helpAction: Action.help, edited: { edits.append($0) },
                action: { _ in Issue.record("no action") })
        }
        #expect(edits == ["a", "ab", "abc"])
        #expect(form.notice == "Name takes at most 3 characters; the rest was left out.")
        form.handle(
            .ignored, key: .char("x"), focus: .name, label: "Name", helpAction: Action.help, edited: { _ in }, action: { _ in })
        #expect(form.notice == nil)
    }

    /// In a short terminal the form moves up so the focused field and its error line stay above the
    /// status line (the cursor is never on a bar), and no line is drawn on the header or the status line.
    @Test func theFocusedFieldStaysAboveTheStatusLineInAShortTerminal() {
        for height in 10...20 {
            for focus in 0..<6 {
                let row = FormFields<Field>.row(of: focus, focus: focus, height: height)
                #expect(
                    row.map { $0 >= 1 && $0 + 1 <= height - 2 } == true,
                    "height \(height), field \(focus): \(String(describing: row))")
                for index in 0...6 {
                    if let y = FormFields<Field>.row(of: index, focus: focus, height: height) {
                        #expect(y >= 1 && y <= height - 2)
                    }
                }
            }
        }
        #expect(FormFields<Field>.row(of: 5, focus: 0, height: 24) == 12)
    }

    @Test func helpOpensOnItsActionAndTheNextKeyOnlyClosesIt() {
        let form = FormState<Field>()
        var actions: [Action] = []
        form.handle(.action(.help), key: .function(1), focus: .note, label: "Note", helpAction: .help, edited: { _ in }) {
            actions.append($0)
        }
        #expect(form.help.isShown)
        form.handle(.action(.save), key: .enter, focus: .note, label: "Note", helpAction: .help, edited: { _ in }) {
            actions.append($0)
        }
        #expect(!form.help.isShown)
        #expect(actions.isEmpty)
        form.handle(.action(.save), key: .enter, focus: .note, label: "Note", helpAction: .help, edited: { _ in }) {
            actions.append($0)
        }
        #expect(actions == [.save])
    }
}
