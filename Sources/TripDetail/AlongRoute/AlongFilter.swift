import RoadtripCore

/// The kind filters `f` steps through on the "Along the route" screen, the usual things first.
struct AlongFilter: Equatable, Sendable {
    let name: String
    let kinds: [AlongKind]

    private static func kinds(_ names: String...) -> [AlongKind] { names.compactMap(AlongKind.named) }

    /// Services a driver stops for, not a sight to see.
    private static let services: Set<String> = ["fuel", "charging", "lodging", "camp", "food", "town"]

    static let all: [AlongFilter] = [
        AlongFilter(name: "Sights and nature", kinds: AlongKind.all.filter { !services.contains($0.name) }),
        AlongFilter(name: "Parks", kinds: kinds("park")),
        AlongFilter(name: "Sights", kinds: kinds("sight", "castle", "museum")),
        AlongFilter(name: "Views and passes", kinds: kinds("viewpoint", "peak", "pass", "road")),
        AlongFilter(name: "Water and caves", kinds: kinds("lake", "waterfall", "beach", "cave", "glacier", "fjord", "canyon")),
        AlongFilter(name: "Fuel", kinds: kinds("fuel")),
        AlongFilter(name: "Charging", kinds: kinds("charging")),
        AlongFilter(name: "Places to sleep", kinds: kinds("lodging", "camp")),
        AlongFilter(name: "Food", kinds: kinds("food")),
        AlongFilter(name: "Towns", kinds: kinds("town")),
        AlongFilter(name: "Everything", kinds: AlongKind.all)
    ]
}
