import Foundation
import TermUI

/// The map full screen (`m` in trip detail): header, the map, key hints; Esc or `m` returns.
@MainActor
public final class MapScreen: Screen {
    /// Every key of the full-screen map, declared once for dispatch, hints, help and docs/keys.md.
    public static let keys = KeyTable<MapScreenAction, SingleMode>(
        "map",
        MapMove.allCases.map { move in
            let hint: (String, String)? =
                switch move {
                case .zoomIn: ("+/-", "zoom")
                case .panLeft: ("←↑↓→/hjkl", "pan")
                case .fit: ("0", "fit")
                default: nil
                }
            return KeyBinding(move.keys, .move(move), help: move.help, hint: hint?.1, hintKeys: hint?.0)
        } + [
            KeyBinding([.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help"),
            KeyBinding([.escape, .char("m"), .char("q")], .close, help: "back to the trip", hint: "back", hintKeys: "Esc/m")
        ])

    private let help = HelpOverlay()

    private let title: String
    private let state: MapState
    private let unicode: Bool
    private let model: @MainActor () -> MapModel
    private let close: @MainActor () -> Void
    private let select: @MainActor (Int) -> Void

    /// - Parameters:
    ///   - state: shared with the embedded map, so zoom and pan carry over both ways.
    ///   - model: read at each draw, so the map shows the trip as it is now.
    ///   - close: pops this screen (the router's job).
    ///   - select: a click on stop `index`'s number selects it on the trip.
    public init(
        title: String, state: MapState, unicode: Bool = MapText.unicodeFromEnvironment(),
        model: @escaping @MainActor () -> MapModel, close: @escaping @MainActor () -> Void,
        select: @escaping @MainActor (Int) -> Void = { _ in }
    ) {
        self.select = select
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
        Chrome.drawStatus(hints: Self.keys.hints(in: .only), message: nil, on: canvas)
        help.draw(Self.keys, mode: .only, on: canvas)
    }

    /// A click on a stop's number selects it; the wheel pans north and south, Ctrl+wheel zooms.
    public func handle(_ gesture: PointerGesture) {
        if help.take(gesture) { return }
        switch gesture {
        case let .click(.row(MapTargets.stops, index), _): select(index)
        case let .wheel(up, _, ctrl): state.apply(ctrl ? (up ? .zoomIn : .zoomOut) : (up ? .panUp : .panDown))
        default: break
        }
    }

    public func handle(_ key: Key) {
        if help.close(on: key) { return }
        guard case let .action(action) = Self.keys.route(key, in: .only) else { return }
        switch action {
        case let .move(move): state.apply(move)
        case .help: help.open()
        case .close: close()
        }
    }
}

/// What a key does on the full-screen map.
public enum MapScreenAction: Sendable {
    case move(MapMove), help, close
}

/// Whether the terminal shows Unicode, as the locale says.
public enum MapText {
    /// True when LC_ALL, else LC_CTYPE, else LANG names UTF-8 (LANG=C gives false: ASCII dots).
    public static func unicodeFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let locale =
            [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
    }
}
