import Foundation
import RoadtripCore
import TermUI

/// Runs screens on an in-memory terminal: send keys, read the screen back as text.
@MainActor
public final class ScreenHarness {
    public let terminal: MemoryTerminal
    public let app: Application

    public init(width: Int = 80, height: Int = 24) {
        TestLocale.useUTF8()
        terminal = MemoryTerminal(width: width, height: height)
        app = Application(terminal: terminal)
    }

    public func push(_ screen: Screen) {
        app.push(screen)
        app.render()
    }

    /// Feeds keys one by one, redrawing after each, as the real loop does.
    public func send(_ keys: Key...) { send(keys) }

    public func send(_ keys: [Key]) {
        for key in keys {
            app.handle(key)
            app.drainInbox()
            app.render()
        }
    }

    /// Types text as individual character keys.
    public func type(_ text: String) { send(text.map { Key.char($0) }) }

    public var lines: [String] { terminal.memory.lines }
    public var screen: String { terminal.memory.text }

    /// Whether any row contains `text`.
    public func shows(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The first row containing `text`.
    public func line(containing text: String) -> String? { lines.first { $0.contains(text) } }

    public func resize(width: Int, height: Int) {
        terminal.memory.resize(width: width, height: height)
        app.handle(.resize)
    }
}

/// wcwidth answers by the locale: tests measure as a UTF-8 terminal would.
public enum TestLocale {
    public static func useUTF8() {
        setlocale(LC_CTYPE, "C.UTF-8")
    }
}
