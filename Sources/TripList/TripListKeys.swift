import TermUI

/// What a key does on the trip list.
enum TripListAction: Sendable {
    case move(ListMove)
    case open, add, rename, delete, duplicate, importFile, exportFile, filter, clearFilter, undo, redo, help, quit
    case mark, addSamples
    case commitName, cancelName
    case commitPath, cancelPath, stopTransfer
    case keepFilter, dropFilter
    case answer(Bool)
}

/// What the trip list's keys are doing: browsing, or one of its text fields or questions.
enum TripListKeyMode: KeyMode {
    case browsing, naming, renaming, filtering, confirming, typingPath, transferring

    var editsText: Bool { self == .naming || self == .renaming || self == .filtering || self == .typingPath }

    var title: String {
        switch self {
        case .browsing: "browsing"
        case .naming: "naming a new trip"
        case .renaming: "renaming"
        case .filtering: "typing a filter"
        case .confirming: "asked to confirm"
        case .typingPath: "typing a file path"
        case .transferring: "reading or writing a file"
        }
    }

    init(_ mode: TripListViewModel.Mode) {
        switch mode {
        case .browsing: self = .browsing
        case .naming: self = .naming
        case .renaming: self = .renaming
        case .filtering: self = .filtering
        case .confirming: self = .confirming
        case .importing, .exporting: self = .typingPath
        case .transferring: self = .transferring
        }
    }
}

extension TripListView {
    /// Every key of the trip list, declared once for dispatch, the status line, `?` help and docs/keys.md.
    static let keys = KeyTable<TripListAction, TripListKeyMode>(
        "trip list",
        ListMove.allCases.map {
            KeyBinding(
                $0.keys, .move($0), help: $0.help, hint: $0 == .down ? "move" : nil,
                hintKeys: "↑↓/jk", in: [.browsing])
        }
            + [
                KeyBinding(
                    [.enter, .right, .char("l")], .open, help: "open the trip", hint: "open", hintKeys: "Enter", in: [.browsing]),
                KeyBinding([.char("a")], .add, help: "add a trip and name it", hint: "add", in: [.browsing]),
                KeyBinding(
                    [.char("r"), .char("e")], .rename, help: "rename the trip in place", hint: "rename", hintKeys: "r",
                    in: [.browsing]),
                KeyBinding(
                    [.char("d"), .delete], .delete, help: "delete the trip (asks first)", hint: "delete", hintKeys: "d",
                    in: [.browsing]),
                KeyBinding([.char("D")], .duplicate, help: "duplicate the trip, to plan a variant", in: [.browsing]),
                KeyBinding(
                    [.char(" ")], .mark, help: "mark the trip (or unmark it); d then deletes every marked trip at once",
                    in: [.browsing]),
                KeyBinding(
                    [.char("S")], .addSamples, help: "add the sample trips to your trips (those not there already)",
                    in: [.browsing]),
                KeyBinding(
                    [.char("I")], .importFile, help: "import a trip from a GPX, GeoJSON, KML, KMZ, JSON or CSV file",
                    hint: "import", in: [.browsing]),
                KeyBinding(
                    [.char("E")], .exportFile, help: "export the trip to a file (the extension names the format)",
                    hint: "export", in: [.browsing]),
                KeyBinding([.char("/")], .filter, help: "filter by name as you type", hint: "filter", in: [.browsing]),
                KeyBinding([.escape], .clearFilter, help: "clear the marks, else the filter", in: [.browsing]),
                KeyBinding([.char("u")], .undo, help: "undo the last edit", in: [.browsing]),
                KeyBinding([.ctrl("r")], .redo, help: "redo", in: [.browsing]),
                KeyBinding([.enter], .commitName, help: "keep the name", hint: "keep", in: [.naming, .renaming]),
                KeyBinding([.escape], .cancelName, help: "cancel: nothing changes", hint: "cancel", in: [.naming, .renaming]),
                KeyBinding(
                    [.enter], .commitPath, help: "import or export this file", hint: "go", hintKeys: "Enter", in: [.typingPath]),
                KeyBinding([.escape], .cancelPath, help: "cancel: nothing is read or written", hint: "cancel", in: [.typingPath]),
                KeyBinding(
                    [.escape], .stopTransfer, help: "stop reading or writing the file (a file being replaced is left as it was)",
                    hint: "stop", in: [.transferring]),
                KeyBinding(
                    [.enter, .down, .up], .keepFilter, help: "keep the filter and go back to the list",
                    hint: "done", hintKeys: "Enter", in: [.filtering]),
                KeyBinding([.escape], .dropFilter, help: "clear the filter", hint: "clear", in: [.filtering]),
                KeyBinding([.char("y"), .char("Y")], .answer(true), help: "yes", hint: "yes", hintKeys: "y", in: [.confirming]),
                KeyBinding(
                    [.char("n"), .char("N"), .escape, .char("q")], .answer(false), help: "no", hint: "no",
                    hintKeys: "n", in: [.confirming]),
                KeyBinding(
                    [.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help",
                    in: [.browsing, .naming, .renaming, .filtering, .typingPath, .transferring]),
                KeyBinding([.char("q")], .quit, help: "quit", hint: "quit", in: [.browsing])
            ])
}
