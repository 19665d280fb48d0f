import Foundation
import RoadtripCore
import TermUI

/// The scale bar: a round distance in the trip's unit and the width it takes on the map.
struct ScaleBar: Equatable {
    let cells: Int
    let label: String

    /// The longest round distance (1, 2 or 5 times a power of ten) that fits in `maxCells`.
    init?(metersPerCell: Double, unit: DistanceUnit, maxCells: Int) {
        guard metersPerCell.isFinite, metersPerCell > 0, maxCells >= 2 else { return nil }
        let maxUnits = Double(maxCells) * metersPerCell / unit.metersPerUnit
        var magnitude = pow(10, (log10(maxUnits)).rounded(.down))
        var nice = magnitude
        for m in [5.0, 2.0, 1.0] where m * magnitude <= maxUnits {
            nice = m * magnitude
            break
        }
        if nice > maxUnits {
            magnitude /= 10
            nice = 5 * magnitude
        }
        let meters = nice * unit.metersPerUnit
        cells = max(2, Int((meters / metersPerCell).rounded()))
        label = Formatting.distance(meters, unit: unit)
    }

    /// The bar as text: ├───┤ 500 km, or |---| 500 km without Unicode.
    func text(unicode: Bool) -> String {
        let inner = String(repeating: unicode ? "─" : "-", count: cells - 2)
        return (unicode ? "├" + inner + "┤" : "|" + inner + "|") + " " + label
    }
}
