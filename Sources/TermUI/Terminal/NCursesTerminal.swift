import CNCursesW
import Foundation

/// The real terminal, through ncursesw: the one place in the project that speaks curses.
///
/// `start` takes the terminal over (alternate screen, no echo, keys one at a time) and
/// `stop` gives it back exactly as it was. Ctrl-C, SIGTERM and SIGHUP only raise a flag
/// (`shouldTerminate`) so the run loop can end and the app save and restore in order; a
/// crash restores the saved terminal settings from the signal handler before dying;
/// Ctrl-Z is left to ncurses, which restores on suspend and redraws on resume.
@MainActor
public final class NCursesTerminal: Terminal {
    /// Whether characters outside ASCII can be shown (a UTF-8 locale); otherwise they are drawn as "?".
    public let unicode: Bool
    /// Whether styles are shown in colour (false under NO_COLOR or on a monochrome terminal).
    let usesColor: Bool

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let ncursesCanvas: NCursesCanvas
    private let decoder: KeyDecoder
    /// The key codes curses reports for the paste markers.
    private let pasteCodes: (start: Int32, end: Int32)
    /// The key codes curses reports for the start of a mouse report (its terminfo's, or ours).
    private let mouseCodes: (sgr: Int32, x10: Int32)
    /// Whether mouse reporting was turned on (and so must be turned off).
    private var mouse = false
    /// Where curses writes, for the modes it has no call for (bracketed paste).
    private let output: UnsafeMutablePointer<FILE>
    private var stopped = false
    public let wakeup = Wakeup()
    /// The descriptor keys arrive on, watched beside `wakeup` while the loop sleeps.
    private var inputDescriptor: Int32 = -1
    /// Signals ncurses took over in `newterm` because they had no handler; given back in `stop`.
    private var signalsCursesTook: [Int32] = []
    private var installedSignals = false
    /// Whether keys come from the controlling terminal (not a test's pipe), so losing it means a hangup.
    private var readsTerminal = false
    /// Files a headless terminal opened and must close.
    private var ownedFiles: [UnsafeMutablePointer<FILE>] = []

    /// Signals that ask the app to end in order.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Signals after which the process dies; the terminal is restored first.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT]

    public var canvas: Canvas { ncursesCanvas }

