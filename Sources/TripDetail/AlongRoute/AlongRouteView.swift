import RoadtripCore
import ScreenKit
import TermUI
import TripMap

/// The "Along the route" screen: the filter line, the places as a table, the map with the
/// highlighted place, and the keys.
@MainActor
final class AlongRouteView: Screen, AlongRouteViewProtocol {
    var presenter: AlongRoutePresenterProtocol!
    private var model: AlongRouteViewModel?
    private var parts = ListScreenParts()
    /// Its own zoom: fitted to the trip, whatever the trip screen's map shows.
    var mapState = MapState()
    var unicode = true

    static let listName = "along"

    /// Every key of the screen, declared once for dispatch, the status line, `?` help and docs/keys.md.
    static let keys = KeyTable<AlongRouteAction, SingleMode>(
        "along the route",
        ListMove.allCases.map { KeyBinding($0.keys, .move($0), help: $0.help, hint: $0 == .down ? "move" : nil, hintKeys: "↑↓") }
            + [
                KeyBinding([.enter], .add, help: "add the place as a stop on the leg it lies along (u undoes it)", hint: "add"),
                KeyBinding(
                    [.char("f")], .nextFilter,
                    help: "next kind: sights, parks, views, water, fuel, charging, sleep, food, towns, all", hint: "kind"),
                KeyBinding([.char("F")], .previousFilter, help: "previous kind"),
                KeyBinding(
                    [.char("+"), .char("=")], .wider, help: "look farther from the route (1 to 100 km)", hint: "width",
                    hintKeys: "+/-"),
                KeyBinding([.char("-"), .char("_")], .narrower, help: "look closer to the route"),
                KeyBinding([.char("s")], .sort, help: "order: along the route → shortest detour → best known", hint: "order"),
                KeyBinding([.char("?"), .function(1)], .help, help: "every key of this screen", hint: "help"),
                KeyBinding(
                    [.escape, .char("q"), .left], .back, help: "back to the trip: nothing is added", hint: "back", hintKeys: "Esc"
                )
            ])

    init() {}

    func show(_ model: AlongRouteViewModel) {
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
        case let .select(row): presenter.didSelectRow(row)
        case let .open(row):
            presenter.didSelectRow(row)
            presenter.handle(.add)
        case .move: break
        }
    }

    func draw(on canvas: Canvas) {
        guard let model else { return }
        let size = canvas.size
        Chrome.drawHeader(model.title, on: canvas)
        canvas.draw(model.filter, at: Point(x: 2, y: 1), style: .accent, maxWidth: size.width - 4)
        let area = Rect(x: 0, y: 3, width: size.width, height: max(0, size.height - 5))
        let (listRect, mapRect) = Self.layout(area)
        drawList(model, on: canvas.region(listRect))
        if let mapRect { drawMap(model.map, state: mapState, on: canvas.region(mapRect), unicode: unicode) }
        Chrome.drawStatus(hints: Self.keys.hints(in: .only), message: parts.message(model.message), on: canvas)
        parts.help.draw(Self.keys, mode: .only, on: canvas)
    }

    /// The table keeps 80 columns where it can, the map the rest beside it; a narrower screen puts
    /// the map under the table when there is height for both, and leaves it out otherwise.
    static func layout(_ area: Rect) -> (list: Rect, map: Rect?) {
        let table = 80, mapWidth = area.width - table - 1
        if mapWidth >= 30, area.height >= 8 {
            return (
                Rect(x: area.x, y: area.y, width: table, height: area.height),
                Rect(x: area.x + table + 1, y: area.y, width: mapWidth, height: area.height)
            )
        }
        if area.height >= 22 {
            let mapHeight = area.height / 3
            return (
                Rect(x: area.x, y: area.y, width: area.width, height: area.height - mapHeight - 1),
                Rect(x: area.x, y: area.y + area.height - mapHeight, width: area.width, height: mapHeight)
            )
        }
        return (area, nil)
    }

    private func drawList(_ model: AlongRouteViewModel, on canvas: Canvas) {
        let width = canvas.size.width
        canvas.draw(AlongTable.line(model.header, width: width - 1), at: Point(x: 1, y: 0), style: .dim)
        let firstRow = 1
        parts.visibleRows = max(1, canvas.size.height - firstRow)
        if model.rows.count > parts.visibleRows { parts.visibleRows = max(1, parts.visibleRows - 1) }
        if model.rows.isEmpty {
            for (i, line) in TextWidth.wrap(model.emptyText, to: max(10, width - 4)).prefix(3).enumerated() {
                canvas.draw(line, at: Point(x: 2, y: firstRow + 1 + i), style: .dim)
            }
        }
        for index in parts.list.visibleRange(rows: parts.visibleRows) {
            let y = firstRow + index - parts.list.offset
            let selected = index == model.selection
            canvas.draw(selected ? "▶" : " ", at: Point(x: 0, y: y), style: selected ? .selected : .normal)
            parts.markRow(index, of: Self.listName, y: y, width: width, on: canvas)
            canvas.draw(
                AlongTable.line(model.rows[index], width: width - 1), at: Point(x: 1, y: y), style: selected ? .accent : .normal)
        }
        if parts.list.offset + parts.visibleRows < model.rows.count {
            canvas.draw("↓ more", at: Point(x: max(0, width - 8), y: firstRow + parts.visibleRows), style: .dim)
        }
    }
}
