import RoadtripCore
import ScreenKit
import TermUI

/// The "Send to a phone" screen: the links of the chosen stops and app, and the selected link's
/// QR code, drawn light on dark in half blocks for a phone's camera.
@MainActor
final class PhoneLinksView: Screen, PhoneLinksViewProtocol {
    var presenter: PhoneLinksPresenterProtocol!
    private var model: PhoneLinksViewModel?
    private var parts = ListScreenParts()

    static let listName = "links"

    /// Every key of the screen, declared once for dispatch, the status line, `?` help and docs/keys.md.
    static let keys = KeyTable<PhoneLinksAction, SingleMode>(
        "send to a phone",
        ListMove.allCases.map { KeyBinding($0.keys, .move($0), help: $0.help, hint: $0 == .down ? "link" : nil, hintKeys: "↑↓") }
            + [
                KeyBinding(
                    [.tab, .char("d")], .scope,
                    help: "which stops: whole trip → the selected stop's day → from the selected stop on",
                    hint: "stops", hintKeys: "Tab"),
                KeyBinding([.char("a")], .app, help: "app: Google Maps → Apple Maps → OpenStreetMap", hint: "app"),
                KeyBinding([.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help"),
                KeyBinding([.escape, .char("q"), .left], .back, help: "back to the trip", hint: "back", hintKeys: "Esc")
            ])

    func show(_ model: PhoneLinksViewModel) {
        self.model = model
        parts.show(rows: model.rows.count, selection: model.selection)
    }

    func willAppear() { presenter.viewWillAppear() }

    func handle(_ key: Key) {
        if parts.keyClosesHelp(key) { return }
        guard case let .action(action) = Self.keys.route(key, in: .only) else { return }
        switch action {
        case let .move(move):
            if let row = parts.selection(after: move) { presenter.didSelectRow(row) }
        case .help: parts.openHelp()
        default: presenter.handle(action)
        }
    }

    func handle(_ gesture: PointerGesture) {
        guard let read = parts.read(gesture, list: Self.listName) else { return }
        switch read {
        case let .scroll(up): handle(up ? .up : .down)
        case let .select(row), let .open(row): presenter.didSelectRow(row)
        case .move: break
        }
    }

    func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, on: canvas)
        canvas.draw(model.scope, at: Point(x: 2, y: 1), style: .accent, maxWidth: size.width - 4)
        let area = Rect(x: 0, y: 3, width: size.width, height: max(0, size.height - 5))
        let code = model.codes.first { Self.fits($0, in: area) } ?? model.codes.last
        let codeWidth = code.map { TextWidth.of($0.first ?? "") } ?? 0
        // The code on the left at its full size, the links beside it; under it when there is no room beside.
        let listRect: Rect
        if let code, Self.fits(code, in: area) {
            let beside = area.width - codeWidth - 2 >= 30
            listRect =
                beside
                ? Rect(x: codeWidth + 2, y: area.y, width: area.width - codeWidth - 2, height: area.height)
                : Rect(x: 0, y: area.y + code.count + 1, width: area.width, height: max(0, area.height - code.count - 1))
            for (row, line) in code.enumerated() {
                canvas.draw(line, at: Point(x: 1, y: area.y + row), style: .code)
            }
        } else {
            listRect = area
            if let code {
                canvas.draw(
                    "Make the terminal at least \(TextWidth.of(code.first ?? "") + 2)×\(code.count + 5) to show the QR code.",
                    at: Point(x: 2, y: area.y + area.height - 1), style: .warning, maxWidth: size.width - 4)
            }
        }
        drawList(model, on: canvas.region(listRect))
        Chrome.drawStatus(hints: Self.keys.hints(in: .only), message: parts.message(model.message), on: canvas)
        parts.help.draw(Self.keys, mode: .only, on: canvas)
    }

    static func fits(_ code: [String], in area: Rect) -> Bool {
        code.count <= area.height && TextWidth.of(code.first ?? "") + 2 <= area.width
    }

    private func drawList(_ model: PhoneLinksViewModel, on canvas: Canvas) {
        let width = canvas.size.width
        if model.rows.isEmpty {
            for (i, line) in TextWidth.wrap(model.emptyText, to: max(10, width - 4)).prefix(3).enumerated() {
                canvas.draw(line, at: Point(x: 2, y: 1 + i), style: .dim)
            }
            return
        }
        // Under the links, the selected one's title and address in full, wrapped: a title cut to the
        // column is whole here, and the address can be read out or typed when no camera is at hand.
        let wrap = max(10, width - 3)
        let title = model.selection.flatMap { model.rows.indices.contains($0) ? model.rows[$0] : nil }
        let urlLines =
            (title.map { TextWidth.wrap($0, to: wrap) + [""] } ?? []) + (model.url.map { TextWidth.wrap($0, to: wrap) } ?? [])
        parts.visibleRows = max(1, canvas.size.height - min(urlLines.count + 1, canvas.size.height / 2))
        for index in parts.list.visibleRange(rows: parts.visibleRows) {
            let y = index - parts.list.offset
            let selected = index == model.selection
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            parts.markRow(index, of: Self.listName, y: y, width: width, on: canvas)
            canvas.draw(model.rows[index], at: Point(x: 2, y: y), style: selected ? .accent : .normal, maxWidth: width - 3)
        }
        let top = min(model.rows.count, parts.visibleRows) + 1
        for (i, line) in urlLines.enumerated() where top + i < canvas.size.height {
            canvas.draw(line, at: Point(x: 2, y: top + i), style: .dim)
        }
    }
}
