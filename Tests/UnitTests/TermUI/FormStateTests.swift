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
