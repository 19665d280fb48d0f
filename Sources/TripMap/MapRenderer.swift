import TermUI

/// What the map marks for the mouse: the whole map as an area (the wheel pans it) and each stop's
/// number as a row of the stop list (a click selects that stop).
public enum MapTargets {
    public static let area = "map"
    public static let stops = "stops"
}

/// Draws the map of `model` filling `canvas` (hand it a region of the screen to embed the map).
///
/// Land and borders come from `state.outlines`; until they are loaded the map shows without
/// them and the news of their arrival reaches the UI thread through `state.deliverNews`. `unicode` false draws ASCII dots
/// instead of braille, for terminals without UTF-8.
@MainActor
public func drawMap(_ model: MapModel, state: MapState, on canvas: Canvas, unicode: Bool = true) {
    let size = canvas.size
    guard size.width >= 4, size.height >= 2 else { return }
    canvas.mark(Rect(x: 0, y: 0, width: size.width, height: size.height), as: .area(MapTargets.area))
    let route = state.route(for: model)
    let viewport = state.viewport(for: route, selected: model.selectedIndex, size: size)
    let lines = LineLayer(viewport: viewport, size: size)

    var land = DotRaster(columns: size.width, rows: size.height)
    let outlines = landOutlines(for: viewport, size: size, state: state)
    if let outlines { lines.draw(outlines.lines, into: &land) }
    var path = DotRaster(columns: size.width, rows: size.height)
    lines.draw(route.lines, into: &path)
    drawCells(land: land, route: path, on: canvas, unicode: unicode)

    var pins = PinLayer(canvas: canvas, size: size)
    if size.height >= 3,
        let bar = ScaleBar(
            metersPerCell: viewport.metersPerDot * 2, unit: model.unit,
            maxCells: min(20, max(4, size.width / 4)))
    {
        let text = bar.text(unicode: unicode)
        canvas.draw(text, at: Point(x: 1, y: size.height - 1), style: .normal)
        pins.mark(x: 1, y: size.height - 1, width: TextWidth.of(text))
    }
    if let marker = model.marker { pins.drawMarker(marker, viewport: viewport, unicode: unicode) }
    pins.draw(pins: route.pins, model: model, viewport: viewport)
    drawNotes(model: model, route: route, outlinesShown: outlines != nil, state: state, on: canvas)
}

/// The outlines for this zoom: the fine ones when under about 25° of longitude shows and they are
/// loaded, else the 1:110m ones if loaded, else none (and the load starts).
@MainActor
private func landOutlines(for viewport: Viewport, size: Size, state: MapState) -> OutlineSet? {
    let wantFine = viewport.visibleBounds(size: size).width < 25 * Double.pi / 180
    if wantFine, let fine = state.landOutlines(.fine) { return fine }
    return state.landOutlines(.coarse)
}

/// Writes the dot layers as characters, one run of text per style, the route over the land.
@MainActor
private func drawCells(land: DotRaster, route: DotRaster, on canvas: Canvas, unicode: Bool) {
    for row in 0..<land.rows {
        var run = "", runStyle = Style.normal, runStart = 0
        for column in 0..<land.columns {
            let routeBits = route.bits(column: column, row: row), landBits = land.bits(column: column, row: row)
            let style: Style, ch: Character
            if routeBits != 0 {
                style = .route
                ch = DotGlyph.character(unicode ? routeBits | landBits : routeBits, unicode: unicode, heavy: true)
            } else if landBits != 0 {
                style = .land
                ch = DotGlyph.character(landBits, unicode: unicode, heavy: false)
            } else {
                style = .normal
                ch = " "
            }
            if style != runStyle, !run.isEmpty {
                canvas.draw(run, at: Point(x: runStart, y: row), style: runStyle)
                run = ""
            }
            if run.isEmpty {
                runStart = column
                runStyle = style
            }
            run.append(ch)
        }
        if !run.isEmpty { canvas.draw(run, at: Point(x: runStart, y: row), style: runStyle) }
    }
}

/// One-line notes: nothing to show, stops left out, outlines not (yet) there.
@MainActor
private func drawNotes(model: MapModel, route: PreparedRoute, outlinesShown: Bool, state: MapState, on canvas: Canvas) {
    let size = canvas.size
    if route.pins.isEmpty {
        let note = model.stops.isEmpty ? "No stops to show" : "No stop has a valid position to show"
        let text = TextWidth.truncate(note, to: size.width)
        canvas.draw(text, at: Point(x: max(0, (size.width - TextWidth.of(text)) / 2), y: size.height / 2), style: .dim)
    } else if route.invalidCount > 0 {
        let n = route.invalidCount
        canvas.draw(
            n == 1 ? "1 stop has no valid position" : "\(n) stops have no valid position",
            at: Point(x: 0, y: 0), style: .warning)
    }
    if !outlinesShown {
        let failed = state.outlines.failure(.coarse) != nil
        let note = failed ? "no land outlines" : "loading land…"
        let width = TextWidth.of(note)
        canvas.draw(note, at: Point(x: max(0, size.width - width), y: 0), style: .dim)
    }
}
