import TermUI

/// Numbered pins for the stops and their names where there is room.
@MainActor
struct PinLayer {
    let canvas: Canvas
    let size: Size
    /// Cells already taken by a pin, a name or the scale bar: names never cover them.
    var occupied: [Bool]

    init(canvas: Canvas, size: Size) {
        self.canvas = canvas
        self.size = size
        occupied = Array(repeating: false, count: size.width * size.height)
    }

    /// A pin and where its text sits.
    private struct Placed {
        let index: Int
        let x: Int, y: Int, width: Int
    }

    /// Draws the stop numbers, then the names that fit, both by priority: the selected stop, the
    /// two ends, then the rest in trip order.
    ///
    /// A number whose cell another already took (or touches) moves to the nearest free place
    /// beside it, so two stops a street apart show as "3" and "4" near each other instead of one
    /// hiding the other (and a name then reading as the wrong stop's). A name goes right, left, above or below its
    /// number, wherever it touches nothing else; one that fits nowhere is left out.
    mutating func draw(pins: [PreparedRoute.Pin], model: MapModel, viewport: Viewport) {
        let last = model.stops.count - 1
        func rank(_ index: Int) -> Int {
            index == model.selectedIndex ? -2 : (index == 0 || index == last ? -1 : index)
        }
        var placed: [Placed] = []
        for pin in pins.sorted(by: { rank($0.index) < rank($1.index) }) {
            guard let number = place(pin, selected: pin.index == model.selectedIndex, viewport: viewport) else { continue }
            placed.append(number)
            // The selected stop's and the ends' names go with their numbers, before the numbers of
            // the stops between can take their room; those move aside instead.
            if rank(pin.index) < 0 { name(number, model: model) }
        }
        for number in placed where rank(number.index) >= 0 { name(number, model: model) }
    }

    /// Draws a stop's number at its cell, or the nearest free place beside it; nil when none is free.
    private mutating func place(_ pin: PreparedRoute.Pin, selected: Bool, viewport: Viewport) -> Placed? {
        let dot = viewport.dot(pin.point, size: size)
        guard dot.x >= 0, dot.y >= 0 else { return nil }
        let cx = Int(dot.x / 2), cy = Int(dot.y / 4)
        guard cx < size.width, cy < size.height else { return nil }
        let number = String(pin.index + 1)
        let text = selected ? "[" + number + "]" : number
        let width = TextWidth.of(text), x = selected ? cx - 1 : cx
        let cells = Self.nearby(width: width).map { (x + $0.0, cy + $0.1) }
        guard let cell = cells.first(where: { isApart(x: $0.0, y: $0.1, width: width) }) else { return nil }
        canvas.draw(text, at: Point(x: cell.0, y: cell.1), style: selected ? .pinSelected : .pin)
        // A click on the number selects the stop, as a click on its row does.
        canvas.mark(Rect(x: cell.0, y: cell.1, width: width, height: 1), as: .row(list: MapTargets.stops, index: pin.index))
        mark(x: cell.0, y: cell.1, width: width)
        return Placed(index: pin.index, x: cell.0, y: cell.1, width: width)
    }

    /// Draws `marker` as a diamond at its cell with its name beside it, first, so no stop's number
    /// or name covers the place the person is looking at.
    mutating func drawMarker(_ marker: MapModel.Stop, viewport: Viewport, unicode: Bool) {
        let point = WebMercator.project(latitude: marker.coordinate.latitude, longitude: marker.coordinate.longitude)
        let dot = viewport.dot(point, size: size)
        guard dot.x >= 0, dot.y >= 0 else { return }
        let x = Int(dot.x / 2), y = Int(dot.y / 4)
        guard x < size.width, y < size.height else { return }
        canvas.draw(unicode ? "◆" : "*", at: Point(x: x, y: y), style: .pinSelected)
        mark(x: x, y: y, width: 1)
        name(Placed(index: -1, x: x, y: y, width: 1), text: marker.name, style: .accent)
    }

    /// Offsets from a number's own cell to try, nearest first: up to two rows and two numbers' widths away.
    private static func nearby(width: Int) -> [(Int, Int)] {
        let step = width + 1
        var offsets: [(Int, Int)] = []
        for dy in -2...2 { for dx in -2...2 { offsets.append((dx * step, dy)) } }
        // Rows count double: a number a row off looks farther from its place than one beside it.
        return offsets.sorted { abs($0.0) + 2 * abs($0.1) * step < abs($1.0) + 2 * abs($1.1) * step }
    }

    /// Draws a stop's name on the first side of its number where it touches nothing, if any.
    private mutating func name(_ pin: Placed, model: MapModel) {
        name(pin, text: model.stops[pin.index].name, style: pin.index == model.selectedIndex ? .accent : .normal)
    }

    private mutating func name(_ pin: Placed, text: String, style: Style) {
        let name = TextWidth.truncate(TerminalText.sanitize(text), to: 18)
        guard TextWidth.of(name) > 0 else { return }
        for side in Self.sides(of: pin, name: name) where isFree(x: side.x, y: side.y, width: TextWidth.of(side.text)) {
            canvas.draw(side.text, at: Point(x: side.x, y: side.y), style: style)
            mark(x: side.x, y: side.y, width: TextWidth.of(side.text))
            return
        }
    }

    /// Where a name may go, in order: right of the pin, left, the row above, the row below; with a
    /// blank drawn beside it, so names, numbers and the route's dots never touch.
    private static func sides(of pin: Placed, name: String) -> [(x: Int, y: Int, text: String)] {
        let width = TextWidth.of(name)
        return [
            (pin.x + pin.width, pin.y, " " + name), (pin.x - width - 1, pin.y, name + " "),
            (pin.x - 1, pin.y - 1, " " + name + " "), (pin.x - 1, pin.y + 1, " " + name + " ")
        ]
    }

    /// True if a number fits from `x` over `width` with a free cell (or the map's edge) on either
    /// side: "3" and "4" in adjacent cells would read as 34.
    private func isApart(x: Int, y: Int, width: Int) -> Bool {
        guard isFree(x: x, y: y, width: width) else { return false }
        return (x == 0 || isFree(x: x - 1, y: y, width: 1)) && (x + width == size.width || isFree(x: x + width, y: y, width: 1))
    }

    /// True if the cells from `x` over `width` are on the map and free.
    func isFree(x: Int, y: Int, width: Int) -> Bool {
        guard x >= 0, x + width <= size.width, y >= 0, y < size.height else { return false }
        for i in x..<(x + width) where occupied[y * size.width + i] { return false }
        return true
    }

    mutating func mark(x: Int, y: Int, width: Int) {
        guard y >= 0, y < size.height else { return }
        for i in max(0, x)..<max(max(0, x), min(size.width, x + width)) { occupied[y * size.width + i] = true }
    }
}
