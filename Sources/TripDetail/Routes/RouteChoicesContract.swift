import RoadtripCore
import TermUI

// The routing choices of the trip screen: what the trip avoids (`v`), its turn-by-turn directions
// (`D`), and the next of the router's routes to a stop (`A`, kept as a via point).

@MainActor
protocol RouteChoicesInteractorProtocol: AnyObject {
    var output: RouteChoicesInteractorOutput? { get set }
    /// Moves the trip to the next avoidance (nothing, motorways, tolls, ferries, motorways and tolls, all).
    func cycleAvoid() -> (avoid: RoadAvoidance, error: String?)
    /// The directions page's lines; "Asking … for directions…" until the router answers.
    func directionsLines() -> [String]
    /// Asks for the routes of the leg reaching stop `row` and takes the next one as a shaping point;
    /// what happened arrives through `output`.
    func cycleAlternative(arrivingAt row: Int)
}

@MainActor
protocol RouteChoicesInteractorOutput: AnyObject {
    /// The next alternative of a leg was chosen (the trip changed), or why not.
    func alternativeDidArrive(_ message: StatusMessage)
}
