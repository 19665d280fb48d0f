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

    /// Draws the pins (the selected one last, on top, in brackets) then the names that fit.
    mutating func draw(pins: [PreparedRoute.Pin], model: MapModel, viewport: Viewport) {
        var placed: [Placed] = []
        let ordered = pins.filter { $0.index != model.selectedIndex } + pins.filter { $0.index == model.selectedIndex }
        for pin in ordered {
            let dot = viewport.dot(pin.point, size: size)
            guard dot.x >= 0, dot.y >= 0 else { continue }
            let cx = Int(dot.x / 2), cy = Int(dot.y / 4)
            guard cx < size.width, cy < size.height else { continue }
            let selected = pin.index == model.selectedIndex
            let number = String(pin.index + 1)
            let text = selected ? "[" + number + "]" : number
            let x = selected ? cx - 1 : cx
            canvas.draw(text, at: Point(x: x, y: cy), style: selected ? .pinSelected : .pin)
            mark(x: x, y: cy, width: TextWidth.of(text))
            placed.append(Placed(index: pin.index, x: x, y: cy, width: TextWidth.of(text)))
        }
        // Names by priority: the selected stop's first, then in trip order.
        let byPriority = placed.reversed().sorted { a, b in
            (a.index == model.selectedIndex ? -1 : a.index) < (b.index == model.selectedIndex ? -1 : b.index)
        }
        var named = Set<Int>()
        for pin in byPriority where named.insert(pin.index).inserted {
            let name = TextWidth.truncate(TerminalText.sanitize(model.stops[pin.index].name), to: 18)
            let width = TextWidth.of(name)
            guard width > 0 else { continue }
            // A blank between pin and name keeps them apart from the lines around; the name goes right, else left.
            let right = (x: pin.x + pin.width, text: " " + name), left = (x: pin.x - width - 1, text: name + " ")
            for side in [right, left] where isFree(x: side.x, y: pin.y, width: width + 1) {
                canvas.draw(
                    side.text, at: Point(x: side.x, y: pin.y), style: pin.index == model.selectedIndex ? .accent : .normal)
                mark(x: side.x, y: pin.y, width: width + 1)
                break
            }
        }
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
