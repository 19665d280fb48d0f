import Foundation
import Testing
@testable import TermUI

/// The ncurses adapter itself, headless: curses draws into /dev/null at a fixed size and the
/// screen is read back from curses's own cells with `mvwinnwstr`.
@MainActor
@Suite(.serialized)
struct NCursesAdapterTests {
    init() { useUTF8Locale() }

    private func withTerminal(
        width: Int = 20, height: Int = 5, term: String = "xterm-256color",
        environment: [String: String] = [:],
        _ body: (NCursesTerminal) throws -> Void
    ) throws {
        let terminal = try NCursesTerminal.headless(width: width, height: height, term: term, environment: environment)
        defer { terminal.stop() }
        try body(terminal)
    }

    /// Every frame is drawn whole onto the canvas, but only the cells that changed since the last
    /// frame reach the terminal: a frame like the last sends nothing, one changed word a few bytes.
    @Test func onlyChangedCellsAreSentToTheTerminal() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("curses-\(UUID().uuidString)").path
        defer { unlink(path) }
        let terminal = try NCursesTerminal.headless(width: 60, height: 12, outputPath: path)
        defer { terminal.stop() }
        func sent() -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1 }
        func frame(_ changed: String) {
            terminal.canvas.clear()
            for row in 0..<12 {
                terminal.canvas.draw(
                    "Stop \(row): a place on the way, and a note about it", at: Point(x: 0, y: row), style: .normal)
            }
            terminal.canvas.draw(changed, at: Point(x: 8, y: 5), style: .normal)
            terminal.present()
        }
        frame("Lyon")
        let first = sent()
        frame("Lyon")
        let same = sent() - first
        frame("Nice")
        let oneWord = sent() - first - same
        #expect(first > 12 * 40)
        #expect(same < 16)
        #expect(oneWord > 0 && oneWord < 40)
    }

    @Test func drawsAtTheRequestedSize() throws {
        try withTerminal(width: 33, height: 7) { t in
            #expect(t.canvas.size == Size(width: 33, height: 7))
            #expect(t.unicode)
        }
    }

    @Test func drawsASCIIWideCharactersEmojiAndCombiningMarks() throws {
        try withTerminal { t in
            let canvas = t.canvas
            #expect(canvas.draw("Paris", at: Point(x: 0, y: 0)) == 5)
            #expect(canvas.draw("東京 Tokyo", at: Point(x: 0, y: 1)) == 10)
            #expect(canvas.draw("😀|", at: Point(x: 2, y: 2)) == 3)
            #expect(canvas.draw("Cafe\u{301}!", at: Point(x: 0, y: 3)) == 5)
            // Columns after the wide text are where TextWidth says: the bar lands on column 12.
            canvas.draw("|", at: Point(x: 12, y: 1))
            t.present()
            #expect(t.readBack(row: 0) == "Paris")
            #expect(t.readBack(row: 1) == "東京 Tokyo  |")
            #expect(t.readBack(row: 2) == "  😀|")
            #expect(t.readBack(row: 3) == "Cafe\u{301}!")
        }
    }

    @Test func clipsAtTheRightEdgeWithoutHalfACharacter() throws {
        try withTerminal(width: 10) { t in
            let canvas = t.canvas
            #expect(canvas.draw("abcdefghijklmnop", at: Point(x: 4, y: 0)) == 6)
            // 東京東 needs 6 columns from column 5; only 5 remain, so the last 東 is dropped whole.
            #expect(canvas.draw("東京東", at: Point(x: 5, y: 1)) == 4)
            #expect(canvas.draw("abcdef", at: Point(x: 0, y: 2), style: .normal, maxWidth: 3) == 3)
            #expect(canvas.draw("off", at: Point(x: 10, y: 3)) == 0)
            #expect(canvas.draw("off", at: Point(x: 0, y: 5)) == 0)
            #expect(canvas.draw("off", at: Point(x: 0, y: -1)) == 0)
            t.present()
            #expect(t.readBack(row: 0) == "    abcdef")
            #expect(t.readBack(row: 1) == "     東京")
            #expect(t.readBack(row: 2) == "abc")
            #expect(t.readBack(row: 3) == "")
        }
    }

    @Test func clipsAtTheLeftEdge() throws {
        try withTerminal(width: 10) { t in
            #expect(t.canvas.draw("abcdef", at: Point(x: -2, y: 0)) == 4)
            // A wide character cut by the edge is not drawn; what follows keeps its column.
            #expect(t.canvas.draw("東京x", at: Point(x: -1, y: 1)) == 4)
            t.present()
            #expect(t.readBack(row: 0) == "cdef")
            #expect(t.readBack(row: 1) == " 京x")
        }
    }

    @Test func fillsTheBottomRightCell() throws {
        try withTerminal(width: 10, height: 3) { t in
            t.canvas.fillRow(2, style: .status)
            #expect(t.canvas.draw("end", at: Point(x: 7, y: 2)) == 3)
            t.present()
            #expect(t.readBack(row: 2) == "       end")
        }
    }

    @Test func neverDrawsControlCharactersOrEscapes() throws {
        try withTerminal(width: 40) { t in
            t.canvas.draw("a\u{1B}]0;owned\u{07}b\u{1B}[2Jc\u{202E}d", at: Point(x: 0, y: 0))
            t.present()
            #expect(t.readBack(row: 0) == "a^[]0;owned^Gb^[[2Jc\u{FFFD}d")
        }
    }

    @Test func regionsDrawThroughTheCursesCanvas() throws {
        try withTerminal(width: 20, height: 4) { t in
            let region = t.canvas.region(Rect(x: 5, y: 1, width: 6, height: 2))
            region.draw("東京 and more", at: Point(x: 0, y: 0))
            region.draw("hidden", at: Point(x: 0, y: 2))
            t.present()
            #expect(t.readBack(row: 1) == "     東京 a")
            #expect(t.readBack(row: 3) == "")
        }
    }

    @Test func clearBlanksEverything() throws {
        try withTerminal { t in
            t.canvas.draw("something", at: Point(x: 0, y: 0))
            t.canvas.clear()
            t.present()
            #expect(t.readBack(row: 0) == "")
        }
    }

    @Test func coloursByDefaultAndNoneUnderNoColor() throws {
        try withTerminal { t in
            #expect(t.usesColor)
            #expect(t.look(of: .selected).pair != 0)
            #expect(t.look(of: .normal).pair == 0)
        }
        try withTerminal(environment: ["NO_COLOR": ""]) { t in
            #expect(!t.usesColor)
            for style in Style.allCases { #expect(t.look(of: style).pair == 0) }
            // Without colour the selection and bars still show, by reverse video.
            #expect(t.look(of: .selected).attributes != t.look(of: .normal).attributes)
            #expect(t.look(of: .status).attributes != t.look(of: .normal).attributes)
        }
        try withTerminal(term: "vt100") { t in
            #expect(!t.usesColor)
        }
    }

    @Test func refusesUnknownAndUnsuitableTerminalTypes() {
        #expect(throws: TerminalError.unknownTerminalType("no-such-terminal")) {
            try NCursesTerminal.headless(width: 10, height: 5, term: "no-such-terminal")
        }
        #expect(throws: TerminalError.unsuitableTerminal("dumb", reason: "it cannot move the cursor")) {
            try NCursesTerminal.headless(width: 10, height: 5, term: "dumb")
        }
    }

    @Test func errorsAreOneLine() {
        let errors: [TerminalError] = [
            .notATerminal(stream: "standard output"), .noTerminalType, .unknownTerminalType("x"),
            .unsuitableTerminal("dumb", reason: "it cannot move the cursor"), .cannotStart("no memory")
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(!error.description.isEmpty)
        }
        #expect(TerminalError.unknownTerminalType("foo").description.contains("'foo'"))
    }

    @Test func stopIsIdempotentAndEndsDrawing() throws {
        let t = try NCursesTerminal.headless(width: 10, height: 3)
        t.stop()
        t.stop()
        #expect(t.canvas.draw("late", at: Point(x: 0, y: 0)) == 0)
        #expect(t.readKey(timeoutMilliseconds: 0) == nil)
    }

    // MARK: Keys through curses's own decoding

    /// Feeds `bytes` to a headless terminal of type `term` and returns the keys it decodes.
    /// The keys read from `bytes`, and then from `later`, written after a pause as a person types.
    private func keys(
        from bytes: String, later: String = "", term: String = "xterm-256color", count: Int
    ) throws -> [Key?] {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let t = try NCursesTerminal.headless(width: 20, height: 5, term: term, inputDescriptor: fds[0])
        defer { t.stop() }
        let data = Array(bytes.utf8)
        #expect(write(fds[1], data, data.count) == data.count)
        if !later.isEmpty {
            let writer = fds[1]
            let typed = Array(later.utf8)
            Thread.detachNewThread {
                usleep(300_000)
                _ = write(writer, typed, typed.count)
            }
        }
        return (0..<count).map { _ in t.readKey(timeoutMilliseconds: 1000) }
    }

    @Test(arguments: ["xterm-256color", "screen", "tmux-256color"])
    func decodesShiftArrowsUnderEveryTerminalType(term: String) throws {
        let decoded = try keys(from: "\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;2C\u{1B}[1;2D", term: term, count: 4)
        let expected: [Key?] = [.shiftUp, .shiftDown, .shiftRight, .shiftLeft]
        #expect(decoded == expected)
    }

    @Test(arguments: ["xterm-256color", "screen"])
    func decodesHomeAndEndSpellings(term: String) throws {
        let decoded = try keys(from: "\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF", term: term, count: 6)
        let expected: [Key?] = [.home, .end, .home, .end, .home, .end]
        #expect(decoded == expected)
    }

    @Test func decodesEditingKeysAndText() throws {
        let decoded = try keys(from: "\u{1B}[A\u{1B}OB\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z\r\u{7F}\u{01}\u{17}\té東😀", count: 15)
        let expected: [Key?] = [
            .up, .down, .pageUp, .pageDown, .delete, .backTab, .enter, .backspace,
            .ctrl("a"), .ctrl("w"), .tab, .char("é"), .char("東"), .char("😀"), nil
        ]
        #expect(decoded == expected)
    }

    @Test(arguments: ["xterm-256color", "screen", "tmux-256color"])
    func aBracketedPasteIsOneKeyWhateverItHolds(term: String) throws {
        // Command letters, a line break, Esc and an arrow's bytes inside a paste are text, not keys.
        let decoded = try keys(from: "\u{1B}[200~dd q\r\nyes\u{1B}[A东\u{1B}[201~", later: "x", term: term, count: 2)
        guard case let .paste(text)?? = decoded.first else {
            Issue.record("not a paste: \(decoded)")
            return
        }
        #expect(text.hasPrefix("dd q\r\nyes"))
        #expect(text.hasSuffix("东"))
        #expect(decoded.last == .char("x"))
    }

    /// Copied text holding its own end marker: what follows it in the same burst is text, not keys.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func aPasteHoldingItsOwnEndMarkerStaysText(term: String) throws {
        let decoded = try keys(from: "\u{1B}[200~ok\u{1B}[201~ddq\r\u{1B}[201~", later: "j", term: term, count: 3)
        guard case let .paste(text)?? = decoded.first else {
            Issue.record("not a paste: \(decoded)")
            return
        }
        #expect(text.hasPrefix("ok") && text.contains("ddq"), "\(text)")
        #expect(decoded[1] == .char("j"), "\(decoded)")
        #expect(decoded[2] == nil)
    }

    /// SGR reports (xterm's mode 1006), as xterm, kitty, iTerm2 and tmux send them: presses,
    /// releases, the wheel and Ctrl+wheel, at columns past 223 that the old encoding cannot reach.
    @Test(arguments: ["xterm-256color", "screen", "tmux-256color"])
    func decodesSGRMouseReports(term: String) throws {
        let decoded = try keys(
            from: "\u{1B}[<0;5;3M\u{1B}[<0;9;4m\u{1B}[<64;1;1M\u{1B}[<65;2;2M\u{1B}[<80;3;3M\u{1B}[<2;300;10Mq",
            term: term, count: 7)
        let expected: [Key?] = [
            .mouse(MouseEvent(.press(button: 1), at: Point(x: 4, y: 2))), .mouse(MouseEvent(.release, at: Point(x: 8, y: 3))),
            .mouse(MouseEvent(.wheelUp, at: Point(x: 0, y: 0))), .mouse(MouseEvent(.wheelDown, at: Point(x: 1, y: 1))),
            .mouse(MouseEvent(.wheelUp, at: Point(x: 2, y: 2), ctrl: true)),
            .mouse(MouseEvent(.press(button: 3), at: Point(x: 299, y: 9))), .char("q")
        ]
        #expect(decoded == expected)
    }

    /// A terminal that ignores the request for SGR reports sends the old X10 form.
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen"])
    func decodesX10MouseReports(term: String) throws {
        let report = { (b: Int, x: Int, y: Int) in
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + b))) + String(UnicodeScalar(UInt8(33 + x)))
                + String(UnicodeScalar(UInt8(33 + y)))
        }
        let decoded = try keys(from: report(0, 4, 2) + report(3, 4, 6) + "j", term: term, count: 3)
        let expected: [Key?] = [
            .mouse(MouseEvent(.press(button: 1), at: Point(x: 4, y: 2))), .mouse(MouseEvent(.release, at: Point(x: 4, y: 6))),
            .char("j")
        ]
        #expect(decoded == expected)
    }

    @Test(arguments: ["xterm-256color", "screen", "tmux-256color"])
    func decodesAltLettersAndCtrlArrows(term: String) throws {
        // Esc then a key no Alt binding uses stays two keys, as a script sending Esc then d means.
        let decoded = try keys(from: "\u{1B}b\u{1B}F\u{1B}[1;5D\u{1B}[1;5Cq\u{1B}d\u{1B}u", term: term, count: 8)
        let expected: [Key?] = [.alt("b"), .alt("f"), .ctrlLeft, .ctrlRight, .char("q"), .alt("d"), .escape, .char("u")]
        #expect(decoded == expected)
    }

    @Test func escapeAloneActsAtOnce() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let t = try NCursesTerminal.headless(width: 20, height: 5, inputDescriptor: fds[0])
        defer { t.stop() }
        // ncurses's default would hold Esc for a whole second waiting for the rest of a sequence.
        #expect(t.escapeDelayMilliseconds == 25)
        #expect(write(fds[1], "\u{1B}", 1) == 1)
        #expect(t.readKey(timeoutMilliseconds: 2000) == .escape)
    }

    @Test func readKeyTimesOutWithNil() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let t = try NCursesTerminal.headless(width: 20, height: 5, inputDescriptor: fds[0])
        defer { t.stop() }
        #expect(t.readKey(timeoutMilliseconds: 30) == nil)
    }
}
