/// A full screen of read-only lines that scrolls: the itinerary, reports.
@MainActor
public final class TextPagerScreen: Screen {
    private let title: String
    private let lines: @MainActor () -> [String]
    private let close: @MainActor () -> Void
    private let keys: KeyTable<Action, SingleMode>
    private let commands: [PageCommand]
    private var top = 0
    private var visibleRows = 10
    /// Columns for text at the last draw: lines longer than this wrap.
    private var textWidth = 78
    private var message: StatusMessage?

    /// A key a page offers besides scrolling (the itinerary's "add the suggested night").
    public struct PageCommand {
        public var keys: [Key]
        public var help: String
        public var hint: String
        /// Runs the command; returns what to say on the status line.
        public var run: @MainActor () -> StatusMessage?

        public init(keys: [Key], help: String, hint: String, run: @escaping @MainActor () -> StatusMessage?) {
            self.keys = keys
            self.help = help
            self.hint = hint
            self.run = run
        }
    }

    /// - Parameters:
    ///   - lines: read at each draw, so the page follows changes (units, edits).
    ///   - closeKeys: keys that close the page besides Esc and q.
    ///   - commands: keys the page offers besides scrolling, in its key table, hints and help.
    public init(
        title: String, closeKeys: [Key] = [], commands: [PageCommand] = [], lines: @escaping @MainActor () -> [String],
        close: @escaping @MainActor () -> Void
    ) {
        self.title = title
        self.lines = lines
        self.close = close
        self.commands = commands
        keys = Self.keys(closeKeys: closeKeys, commands: commands)
    }

    /// What a key does on a page.
    public enum Action: Sendable { case scroll(ListMove), help, close, command(Int) }

    /// Every key of a page; `closeKeys` join Esc among the keys that close it.
    public static func keys(closeKeys: [Key] = [], commands: [PageCommand] = []) -> KeyTable<Action, SingleMode> {
        KeyTable(
            "page",
            commands.enumerated().map { i, c in KeyBinding(c.keys, .command(i), help: c.help, hint: c.hint) } + [
                KeyBinding([.up, .char("k")], .scroll(.up), help: "scroll up a line", hint: "scroll", hintKeys: "↑↓ PgUp PgDn"),
                KeyBinding([.down, .char("j")], .scroll(.down), help: "scroll down a line"),
                KeyBinding([.pageUp, .char("b")], .scroll(.pageUp), help: "a page up"),
                KeyBinding([.pageDown, .char(" "), .char("f")], .scroll(.pageDown), help: "a page down"),
                KeyBinding([.home, .char("g")], .scroll(.first), help: "to the top"),
                KeyBinding([.end, .char("G")], .scroll(.last), help: "to the end"),
                KeyBinding([.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help"),
                KeyBinding([.escape, .char("q"), .left] + closeKeys, .close, help: "back", hint: "back", hintKeys: "Esc")
            ])
    }

    private let help = HelpOverlay()

    /// The wheel scrolls three lines a notch, as pagers do (the help box instead, while it is open).
    public func handle(_ gesture: PointerGesture) {
        if help.take(gesture) { return }
        if gesture.isWheel { for _ in 0..<3 { handle(gesture.isWheelUp ? .up : .down) } }
    }

    public func handle(_ key: Key) {
        if help.close(on: key) { return }
        guard case let .action(action) = keys.route(key, in: .only) else { return }
        message = nil
        if case let .command(i) = action {
            message = commands[i].run()
            return
        }
        let count = shownLines().count
        let page = max(1, visibleRows - 1)
        switch action {
        case .close:
            close()
            return
        case .help:
            help.open()
            return
        case .scroll(.up): top -= 1
        case .scroll(.down): top += 1
        case .scroll(.pageUp): top -= page
        case .scroll(.pageDown): top += page
        case .scroll(.first): top = 0
        case .scroll(.last): top = count
        case .command: break
        }
        top = min(max(0, top), max(0, count - visibleRows))
    }

    /// The page's lines as shown at `textWidth`: a line too long wraps between words, its
    /// continuation indented under the line's text; nothing is cut off.
    private func shownLines() -> [(text: String, warning: Bool)] {
        lines().flatMap { line -> [(text: String, warning: Bool)] in
            let warning = line.hasPrefix("  !")
            guard TextWidth.of(line) > textWidth else { return [(line, warning)] }
            let lead = line.prefix { $0 == " " }.count
            // Under the words, past a marker such as "! " or a clock: at most a third of the width in.
            let indent = min(lead + 2, max(0, textWidth / 3))
            let first = TextWidth.wrap(String(line.dropFirst(lead)), to: max(8, textWidth - lead))
            let head = String(repeating: " ", count: lead) + (first.first ?? "")
            let rest = TextWidth.wrap(first.dropFirst().joined(separator: " "), to: max(8, textWidth - indent))
            return [(head, warning)]
                + (first.count > 1 ? rest.map { (String(repeating: " ", count: indent) + $0, warning) } : [])
        }
    }

    public func draw(on canvas: Canvas) {
        textWidth = max(8, canvas.size.width - 2)
        let all = shownLines()
        visibleRows = max(1, canvas.size.height - 3)
        top = min(max(0, top), max(0, all.count - visibleRows))
        let end = min(all.count, top + visibleRows)
        Chrome.drawHeader(title, detail: all.count > visibleRows ? "\(top + 1)–\(end) of \(all.count)" : "", on: canvas)
        for (row, line) in all[top..<end].enumerated() {
            canvas.draw(line.text, at: Point(x: 1, y: 2 + row), style: line.warning ? .warning : .normal)
        }
        Chrome.drawStatus(hints: keys.hints(in: .only), message: message, on: canvas)
        help.draw(keys, mode: .only, on: canvas)
    }
}