    /// Takes over the controlling terminal, or throws a one-line reason when it cannot be used:
    /// standard input or output is not a terminal, TERM is unset or names no known terminal.
    /// Nothing is written to the terminal before every check has passed.
    public static func start(
        environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true
    ) throws -> NCursesTerminal {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalError.notATerminal(stream: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal(stream: "standard output") }
        setlocale(LC_ALL, "")
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError.noTerminalType }
        try checkTerminalType(term, fd: STDOUT_FILENO)
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw TerminalError.cannotStart(String(cString: strerror(errno)))
        }
        rt_remember_terminal(STDOUT_FILENO)
        // A parent may hand us these blocked (test runners, some launchers): resizes, Ctrl-Z and
        // the ending signals would then never arrive.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for sig in terminationSignals + [SIGCONT, SIGTSTP, SIGWINCH] { sigaddset(&wanted, sig) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        // Ours first: ncurses installs its own SIGINT/SIGTERM handlers (which exit at once) only where none is set.
        for sig in terminationSignals + [SIGCONT] { rt_install(sig, 0) }
        for sig in crashSignals { rt_install(sig, 1) }
        let unhandledBefore = [SIGTSTP, SIGWINCH].filter { rt_is_handled($0) == 0 }
        guard let screen = newterm(term, output, input) else {
            restoreSignalHandlers()
            throw TerminalError.cannotStart("curses could not open terminal type '\(TerminalText.sanitize(term))'")
        }
        let terminal = NCursesTerminal(screen: screen, output: output, environment: environment)
        terminal.installedSignals = true
        terminal.readsTerminal = true
        terminal.inputDescriptor = STDIN_FILENO
        terminal.signalsCursesTook = unhandledBefore.filter { rt_is_handled($0) != 0 }
        // Ctrl-S saves in the forms; left on, flow control would take it as XOFF.
        rt_flow_control_off(STDIN_FILENO)
        def_prog_mode()
        rt_remember_reset(resetSequence())
        rt_set_active(1)
        terminal.present()
        terminal.writeMode(Self.bracketedPasteOn)
        // Shift-drag still selects text in the terminals that allow it with reporting on.
        terminal.mouse = mouse
        if mouse { terminal.writeMode(Self.mouseOn) }
        // Off while suspended (the shell must not receive reports or paste markers), on again after.
        rt_install_suspend(
            bracketedPasteOff + (mouse ? mouseOff : ""), bracketedPasteOn + (mouse ? mouseOn : ""))
        return terminal
    }

    private init(screen: OpaquePointer, output: UnsafeMutablePointer<FILE>, environment: [String: String]) {
        self.screen = screen
        self.output = output
        set_term(screen)
        window = rt_stdscr()
        unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        meta(window, true)
        // Esc acts at once instead of after ncurses's default second of waiting for a sequence.
        set_escdelay(25)
        let palette = StylePalette(terminalHasColors: has_colors(), environment: environment)
        let looks = Self.setUpColors(palette)
        usesColor = looks.usesColor
        (decoder, pasteCodes, mouseCodes) = Self.makeDecoder()
        curs_set(0)
        ncursesCanvas = NCursesCanvas(window: window, looks: looks.table, unicode: unicode)
    }

    // MARK: Terminal

    public var shouldTerminate: Bool { terminationSignal != nil }

    /// The signal (SIGINT, SIGTERM or SIGHUP) that asked the app to end, if one did.
    public var terminationSignal: Int32? {
        let sig = rt_terminate_signal()
        return sig == 0 ? nil : sig
    }

    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        guard !stopped else { return nil }
        while true {
            if shouldTerminate { return nil }
            if rt_take_resumed() != 0 { return resized() }
            // What curses already holds (typed-ahead keys, the rest of a sequence) is taken without
            // waiting; the wait below is for the keyboard, a signal or posted work, whichever comes first.
            wtimeout(window, inputDescriptor >= 0 ? 0 : Int32(clamping: timeoutMilliseconds ?? 500))
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == ERR {
                // A terminal that went away without a SIGHUP reads as an endless stream of errors.
                if readsTerminal, isatty(STDIN_FILENO) == 0 { rt_request_terminate(SIGHUP) }
                if shouldTerminate { return nil }
                if rt_take_resumed() != 0 { return resized() }
                if inputDescriptor < 0 {
                    if timeoutMilliseconds == nil { continue }
                    return nil
                }
                if timeoutMilliseconds == 0 { return nil }
                switch sleepUntilInput(timeoutMilliseconds: timeoutMilliseconds) {
                case .input, .signal: continue
                case .woken, .timedOut: return nil
                }
            }
            let isKeyCode = result == KEY_CODE_YES
            if isKeyCode && Int32(character) == KEY_RESIZE { return resized() }
            if isKeyCode && Int32(character) == pasteCodes.start { return readPaste() }
            if isKeyCode && Int32(character) == mouseCodes.sgr, let event = readSGRReport() { return .mouse(event) }
            if isKeyCode && Int32(character) == mouseCodes.x10, let event = readX10Report() { return .mouse(event) }
            if !isKeyCode && character == 0x1B { return escapeOrAlt() }
            // Keys the app has no use for are skipped, not reported as a timeout.
            if let key = decoder.key(code: UInt32(character), isKeyCode: isKeyCode) { return key }
        }
    }

    private enum WaitEnd { case input, signal, woken, timedOut }

    /// The rest of an SGR mouse report after its `ESC [ <`: digits and semicolons up to `M` or `m`.
    /// Its bytes arrive together; a report cut off (a read split mid-way, noise) is dropped.
    private func readSGRReport() -> MouseEvent? {
        var body = ""
        while body.count < 24 {
            wtimeout(window, 50)
            var character: wint_t = 0
            guard wget_wch(window, &character) == OK, let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
            let c = Character(scalar)
            if c == "M" || c == "m" { return MouseReport.sgr(Substring(body), final: c) }
            guard c.isASCII, c.isNumber || c == ";" else { return nil }
            body.append(c)
        }
        return nil
    }

    /// The three bytes of an X10 mouse report after its `ESC [ M`.
    private func readX10Report() -> MouseEvent? {
        var bytes: [UInt32] = []
        while bytes.count < 3 {
            wtimeout(window, 50)
            var character: wint_t = 0
            guard wget_wch(window, &character) == OK else { return nil }
            bytes.append(UInt32(character))
        }
        return MouseReport.x10(bytes)
    }

    /// Sleeps in poll(2) on the keyboard and the wake-up pipe; a signal (a resize, Ctrl-C) ends it too.
    private func sleepUntilInput(timeoutMilliseconds: Int?) -> WaitEnd {
        var fds = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeup.fd, events: Int16(POLLIN), revents: 0)
        ]
        let ready = poll(&fds, wakeup.fd >= 0 ? 2 : 1, Int32(clamping: timeoutMilliseconds ?? -1))
        if ready < 0 { return .signal }
        if ready == 0 { return .timedOut }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, fds[0].revents & Int16(POLLIN) == 0 {
            // The keyboard's end closed: as if the terminal hung up.
            rt_request_terminate(SIGHUP)
            return .signal
        }
        if fds[1].revents != 0 {
            wakeup.drain()
            if fds[0].revents == 0 { return .woken }
        }
        return .input
    }

    /// The text between the terminal's paste markers, as one key. Line breaks stay in it (a field
    /// turns them into spaces); nothing in it is read as a command. A paste whose end marker never
    /// comes ends when the terminal has sent nothing for a moment.
    ///
    /// An end marker ends the paste only when input then stays quiet for `pasteQuietMilliseconds`:
    /// copied text can hold its own `ESC[201~` (not every terminal strips it), and what follows it
    /// in the same burst is the rest of that text, never keys (`…ESC[201~dd` must not delete). No
    /// one types a key within that time of a paste landing.
    private func readPaste() -> Key {
        var text = String.UnicodeScalarView()
        var kept = 0
        var wait: Int32 = 250
        while true {
            wtimeout(window, wait)
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == ERR { break }
            wait = 250
            if result == KEY_CODE_YES {
                if Int32(character) == pasteCodes.end { wait = Self.pasteQuietMilliseconds }
                if Int32(character) == KEY_ENTER { text.append("\n") }
                continue
            }
            guard kept < Self.pasteLimit, let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            text.append(scalar)
            kept += 1
        }
        return .paste(String(text))
    }

    /// How long input must stay quiet after an end marker for the paste to be over.
    static let pasteQuietMilliseconds: Int32 = 50

    /// Characters of one paste kept; far more than any field holds, so a huge paste costs no memory.
    static let pasteLimit = 65_536

    /// Esc alone, or Alt with the character that came with it (terminals send Alt-b as Esc b).
    /// Only the Alt keys the app binds are taken as such: Esc then `d` sent in quick succession
    /// by a script (or a fast hand) stays Esc and `d`.
    private func escapeOrAlt() -> Key {
        wtimeout(window, 0)
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if result == OK, case let .char(c)? = KeyDecoder.character(UInt32(character)),
            case let alt = Key.alt(c.isASCII ? Character(c.lowercased()) : c), TextField.takes(alt)
        {
            return alt
        }
        // Something else followed: it is a key of its own.
        if result == OK { unget_wch(wchar_t(bitPattern: UInt32(character))) }
        if result == KEY_CODE_YES { ungetch(Int32(character)) }
        return .escape
    }

    public func invalidate() {
        guard !stopped else { return }
        clearok(rt_curscr(), true)
    }

    public func present() {
        guard !stopped else { return }
        if let cursor = ncursesCanvas.cursor, ncursesCanvas.contains(cursor) {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Gives the terminal back as it was and removes the signal handlers; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        ncursesCanvas.detach()
        set_term(screen)
        writeMode(Self.bracketedPasteOff + (mouse ? Self.mouseOff : ""))
        endwin()
        rt_set_active(0)
        if installedSignals {
            rt_uninstall_suspend()
            Self.restoreSignalHandlers()
        }
        // ncurses's own Ctrl-Z and resize handlers would take the terminal again after this.
        for sig in signalsCursesTook { rt_set_default(sig) }
        delscreen(screen)
        for file in ownedFiles { fclose(file) }
        ownedFiles = []
    }

    // MARK: Setting up

    private static func checkTerminalType(_ term: String, fd: Int32) throws {
        let shown = TerminalText.sanitize(term)
        switch rt_check_terminal(term, fd) {
        case 0: return
        case 1: throw TerminalError.unknownTerminalType(shown)
        case 2: throw TerminalError.unsuitableTerminal(shown, reason: "no terminfo database was found")
        case 3: throw TerminalError.unsuitableTerminal(shown, reason: "it is a hardcopy terminal")
        default: throw TerminalError.unsuitableTerminal(shown, reason: "it cannot move the cursor")
        }
    }

    private static func restoreSignalHandlers() {
        for sig in terminationSignals + [SIGCONT] + crashSignals { rt_uninstall(sig) }
    }

    /// Attributes off, cursor shown, keypad mode off, alternate screen left: what endwin would
    /// write; and bracketed paste and mouse reporting off, which we turned on.
    private static func resetSequence() -> String {
        let names: [String] = ["sgr0", "cnorm", "rmkx", "rmcup"]
        return bracketedPasteOff + mouseOff
            + names.compactMap { name in rt_tigetstr(name).map { withoutPadding(String(cString: $0)) } }.joined()
    }

    /// Pasted text then comes marked, so it can go into a field whole and never act as keys.
    /// Terminals that do not know the mode ignore it.
    static let bracketedPasteOn = "\u{1B}[?2004h", bracketedPasteOff = "\u{1B}[?2004l"

    /// Every mouse mode curses may have set (X10, button events, SGR), off: after a crash the shell
    /// must not receive mouse reports.
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    /// Presses and releases (1000), reported in SGR form (1006): any column, and which button came up.
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"

    /// What starts a mouse report, in SGR and in X10 form.
    nonisolated static let sgrMouseStart = "\u{1B}[<", x10MouseStart = "\u{1B}[M"

    private func writeMode(_ sequence: String) {
        fputs(sequence, output)
        fflush(output)
    }

    // terminfo's "$<5>" delays are for tputs; written raw they would show.
    private static func withoutPadding(_ capability: String) -> String {
        var out = ""
        var rest = Substring(capability)
        while let start = rest.range(of: "$<") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    /// Colour pairs for the palette's looks, or attributes alone when colours are off or fail.
    private static func setUpColors(_ palette: StylePalette) -> (table: [Style: NCursesCanvas.Look], usesColor: Bool) {
        var usesColor = palette.usesColor && start_color() != ERR
        let defaultsWork = usesColor && use_default_colors() != ERR
        var pairs: [StylePalette.Look: Int16] = [:]
        var table: [Style: NCursesCanvas.Look] = [:]
        for style in Style.allCases {
            let look = usesColor ? palette.look(style) : StylePalette(terminalHasColors: false, environment: [:]).look(style)
            var pair: Int16 = 0
            if usesColor, look.foreground != .terminalDefault || look.background != .terminalDefault {
                let colorsOnly = StylePalette.Look(attributes: [], foreground: look.foreground, background: look.background)
                if let known = pairs[colorsOnly] {
                    pair = known
                } else if Int(pairs.count + 1) < Int(rt_color_pairs()) {
                    pair = Int16(pairs.count + 1)
                    pairs[colorsOnly] = pair
                    let fg =
                        defaultsWork || look.foreground != .terminalDefault
                        ? look.foreground.rawValue : StylePalette.Color.white.rawValue
                    let bg =
                        defaultsWork || look.background != .terminalDefault
                        ? look.background.rawValue : StylePalette.Color.black.rawValue
                    if init_pair(pair, fg, bg) == ERR { usesColor = false }
                }
            }
            table[style] = NCursesCanvas.Look(attributes: attributes(look.attributes), pair: pair)
        }
        if !usesColor && palette.usesColor {
            // Colours failed half way: fall back to attributes alone for every style.
            return setUpColors(StylePalette(terminalHasColors: false, environment: [:]))
        }
        return (table, usesColor)
    }

    private static func attributes(_ a: StylePalette.Attributes) -> attr_t {
        var out = rt_a_normal()
        if a.contains(.bold) { out |= rt_a_bold() }
        if a.contains(.reverse) { out |= rt_a_reverse() }
        if a.contains(.underline) { out |= rt_a_underline() }
        if a.contains(.dim) { out |= rt_a_dim() }
        return out
    }

    // MARK: Keys

    /// The curses key codes the app understands.
    nonisolated static let keyDecoder: KeyDecoder = {
        var codes: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_SR: .shiftUp, KEY_SF: .shiftDown, KEY_SLEFT: .shiftLeft, KEY_SRIGHT: .shiftRight,
            KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
            // The keypad's corners, and the vt220 Find/Select that some terminals send for Home/End.
            KEY_A1: .home, KEY_C1: .end, KEY_A3: .pageUp, KEY_C3: .pageDown,
            KEY_FIND: .home, KEY_SELECT: .end, KEY_SHOME: .home, KEY_SEND: .end,
            KEY_SPREVIOUS: .pageUp, KEY_SNEXT: .pageDown,
            KEY_ENTER: .enter, KEY_BTAB: .backTab, KEY_BACKSPACE: .backspace,
            KEY_DC: .delete, KEY_SDC: .delete, KEY_IC: .insert, KEY_RESIZE: .resize
        ]
        for n in 1...63 { codes[rt_key_f(Int32(n))] = .function(n) }
        return KeyDecoder(keyCodes: Dictionary(uniqueKeysWithValues: codes.map { (UInt32($0.key), $0.value) }))
    }()

    /// Sequences terminfo often lacks: xterm's Shift-arrows under TERM=screen or tmux, and the
    /// several spellings of Home, End, Delete and Shift-Tab that terminals and tmux send.
    nonisolated static let extraSequences: [(String, Int32)] = [
        ("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF), ("\u{1B}[1;2C", KEY_SRIGHT), ("\u{1B}[1;2D", KEY_SLEFT),
        ("\u{1B}[a", KEY_SR), ("\u{1B}[b", KEY_SF), ("\u{1B}[c", KEY_SRIGHT), ("\u{1B}[d", KEY_SLEFT),
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
        ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
        ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC),
        ("\u{1B}[Z", KEY_BTAB)
    ]

    /// Codes of our own for what curses has no name for: the paste markers and Ctrl-arrows.
    nonisolated static let ownSequences: [(String, Int32, Key?)] = [
        (pasteStart, KEY_MAX + 1, nil), (pasteEnd, KEY_MAX + 2, nil),
        (sgrMouseStart, KEY_MAX + 5, nil), (x10MouseStart, KEY_MAX + 6, nil),
        ("\u{1B}[1;5D", KEY_MAX + 3, .ctrlLeft), ("\u{1B}[1;5C", KEY_MAX + 4, .ctrlRight),
        ("\u{1B}[5D", KEY_MAX + 3, .ctrlLeft), ("\u{1B}[5C", KEY_MAX + 4, .ctrlRight),
        ("\u{1B}Od", KEY_MAX + 3, .ctrlLeft), ("\u{1B}Oc", KEY_MAX + 4, .ctrlRight)
    ]

    /// What a terminal in bracketed paste mode sends around pasted text (xterm's mode 2004).
    nonisolated static let pasteStart = "\u{1B}[200~", pasteEnd = "\u{1B}[201~"

    private static func makeDecoder() -> (
        decoder: KeyDecoder, pasteCodes: (start: Int32, end: Int32), mouseCodes: (sgr: Int32, x10: Int32)
    ) {
        for (sequence, code) in extraSequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
        var codes = keyDecoder.keyCodes
        var used: [String: Int32] = [:]
        for (sequence, code, key) in ownSequences {
            // terminfo may already name the sequence (xterm's kLFT5): its code then means our key.
            let existing = key_defined(sequence)
            used[sequence] = existing > 0 ? existing : code
            if existing <= 0 { define_key(sequence, code) }
            if let key { codes[UInt32(existing > 0 ? existing : code)] = key }
        }
        return (
            KeyDecoder(keyCodes: codes), (used[pasteStart] ?? 0, used[pasteEnd] ?? 0),
            (used[sgrMouseStart] ?? 0, used[x10MouseStart] ?? 0)
        )
    }

    private func resized() -> Key {
        // Whatever the terminal shows now (after a resize or fg) is unknown: repaint every cell.
        clearok(rt_curscr(), true)
        return .resize
    }
}

// MARK: - Drawing

/// The ncurses window as a `Canvas`: sanitised text laid cell by cell at the columns `TextWidth` gives.
@MainActor
final class NCursesCanvas: Canvas {
    /// A style as curses draws it.
    struct Look {
        var attributes: attr_t
        var pair: Int16
    }

    private var window: UnsafeMutablePointer<WINDOW>?
    private let looks: [Style: Look]
    let unicode: Bool
    private(set) var cursor: Point?

    init(window: UnsafeMutablePointer<WINDOW>, looks: [Style: Look], unicode: Bool) {
        self.window = window
        self.looks = looks
        self.unicode = unicode
    }

    /// Stops drawing: the window is gone once the terminal is stopped.
    func detach() { window = nil }

    var size: Size {
        guard let window else { return Size(width: 0, height: 0) }
        return Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    func contains(_ p: Point) -> Bool {
        let s = size
        return p.x >= 0 && p.y >= 0 && p.x < s.width && p.y < s.height
    }

    let hits = HitMap()

    func mark(_ rect: Rect, as target: HitTarget) { hits.mark(rect, as: target) }

    func clear() {
        hits.clear()
        guard let window else { return }
        werase(window)
    }

    func draw(_ text: String, at point: Point, style: Style, maxWidth: Int?) -> Int {
        let s = size
        guard window != nil, point.y >= 0, point.y < s.height, point.x < s.width else { return 0 }
        let limit = min(s.width, maxWidth.map { point.x + $0 } ?? s.width)
        let look = looks[style] ?? Look(attributes: rt_a_normal(), pair: 0)
        var x = point.x
        // The last cell drawn by this call: a character of no width (a lone mark) joins it.
        var last: (x: Int, cell: TerminalCell)?
        for character in TerminalText.sanitize(String(TerminalText.visiblePrefix(text, columns: limit - point.x))) {
            let cells = TerminalCell.cells(for: character, unicode: unicode)
            if cells.isEmpty {
                if var joined = last {
                    let room = TerminalCell.maximumScalars - joined.cell.scalars.count
                    joined.cell.scalars += character.unicodeScalars.prefix(max(0, room))
                    put(joined.cell, x: joined.x, y: point.y, look: look)
                    last = joined
                }
                continue
            }
            let width = cells.reduce(0) { $0 + $1.width }
            if x + width > limit { break }
            for cell in cells {
                // Left of the edge nothing is drawn, and a wide character cut by it is dropped whole.
                if x >= 0 {
                    put(cell, x: x, y: point.y, look: look)
                    last = (x, cell)
                } else {
                    last = nil
                }
                x += cell.width
            }
        }
        return max(0, x - max(0, point.x))
    }

    func setCursor(_ point: Point?) { cursor = point }

    private func put(_ cell: TerminalCell, x: Int, y: Int, look: Look) {
        guard let window else { return }
        let text = cell.scalars.map { wchar_t(bitPattern: $0.value) } + [0]
        // The bottom-right cell reports ERR (the cursor cannot move past it) but is drawn.
        _ = text.withUnsafeBufferPointer {
            rt_mvwadd_cell(window, Int32(y), Int32(x), $0.baseAddress, look.attributes, look.pair)
        }
    }

    /// Row `y` as curses holds it, trailing blanks removed.
    func readBack(row y: Int) -> String {
        guard let window, y >= 0, y < size.height else { return "" }
        var buffer = [wchar_t](repeating: 0, count: size.width * TerminalCell.maximumScalars + 1)
        let count = buffer.withUnsafeMutableBufferPointer {
            mvwinnwstr(window, Int32(y), 0, $0.baseAddress, Int32($0.count - 1))
        }
        guard count != ERR else { return "" }
        var out = String.UnicodeScalarView()
        for value in buffer.prefix(while: { $0 != 0 }) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { out.append(scalar) }
        }
        var line = String(out)
        while line.last == " " { line.removeLast() }
        return line
    }
}

// MARK: - Testing without a terminal

extension NCursesTerminal {
    /// A terminal drawing into /dev/null (or `outputPath`, to see what it sends) at a fixed size,
    /// for testing the adapter itself.
    /// Keys come from `inputDescriptor` (a pipe the test writes to) or nowhere. No signal
    /// handlers are installed; the current locale decides `unicode`.
    static func headless(
        width: Int, height: Int, term: String = "xterm-256color", inputDescriptor: Int32? = nil,
        environment: [String: String] = [:], outputPath: String = "/dev/null"
    ) throws -> NCursesTerminal {
        guard let output = fopen(outputPath, "w") else { throw TerminalError.cannotStart("cannot open \(outputPath)") }
        let input = inputDescriptor.map { fdopen($0, "r") } ?? fopen("/dev/null", "r")
        guard let input else {
            fclose(output)
            throw TerminalError.cannotStart("cannot open the key input")
        }
        try checkTerminalType(term, fd: fileno(output))
        // ncurses catches these where nothing else does; a test process gets them back in `stop`.
        let unhandledBefore = [SIGINT, SIGTERM, SIGTSTP, SIGWINCH].filter { rt_is_handled($0) == 0 }
        guard let screen = newterm(term, output, input) else {
            fclose(output)
            fclose(input)
            throw TerminalError.unknownTerminalType(term)
        }
        let terminal = NCursesTerminal(screen: screen, output: output, environment: environment)
        terminal.signalsCursesTook = unhandledBefore.filter { rt_is_handled($0) != 0 }
        terminal.ownedFiles = [output, input]
        if let inputDescriptor { terminal.inputDescriptor = inputDescriptor }
        resizeterm(Int32(height), Int32(width))
        // resizeterm queues a KEY_RESIZE for the app; a test starts from an empty queue.
        flushinp()
        return terminal
    }

    /// How long curses waits after Esc for the rest of a key sequence.
    var escapeDelayMilliseconds: Int { Int(get_escdelay()) }

    /// Row `row` of the screen as curses holds it (what the terminal would show), trailing blanks removed.
    func readBack(row: Int) -> String { ncursesCanvas.readBack(row: row) }

    /// The attributes and colour pair curses draws `style` with.
    func look(of style: Style) -> (attributes: UInt32, pair: Int16) {
        let look = ncursesCanvas.lookForTesting(style)
        return (UInt32(look.attributes), look.pair)
    }
}

extension NCursesCanvas {
    func lookForTesting(_ style: Style) -> Look { looks[style] ?? Look(attributes: rt_a_normal(), pair: 0) }
}
