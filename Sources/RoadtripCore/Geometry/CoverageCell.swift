/// Cells of a quarter of a degree (about 28 km north to south) that say where an extract's data
/// lies: what `roads import` records of each extract and what routing reads to know whether a
/// stop is in reach of a region's roads.
public enum CoverageCell {
    public static let perDegree = 4
    static let columns = 360 * perDegree
    static let rows = 180 * perDegree

    /// `row * 1440 + column`, rows from the South Pole and columns from 180° W.
    public static func index(latitude: Double, longitude: Double) -> Int32 {
        guard latitude.isFinite, longitude.isFinite else { return -1 }
        let row = min(rows - 1, max(0, Int(((latitude + 90) * Double(perDegree)).rounded(.down))))
        let column = min(columns - 1, max(0, Int(((longitude + 180) * Double(perDegree)).rounded(.down))))
        return Int32(row * columns + column)
    }

    /// The cell and the eight around it (across 180° too): a stop just past an extract's last node is in reach.
    public static func neighbourhood(_ cell: Int32) -> [Int32] {
        let row = Int(cell) / columns, column = Int(cell) % columns
        var out: [Int32] = []
        for dr in -1...1 where row + dr >= 0 && row + dr < rows {
            for dc in -1...1 {
                out.append(Int32((row + dr) * columns + (column + dc + columns) % columns))
            }
        }
        return out
    }
}
