import Foundation
import TermUI

/// The map full screen (`m` in trip detail): header, the map, key hints; Esc or `m` returns.
@MainActor
public final class MapScreen: Screen {
    /// The keys the full-screen map answers, for the status line and help.
    public static let hints = [
        KeyHint("+/-", "zoom"), KeyHint("←↑↓→/hjkl", "pan"), KeyHint("0", "fit"), KeyHint("Esc/m", "back"),
    ]

    private let title: String
    private let state: MapState
    private let unicode: Bool
    private let model: @MainActor () -> MapModel
    private let close: @MainActor () -> Void

    /// - Parameters:
    ///   - state: shared with the embedded map, so zoom and pan carry over both ways.
    ///   - model: read at each draw, so the map shows the trip as it is now.
    ///   - close: pops this screen (the router's job).
    public init(title: String, state: MapState, unicode: Bool = MapText.unicodeFromEnvironment(),
                model: @escaping @MainActor () -> MapModel, close: @escaping @MainActor () -> Void) {
        self.title = title
        self.state = state
        self.unicode = unicode
        self.model = model
        self.close = close
    }

    public func draw(on canvas: Canvas) {
        let size = canvas.size
        Chrome.drawHeader(title + " › map", on: canvas)
        let area = canvas.region(Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)))
        drawMap(model(), state: state, on: area, unicode: unicode)
        Chrome.drawStatus(hints: Self.hints, message: nil, on: canvas)
    }

    public func handle(_ key: Key) {
        switch key {
        case .escape, .char("m"), .char("q"): close()
        default: state.handle(key, panning: true)
        }
    }
}

/// Whether the terminal shows Unicode, as the locale says.
public enum MapText {
    /// True when LC_ALL, else LC_CTYPE, else LANG names UTF-8 (LANG=C gives false: ASCII dots).
    public static func unicodeFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
    }
}
