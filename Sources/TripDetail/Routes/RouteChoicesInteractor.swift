import Foundation
import RoadtripCore
import TermUI

/// The trip screen's routing choices: what the trip avoids (`v`), its directions (`D`) and the
/// alternative a leg follows (`A`, kept as a via point).
@MainActor
final class RouteChoicesInteractor: RouteChoicesInteractorProtocol {
    weak var output: RouteChoicesInteractorOutput?
    private let shown: ShownTrip
    /// The directions page's lines and what they were asked for (stops, avoidance, unit).
    private var directions: (key: DirectionsKey, lines: [String], task: Task<Void, Never>?)?
    /// The alternatives search under way (one leg at a time).
    private var alternativesJob: Task<Void, Never>?

    struct DirectionsKey: Equatable {
        var stops: [Coordinate]
        var names: [String]
        var vias: [Bool]
        var avoid: RoadAvoidance
        var unit: DistanceUnit
    }

    init(_ shown: ShownTrip) {
        self.shown = shown
    }

    private func trip() -> Trip? { shown.trip() }

    func cycleAvoid() -> (avoid: RoadAvoidance, error: String?) {
        guard let next = trip()?.avoid.next else { return ([], nil) }
        let error = shown.repository.update(tripID: shown.id, "avoiding \(next.sentenceText)") { $0.avoid = next }
        return (next, error)
    }

    func directionsLines() -> [String] {
        guard let trip = trip() else { return [] }
        let key = DirectionsKey(
            stops: trip.coordinates, names: trip.waypoints.map(\.name), vias: trip.waypoints.map(\.via), avoid: trip.avoid,
            unit: shown.settings.unit)
        if let directions, directions.key == key { return directions.lines }
        let shaped = trip
        directions?.task?.cancel()
        guard key.stops.count >= 2 else { return ["", "  Directions need two stops."] }
        let routes = shown.router(for: trip)
        let deliver = shown.deliver
        deliver.begin()
        let task = Task.detached {
            let answer = await routes.directions(for: key.stops)
            let lines: [String]
            switch answer {
            case .directions(let all):
                // Shaping points are passed, not reached: their legs read as one.
                let (names, legs) = shaped.directionsWithoutShapingPoints(all)
                lines =
                    [""]
                    + DirectionsText.lines(names: names, legs: legs, unit: key.unit, sanitize: { TerminalText.sanitize($0) })
                    .map { "  " + $0 }
            case .unavailable(let why):
                lines = ["", "  " + TerminalText.sanitize(why)]
            }
            let cancelled = Task.isCancelled
            deliver.finish { [weak self] in
                guard !cancelled, let self, self.directions?.key == key else { return }
                self.directions = (key, lines, nil)
            }
        }
        let waiting = ["", "  Asking \(TerminalText.sanitize(routes.label)) for directions…"]
        directions = (key, waiting, task)
        return waiting
    }

    func cycleAlternative(arrivingAt row: Int) {
        guard let trip = trip(), trip.waypoints.indices.contains(row) else { return }
        // The leg between the real stops around the selection, whatever shaping point is between them;
        // the first stop has none reaching it, and is answered at once rather than left "Asking…".
        guard row > 0, let plan = ShapedLeg(stops: trip.waypoints, selected: row) else {
            output?.alternativeDidArrive(StatusMessage("Select a stop after the first to change the route that reaches it."))
            return
        }
        let routes = shown.router(for: trip)
        let deliver = shown.deliver
        alternativesJob?.cancel()
        deliver.begin()
        alternativesJob = Task.detached {
            let found = await routes.alternatives(from: plan.from.coordinate, to: plan.to.coordinate)
            let cancelled = Task.isCancelled
            deliver.finish { [weak self] in
                guard !cancelled, let self else { return }
                self.output?.alternativeDidArrive(self.choose(found, for: plan, label: routes.label))
            }
        }
    }

    /// Takes the alternative after the one the leg follows now, as a shaping point (or none for the best route).
    private func choose(_ found: [RouteAlternative], for plan: ShapedLeg, label: String) -> StatusMessage {
        guard let trip = trip(), ShapedLeg(stops: trip.waypoints, selected: plan.selected) == plan else {
            return StatusMessage("The stops changed; press A again.", isError: true)
        }
        guard found.count > 1 else {
            return StatusMessage("\(TerminalText.sanitize(label)) offers no other route for this leg.")
        }
        let next = (plan.currentChoice(among: found) + 1) % found.count
        let chosen = found[next]
        // The road that tells this route from the best one names it ("via Quai Albert 1er").
        let own = chosen.mainRoads.first { !found[0].mainRoads.contains($0) } ?? chosen.mainRoads.first
        let roads = own.map { TerminalText.sanitize($0) }
        let figures =
            Formatting.distance(chosen.distanceMeters, unit: shown.settings.unit) + ", "
            + Formatting.duration(chosen.durationSeconds)
        let error = shown.repository.update(tripID: shown.id, "choosing route \(next + 1) of \(found.count)") { trip in
            trip.waypoints.removeAll { stop in plan.vias.contains { $0.id == stop.id } }
            guard next > 0, let point = chosen.shapingPoint,
                let at = trip.waypoints.firstIndex(where: { $0.id == plan.to.id })
            else { return }
            trip.waypoints.insert(
                Waypoint(name: "via " + (roads ?? "route \(next + 1)"), coordinate: point, via: true), at: at)
        }
        if let error { return StatusMessage(error, isError: true) }
        return StatusMessage(
            "Route \(next + 1) of \(found.count): \(figures)" + (roads.map { " via \($0)" } ?? "") + " (A: the next one)")
    }
}
