import Foundation
import RoadtripCore
import TripFile
import TermUI
import Testing
import TestSupport
@testable import TripDetail
@testable import TripList

/// Random keys through the whole app on the in-memory screen, with a real store in a temporary folder.
///
/// The trips include names of wide characters (東京, emoji), so every overlay (help, a question,
/// a prompt) is opened and closed over them. Keys: every `Key`, command letters, Unicode (wide, combining, right-to-left, emoji), raw
/// controls, escape fragments (Esc then the rest of a sequence as separate keys), Alt and Ctrl
/// word moves, pastes of up to 300 characters, and resizes between 1×1 and 300×100. After every
/// key: the screen is exactly the terminal's size with no control character in any cell, it equals
/// a full repaint (Ctrl-L), the cursor is inside it and off the bars, each list's selection is in range,
/// and whenever the trips changed the file on disk parses and holds exactly them. Every 1,000
/// keys the file is read back regardless. `q` relaunches the app from the file, as a user would.
///
/// `ROADTRIP_FUZZ_KEYS` sets the number of keys (default 10,000, about a minute in a
/// debug build; `Scripts/tests/reliability.sh --long` runs 100,000), `ROADTRIP_FUZZ_SEED` the seed.
@MainActor
@Suite struct KeystrokeFuzzTests {
    @Test func randomKeysKeepEveryInvariant() throws {
        let environment = ProcessInfo.processInfo.environment
        let keys = environment["ROADTRIP_FUZZ_KEYS"].flatMap(Int.init) ?? 10_000
        let seed = environment["ROADTRIP_FUZZ_SEED"].flatMap(UInt64.init) ?? 2026
        var rng = SeededRandom(seed: seed)
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try JSONTripStore(url: file).save(TripDocument(trips: ReliabilityFixtures.trips() + ReliabilityFixtures.wideNamed()))
            var app = try Self.launch(file)
            var checked = app.repository.trips
            var stats = (relaunches: 0, resizes: 0, saves: 0)
            for n in 1...keys {
                let key = KeyFuzz.next(using: &rng)
                if case .resize = key {
                    let w = Int.random(in: 1...300, using: &rng), h = Int.random(in: 1...100, using: &rng)
                    app.harness.resize(width: w, height: h)
                    app.harness.app.render()
                    stats.resizes += 1
                } else {
                    app.harness.send(key)
                }
                let context = "key \(n) (\(key)), seed \(seed)"
                try Self.checkScreen(app.harness, context)
                Self.checkCleanFrame(app.harness, context)
                Self.checkSelection(app.harness.app.top, context)
                if app.repository.trips != checked || n % 1_000 == 0 {
                    try Self.checkFile(file, holds: app.repository, context)
                    if app.repository.trips != checked { stats.saves += 1 }
                    checked = app.repository.trips
                }
                if !app.harness.app.isRunning {
                    let size = app.harness.terminal.memory.size
                    app = try Self.launch(file, width: size.width, height: size.height)
                    #expect(app.repository.trips == checked, "relaunch after \(context)")
                    stats.relaunches += 1
                }
            }
            print(
                "keystroke fuzz: \(keys) keys survived (seed \(seed)): \(stats.saves) saves checked on disk, "
                    + "\(stats.resizes) resizes, \(stats.relaunches) quits and relaunches")
        }
    }

    static func launch(_ file: URL, width: Int = 80, height: Int = 24) throws -> ReliabilityApp {
        let trips = try JSONTripStore(url: file).load()?.trips ?? []
        return ReliabilityApp(dataFile: file, trips: trips, width: width, height: height)
    }

    static func checkScreen(_ harness: ScreenHarness, _ context: String) throws {
        let canvas = harness.terminal.memory
        let size = canvas.size
        #expect(canvas.cells.count == size.height, "\(context)")
        for (y, row) in canvas.cells.enumerated() {
            #expect(row.count == size.width, "\(context)")
            let line = canvas.line(y)
            #expect(TextWidth.of(line) <= size.width, "row \(y) overflows \(size.width) columns after \(context)")
            let raw = line.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            try #require(raw == nil, "row \(y) holds U+\(String(raw?.value ?? 0, radix: 16)) after \(context)")
        }
        if let cursor = canvas.cursor {
            #expect(
                cursor.x >= 0 && cursor.x < size.width && cursor.y >= 0 && cursor.y < size.height,
                "cursor \(cursor) outside \(size) after \(context)")
        }
    }

    /// The frame after a key equals a full repaint (what Ctrl-L draws): no state left over from
    /// earlier frames, the cursor in the same place.
    static func checkCleanFrame(_ harness: ScreenHarness, _ context: String) {
        let canvas = harness.terminal.memory
        let (cells, cursor) = (canvas.cells, canvas.cursor)
        // Straight to the app, not through `send`: that would first run work delivered from the
        // background meanwhile (totals, the place search), and a frame with news is not a repaint.
        harness.app.handle(GlobalKeys.redraw)
        #expect(canvas.cells == cells && canvas.cursor == cursor, "Ctrl-L drew another frame after \(context)")
        if let cursor, canvas.size.height >= Application.minimumSize.height {
            #expect(cursor.y > 0 && cursor.y < canvas.size.height - 1, "cursor \(cursor) on a bar after \(context)")
        }
    }

    static func checkSelection(_ screen: Screen?, _ context: String) {
        let state: (model: Int?, rows: Int, list: Int?, listCount: Int)
        switch screen {
        case let list as TripListView: state = list.selectionForChecks
        case let detail as TripDetailView: state = detail.selectionForChecks
        default: return
        }
        if let selection = state.model {
            #expect((0..<state.rows).contains(selection), "selection \(selection) of \(state.rows) rows after \(context)")
        }
        if let selected = state.list {
            #expect((0..<state.listCount).contains(selected), "list selection \(selected) of \(state.listCount) after \(context)")
        }
    }

    static func checkFile(_ file: URL, holds repository: TripRepository, _ context: String) throws {
        let onDisk = try JSONTripStore(url: file).load()
        if repository.lastSaveError == nil {
            #expect(onDisk?.trips == repository.trips, "file differs from memory after \(context)")
        }
    }
}

