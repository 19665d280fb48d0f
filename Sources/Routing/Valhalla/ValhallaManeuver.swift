import Foundation
import RoadtripCore

/// One manoeuvre of a Valhalla leg (`directions_type: "maneuvers"`), and how it reads as the
/// `RouteStep` every screen and printout already knows from OSRM.
struct ValhallaManeuver: Decodable, Equatable {
    /// Valhalla's manoeuvre type, 0…39 (`valhalla/proto/directions.proto`).
    var type: Int
    var streetNames: [String]?
    /// In the trip's units (kilometres, as asked).
    var length: Double
    var time: Double
    var roundaboutExitCount: Int?
    var travelType: String?

    enum CodingKeys: String, CodingKey {
        case type
        case streetNames = "street_names"
        case length
        case time
        case roundaboutExitCount = "roundabout_exit_count"
        case travelType = "travel_type"
    }

    /// Valhalla's types as OSRM's manoeuvre and modifier, which `RouteStep.instruction` words.
    static let kinds: [Int: (maneuver: String, modifier: String?)] = [
        1: ("depart", nil), 2: ("depart", "right"), 3: ("depart", "left"),
        4: ("arrive", nil), 5: ("arrive", "right"), 6: ("arrive", "left"),
        7: ("new name", nil), 8: ("continue", "straight"),
        9: ("turn", "slight right"), 10: ("turn", "right"), 11: ("turn", "sharp right"),
        12: ("turn", "uturn"), 13: ("turn", "uturn"),
        14: ("turn", "sharp left"), 15: ("turn", "left"), 16: ("turn", "slight left"),
        17: ("on ramp", "straight"), 18: ("on ramp", "right"), 19: ("on ramp", "left"),
        20: ("off ramp", "right"), 21: ("off ramp", "left"),
        22: ("fork", "straight"), 23: ("fork", "right"), 24: ("fork", "left"),
        25: ("merge", nil), 26: ("roundabout", nil), 27: ("exit roundabout", nil),
        28: ("continue", nil), 29: ("continue", nil),
        37: ("merge", "right"), 38: ("merge", "left")
    ]

    /// The step, with lengths in metres (`metresPerUnit` from the trip's units). A road number
    /// ("D 2564", "A8") among the street names becomes the step's ref; the first other name its name.
    func step(metresPerUnit: Double) -> RouteStep {
        let kind = Self.kinds[type] ?? ("continue", nil)
        let names = (streetNames ?? []).compactMap { PlainText.name($0) }
        let refs = names.filter(Self.isRoadNumber)
        let ferry = type == 28 || travelType == "ferry"
        return RouteStep(
            maneuver: kind.maneuver, modifier: kind.modifier,
            name: names.first { !Self.isRoadNumber($0) } ?? "",
            ref: refs.isEmpty ? nil : refs.joined(separator: "; "),
            exit: type == 26 ? roundaboutExitCount : nil,
            mode: ferry ? "ferry" : "driving",
            distanceMeters: length * metresPerUnit, durationSeconds: time)
    }

    /// "A8", "D 2564", "E 80", "N7": one to three capitals, then digits.
    static func isRoadNumber(_ name: String) -> Bool {
        name.range(of: #"^[A-Z]{1,3} ?[0-9]+[a-z]?$"#, options: .regularExpression) != nil
    }
}
