import TermUI
import TripMap

/// What a key does on the trip screen.
enum TripDetailAction: Sendable {
    case move(ListMove)
    case moveStopUp, moveStopDown
    /// A stop row dragged onto another with the mouse: no key sends it.
    case dragStop(from: Int, to: Int)
    case add, edit, delete, rename, toggleUnits, toggleMap, map, itinerary, optimize, settings, along, phone
    case avoid, directions, alternative
    case mapMove(MapMove)
    case undo, redo, help, back
    case commitName, cancelName
    case answer(Bool)
    case applyProposal(Bool)
    case stopSearch, stopTransfer
    case importFile, exportFile, commitPath, cancelPath
}

/// What the trip screen's keys are doing.
enum TripDetailKeyMode: KeyMode {
    case browsing, renaming, confirming, searching, proposing, typingPath, transferring

    var editsText: Bool { self == .renaming || self == .typingPath }

    var title: String {
        switch self {
        case .browsing: "browsing"
        case .renaming: "renaming the trip"
        case .confirming: "asked to confirm"
        case .searching: "looking for the best order"
        case .proposing: "shown a better order"
        case .typingPath: "typing a file path"
        case .transferring: "reading or writing a file"
        }
    }

    init(_ mode: TripDetailViewModel.Mode) {
        switch mode {
        case .browsing: self = .browsing
        case .renaming: self = .renaming
        case .confirming: self = .confirming
        case .searching, .stopping: self = .searching
        case .proposing: self = .proposing
        case .importing, .exporting: self = .typingPath
        case .transferring: self = .transferring
        }
    }
}

extension TripDetailView {
    /// Every key of the trip screen, declared once for dispatch, the status line, `?` help and docs/keys.md.
    static let keys = KeyTable<TripDetailAction, TripDetailKeyMode>(
        "trip",
        ListMove.allCases.map {
            KeyBinding(
                $0.keys, .move($0), help: $0.help, hint: $0 == .down ? "move" : nil,
                hintKeys: "↑↓", in: [.browsing])
        }
            + [
                KeyBinding(
                    [.shiftUp, .char("K")], .moveStopUp, help: "move the stop up (the selection moves with it)",
                    hint: "reorder", hintKeys: "S-↑↓/KJ", in: [.browsing]),
                KeyBinding([.shiftDown, .char("J")], .moveStopDown, help: "move the stop down", in: [.browsing]),
                KeyBinding([.char("a")], .add, help: "add a stop after the selection", hint: "add", in: [.browsing]),
                KeyBinding([.enter], .edit, help: "edit the stop", hint: "edit", in: [.browsing]),
                KeyBinding(
                    [.char("d"), .delete], .delete, help: "delete the stop (asks first)", hint: "delete", hintKeys: "d",
                    in: [.browsing]),
                KeyBinding([.char("r"), .char("e")], .rename, help: "rename the trip", in: [.browsing]),
                KeyBinding([.char("m")], .map, help: "the map full screen", hint: "map", in: [.browsing]),
                KeyBinding([.char("i")], .itinerary, help: "the itinerary, day by day", hint: "itinerary", in: [.browsing]),
                KeyBinding([.char("o")], .optimize, help: "best order of the middle stops", in: [.browsing]),
                KeyBinding(
                    [.char("f")], .along, help: "find what lies along the route: sights, parks, fuel, charging, places to sleep",
                    hint: "along", in: [.browsing]),
                KeyBinding(
                    [.char("p")], .phone,
                    help: "send to a phone: Google Maps, Apple Maps or OpenStreetMap links, with QR codes to scan",
                    in: [.browsing]),
                KeyBinding([.char("s")], .settings, help: "trip settings: start, daily limit, fuel, avoid", in: [.browsing]),
                KeyBinding(
                    [.char("v")], .avoid,
                    help: "avoid: nothing → motorways → tolls → ferries → motorways and tolls → all (where the road router can)",
                    in: [.browsing]),
                KeyBinding(
                    [.char("D")], .directions, help: "turn-by-turn directions of every leg (needs a road router)",
                    in: [.browsing]),
                KeyBinding(
                    [.char("A")], .alternative,
                    help: "the next of the road router's routes to the selected stop, kept as a via point (↝)",
                    in: [.browsing]),
                KeyBinding(
                    [.char("I")], .importFile, help: "add the stops of a GPX, GeoJSON, KML, KMZ, JSON or CSV file",
                    in: [.browsing]),
                KeyBinding(
                    [.char("E")], .exportFile, help: "export the trip to a file (the extension names the format)",
                    in: [.browsing]),
                KeyBinding(
                    [.enter], .commitPath, help: "import or export this file", hint: "go", hintKeys: "Enter", in: [.typingPath]),
                KeyBinding([.escape], .cancelPath, help: "cancel: nothing is read or written", hint: "cancel", in: [.typingPath]),
                KeyBinding([.char("t")], .toggleUnits, help: "kilometres ⇄ miles", in: [.browsing]),
                KeyBinding([.char("M")], .toggleMap, help: "show or hide the map beside the stops", in: [.browsing])
            ]
            + MapMove.allCases.filter(\.isZoom).map { KeyBinding($0.keys, .mapMove($0), help: $0.help, in: [.browsing]) }
            + [
                KeyBinding([.char("u")], .undo, help: "undo the last edit", in: [.browsing]),
                KeyBinding([.ctrl("r")], .redo, help: "redo", in: [.browsing]),
                KeyBinding([.enter], .commitName, help: "keep the name", hint: "keep", in: [.renaming]),
                KeyBinding([.escape], .cancelName, help: "cancel: the name stays", hint: "cancel", in: [.renaming]),
                KeyBinding([.char("y"), .char("Y")], .answer(true), help: "yes", hint: "yes", hintKeys: "y", in: [.confirming]),
                KeyBinding(
                    [.char("n"), .char("N"), .escape, .char("q")], .answer(false), help: "no", hint: "no", hintKeys: "n",
                    in: [.confirming]),
                KeyBinding(
                    [.enter, .char("y")], .applyProposal(true), help: "apply the new order (u undoes it)", hint: "apply",
                    hintKeys: "Enter", in: [.proposing]),
                KeyBinding(
                    [.escape, .char("n"), .char("q")], .applyProposal(false), help: "keep the current order", hint: "keep",
                    hintKeys: "Esc", in: [.proposing]),
                KeyBinding(
                    [.escape], .stopSearch, help: "stop looking and apply the best order found so far (u undoes it)",
                    hint: "stop",
                    in: [.searching]),
                KeyBinding(
                    [.escape], .stopTransfer, help: "stop reading or writing the file (a file being replaced is left as it was)",
                    hint: "stop", in: [.transferring]),
                KeyBinding(
                    [.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help",
                    in: [.browsing, .renaming, .typingPath, .transferring]),
                KeyBinding(
                    [.escape, .char("q"), .left, .char("h")], .back, help: "back to the trips", hint: "back", hintKeys: "Esc",
                    in: [.browsing])
            ])
}