/// The random keys: weighted toward what changes state, with the strange mixed in.
enum KeyFuzz {
    static let named: [Key] = [
        .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .home, .end, .pageUp, .pageDown,
        .enter, .escape, .tab, .backTab, .backspace, .delete, .insert, .function(1), .function(12)
    ]
    static let commands = Array("aarrddeeyyynnjjkkggGGKKJJuuq?/mitfxoO ")
    static let unicode: [Character] = ["東", "京", "🚗", "e\u{301}", "ש", "ل", "👩‍👩‍👧", "\u{200B}", "ﷺ", "𝔘", "Å", "─", "\u{FFFD}"]
    static let controls: [Character] = ["\u{1B}", "\u{07}", "\u{00}", "\u{7F}", "\u{9B}", "\u{202E}", "\r\n", "\t"]
    /// What follows ESC in real sequences, arriving as separate keys when a sequence is cut short.
    static let fragments: [Character] = ["[", "O", "]", "P", "1", ";", "5", "~", "A", "H", "0", "\\", "m"]

    /// Clicks, double-clicks, drags and the wheel: mostly over the first rows of a list (where a
    /// press twice on one cell is a double-click and a release on another row a drag), the rest anywhere.
    static func mouse(using rng: inout SeededRandom) -> Key {
        let onRows = Bool.random(using: &rng)
        let point =
            onRows
            ? Point(x: Int.random(in: 1...6, using: &rng), y: Int.random(in: 2...7, using: &rng))
            : Point(x: Int.random(in: 0..<200, using: &rng), y: Int.random(in: 0..<60, using: &rng))
        let actions: [MouseEvent.Action] = [
            .press(button: 1), .press(button: 1), .release, .wheelUp, .wheelDown, .press(button: 3)
        ]
        return .mouse(MouseEvent(actions.randomElement(using: &rng)!, at: point, ctrl: Int.random(in: 0..<8, using: &rng) == 0))
    }

    static func next(using rng: inout SeededRandom) -> Key {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30: return named.randomElement(using: &rng)!
        case 30..<65: return .char(commands.randomElement(using: &rng)!)
        case 65..<70: return .char(Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))))
        case 70..<75: return mouse(using: &rng)
        case 75..<83: return .char(unicode.randomElement(using: &rng)!)
        case 83..<86: return .char(controls.randomElement(using: &rng)!)
        case 86..<92: return Bool.random(using: &rng) ? .escape : .char(fragments.randomElement(using: &rng)!)
        case 92..<95: return .ctrl(Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng))))
        case 95..<96: return [.alt("b"), .alt("f"), .alt("d"), .ctrlLeft, .ctrlRight].randomElement(using: &rng)!
        case 96..<97:
            return .paste(
                String(
                    (0..<Int.random(in: 0...300, using: &rng)).map { _ in
                        (commands + unicode + controls + ["\n"]).randomElement(using: &rng)!
                    }))
        default: return .resize
        }
    }
}
