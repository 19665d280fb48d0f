import TermUI

/// Where trip detail puts the map next to its waypoint list for a given screen area.
///
/// Wide screens get the map beside the list, tall narrow ones under it, small ones none (the
/// full-screen map is still a key away). One cell is left between list and map.
public enum MapPlacement: Equatable, Sendable {
    case beside(list: Rect, map: Rect)
    case below(list: Rect, map: Rect)
    case hidden(list: Rect)

    /// The list keeps at least this many columns beside the map.
    static let minListWidth = 48
    /// The map is only worth showing at least this large.
    static let minMapSize = Size(width: 30, height: 8)
    /// The list keeps at least this many rows above the map.
    static let minListHeight = 8

    /// The placement for `area` (the screen less its header and status lines).
    public static func layout(_ area: Rect) -> MapPlacement {
        let listWidth = max(minListWidth, area.width * 45 / 100)
        if area.width - listWidth - 1 >= minMapSize.width * 3 / 2, area.height >= minMapSize.height {
            return .beside(
                list: Rect(x: area.x, y: area.y, width: listWidth, height: area.height),
                map: Rect(x: area.x + listWidth + 1, y: area.y, width: area.width - listWidth - 1, height: area.height))
        }
        let listHeight = max(minListHeight, area.height / 2)
        if area.height - listHeight - 1 >= minMapSize.height, area.width >= minMapSize.width {
            return .below(
                list: Rect(x: area.x, y: area.y, width: area.width, height: listHeight),
                map: Rect(x: area.x, y: area.y + listHeight + 1, width: area.width, height: area.height - listHeight - 1))
        }
        return .hidden(list: area)
    }

    /// The list's area.
    public var list: Rect {
        switch self {
        case .beside(let list, _), .below(let list, _), .hidden(let list): list
        }
    }

    /// The map's area, nil when hidden.
    public var map: Rect? {
        switch self {
        case .beside(_, let map), .below(_, let map): map
        case .hidden: nil
        }
    }
}
