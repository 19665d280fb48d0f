import Foundation

/// One turn-by-turn instruction of a road router: what to do where, and how far and long the road
/// after it runs.
public struct RouteStep: Sendable, Hashable {
    /// OSRM's manoeuvre type ("depart", "turn", "roundabout", "arrive"…).
    public var maneuver: String
    /// "left", "slight right", "uturn"…; nil when the manoeuvre has no direction.
    public var modifier: String?
    /// The modifiers OSRM documents (Valhalla's are mapped onto them): any other word from a server is dropped.
    public static let modifiers: Set<String> = [
        "uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left"
    ]
    /// The road's name; "" when it has none. From outside: sanitise before printing.
    public var name: String
    /// The road's number ("E12", "A8; E80"); nil when it has none.
    public var ref: String?
    /// The roundabout exit to take, when the manoeuvre is a roundabout.
    public var exit: Int?
    /// "driving", "ferry"…
    public var mode: String
    public var distanceMeters: Double
    public var durationSeconds: Double

    public init(
        maneuver: String, modifier: String? = nil, name: String, ref: String? = nil, exit: Int? = nil,
        mode: String = "driving", distanceMeters: Double, durationSeconds: Double
    ) {
        self.maneuver = maneuver
        self.modifier = modifier
        self.name = name
        self.ref = ref
        self.exit = exit
        self.mode = mode
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}

/// The instructions of one leg; the steps' figures add up to the leg's.
public struct LegDirections: Sendable, Hashable {
    public var steps: [RouteStep]
    public var distanceMeters: Double
    public var durationSeconds: Double

    public init(steps: [RouteStep], distanceMeters: Double, durationSeconds: Double) {
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}

/// Directions for a trip, or why there are none.
public enum DirectionsResult: Sendable, Hashable {
    /// One entry per leg.
    case directions([LegDirections])
    /// One line: "directions need a road router: give --osrm URL", or the server's failure.
    case unavailable(String)
}

/// Another way to drive one leg, as a road router offers it.
public struct RouteAlternative: Sendable, Hashable {
    public var distanceMeters: Double
    public var durationSeconds: Double
    /// The longest named roads, longest first (at most three): how people tell routes apart.
    public var mainRoads: [String]
    public var geometry: [Coordinate]
    /// A point this route passes and the others do not: saving it as a via stop keeps this route
    /// chosen on any server. Nil for a route no point tells apart.
    public var shapingPoint: Coordinate?

    public init(
        distanceMeters: Double, durationSeconds: Double, mainRoads: [String], geometry: [Coordinate],
        shapingPoint: Coordinate? = nil
    ) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.mainRoads = mainRoads
        self.geometry = geometry
        self.shapingPoint = shapingPoint
    }
}

extension RouteStep {
    /// "Mannerheimintie (E12)", "E12", "the road" when it has neither.
    var roadText: String {
        let ref = (self.ref ?? "").trimmingCharacters(in: .whitespaces)
        switch (name.isEmpty, ref.isEmpty) {
        case (false, false): return "\(name) (\(ref))"
        case (false, true): return name
        case (true, false): return ref
        case (true, true): return "the road"
        }
    }

    /// "Turn right onto Mannerheimintie (E12)": the manoeuvre in words, without the figures.
    public var instruction: String {
        let road = roadText
        // "slight right" reads "slightly right" after a verb ("Keep slightly right", "Turn slightly right").
        let direction = modifier.map {
            $0 == "uturn" ? "make a U-turn" : $0.replacingOccurrences(of: "slight ", with: "slightly ")
        }
        if direction == "make a U-turn", maneuver != "depart", maneuver != "arrive" {
            return "Make a U-turn onto \(road)"
        }
        switch maneuver {
        case "depart":
            // OSRM's depart modifier is relative to a heading the driver does not have yet: left out.
            return "Start on \(road)"
        case "arrive":
            return "Arrive" + (modifier.map { $0 == "straight" ? "" : " (destination on the \($0))" } ?? "")
        case "roundabout", "rotary":
            return "At the roundabout take the " + (exit.map { Self.ordinal($0) + " exit" } ?? "exit") + " onto \(road)"
        case "exit roundabout", "exit rotary":
            return "Leave the roundabout onto \(road)"
        case "merge":
            return "Merge " + (direction.map { "\($0) " } ?? "") + "onto \(road)"
        case "on ramp":
            return "Take the ramp " + (direction.map { "on the \($0) " } ?? "") + "onto \(road)"
        case "off ramp":
            return "Take the exit " + (direction.map { "on the \($0) " } ?? "") + "onto \(road)"
        case "fork":
            return "Keep " + (direction ?? "ahead") + " at the fork onto \(road)"
        case "end of road":
            return "At the end of the road turn " + (direction ?? "") + " onto \(road)"
        case "continue", "new name", "notification":
            if mode == "ferry" { return "Take the ferry \(road)" }
            return (direction == nil || direction == "straight" ? "Continue" : "Continue \(direction!)") + " onto \(road)"
        default:
            if mode == "ferry" { return "Take the ferry \(road)" }
            guard let direction, direction != "straight" else { return "Go straight onto \(road)" }
            return direction == "make a U-turn" ? "Make a U-turn onto \(road)" : "Turn \(direction) onto \(road)"
        }
    }

    /// "Turn right onto Mannerheimintie (E12), 1.2 km": what the directions print per step. An
    /// arrival has no distance after it.
    public func sentence(unit: DistanceUnit) -> String {
        maneuver == "arrive" ? instruction : instruction + ", " + Formatting.distance(distanceMeters, unit: unit)
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix =
            (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }
}

extension LegDirections {
    /// The longest named roads of the leg, longest first, each once ("A8", "Boulevard Princesse Charlotte").
    public func mainRoads(limit: Int = 3) -> [String] {
        var meters: [String: Double] = [:]
        for step in steps where step.maneuver != "arrive" {
            let road = step.roadText
            guard road != "the road" else { continue }
            meters[road, default: 0] += step.distanceMeters
        }
        return meters.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map(\.key)
    }
}

extension Trip {
    /// Directions between real stops: the legs through a shaping point are joined, its "arrive"
    /// dropped and its "depart" read as "continue", since the driver passes it without stopping.
    /// `legs` has one entry per leg of all the waypoints; anything else is returned as it is.
    public func directionsWithoutShapingPoints(_ legs: [LegDirections]) -> (names: [String], legs: [LegDirections]) {
        let names = waypoints.filter { !$0.via }.map(\.name)
        guard waypoints.contains(where: \.via), legs.count == waypoints.count - 1 else {
            return (waypoints.map(\.name), legs)
        }
        let joined = joinedAtRealStops(legs) { open, leg in
            var open = open
            var steps = leg.steps
            if let first = steps.first, first.maneuver == "depart" {
                steps[0].maneuver = "continue"
                steps[0].modifier = nil
            }
            if open.steps.last?.maneuver == "arrive" { open.steps.removeLast() }
            open.steps += steps
            open.distanceMeters += leg.distanceMeters
            open.durationSeconds += leg.durationSeconds
            return open
        }
        return (names, joined)
    }
}
