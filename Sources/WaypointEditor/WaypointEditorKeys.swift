import TermUI

/// What a key does in the waypoint editor.
enum WaypointEditorAction: Sendable, Equatable {
    case nextField, previousField, save, cancel, help
    case moveMatch(Int), closeMatches, searchAgain, takeMatch
}

/// What the editor's keys are doing: typing the name (with or without the matches open), or
/// typing another field.
enum WaypointEditorKeyMode: KeyMode {
    case name, matches, field

    var editsText: Bool { true }

    var title: String {
        switch self {
        case .name: "in the name"
        case .matches: "with matches open"
        case .field: "in other fields"
        }
    }

    init(_ model: WaypointEditorViewModel) {
        if model.focus == .name {
            self = model.suggestions.isEmpty ? .name : .matches
        } else {
            self = .field
        }
    }
}

extension WaypointEditorView {
    /// Every key of the waypoint editor, declared once for dispatch, the status line, help and docs/keys.md.
    static let keys = KeyTable<WaypointEditorAction, WaypointEditorKeyMode>(
        "waypoint editor",
        [
            KeyBinding(
                [.down, .ctrl("n")], .moveMatch(1), help: "highlight the next match", hint: "choose", hintKeys: "↓↑",
                in: [.matches]),
            KeyBinding([.up, .ctrl("p")], .moveMatch(-1), help: "highlight the previous match", in: [.matches]),
            KeyBinding([.pageDown], .moveMatch(8), help: "highlight the last match", in: [.matches]),
            KeyBinding([.pageUp], .moveMatch(-8), help: "back to the typed name, no match highlighted", in: [.matches]),
            KeyBinding(
                [.enter], .save, help: "take the highlighted place and save",
                hint: "take and save", in: [.matches]),
            KeyBinding(
                [.escape], .closeMatches, help: "close the matches, keep the typed name", hint: "close list", in: [.matches]),
            KeyBinding([.ctrl("n")], .searchAgain, help: "search for the name again", in: [.name]),
            KeyBinding(
                [.tab], .takeMatch, help: "take the highlighted place, then type the stay", hint: "take, then stay",
                in: [.matches]),
            KeyBinding([.tab], .nextField, help: "next field", hint: "next field", in: [.name, .field]),
            KeyBinding([.down], .nextField, help: "next field", in: [.name, .field]),
            KeyBinding([.backTab], .previousField, help: "previous field"),
            KeyBinding([.up], .previousField, help: "previous field", in: [.name, .field]),
            KeyBinding([.enter], .save, help: "save the stop", hint: "save", in: [.name, .field]),
            KeyBinding([.ctrl("s")], .save, help: "save, from any field", in: [.name, .field, .matches]),
            KeyBinding([.escape], .cancel, help: "discard the changes", hint: "discard", in: [.name, .field]),
            KeyBinding([.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help")
        ])

    /// What the help says besides keys.
    static let notes = [
        KeyHint("type a place", "matches show under the name"),
        KeyHint("48.85, 2.29", "a position typed by hand"),
        KeyHint("2 nights", "in Stay or Nights: leave on the second morning")
    ]
}
