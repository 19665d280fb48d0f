/// A grid of braille dots, 2 across and 4 down per character cell, for one map layer.
///
/// Terminal cells are about twice as tall as wide, so each dot is close to square and the map
/// keeps its shape.
struct DotRaster {
    let columns: Int
    let rows: Int
    /// One byte per cell, its bits in the Unicode braille order (so the glyph is U+2800 + bits).
    private(set) var cells: [UInt8]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    /// Braille bit of the dot at column `dx` (0, 1) and row `dy` (0…3) inside a cell.
    private static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    mutating func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y >> 2) * columns + (x >> 1)] |= Self.bits[y & 3][x & 1]
    }

    /// A straight line between two dot positions (Bresenham), both already inside the raster.
    mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            set(x, y)
            if x == x1 && y == y1 { return }
            let e2 = 2 * err
            if e2 >= dy {
                err += dy
                x += sx
            }
            if e2 <= dx {
                err += dx
                y += sy
            }
        }
    }

    func bits(column: Int, row: Int) -> UInt8 { cells[row * columns + column] }
}

/// The character for a cell's dots: a braille pattern, or an ASCII stand-in where the terminal has no Unicode.
enum DotGlyph {
    static func character(_ bits: UInt8, unicode: Bool, heavy: Bool) -> Character {
        if unicode { return Character(Unicode.Scalar(0x2800 + UInt32(bits))!) }
        // Top half: rows 0–1 (bits 0x01 0x02 0x08 0x10); bottom half: rows 2–3.
        if heavy { return "*" }
        let top = bits & 0x1B != 0, bottom = bits & 0xE4 != 0
        switch (top, bottom) {
        case (true, true): return ":"
        case (true, false): return "'"
        default: return "."
        }
    }
}
