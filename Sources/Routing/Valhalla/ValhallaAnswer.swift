import Foundation
import HTTP
import RoadtripCore

/// A Valhalla answer's legs, and the kinds of road a route may avoid that each still drives on.
struct ValhallaRoute: Equatable, Sendable {
    var fetched: FetchedRoute
    /// Per leg: the motorways, tolls and ferries Valhalla's summary says it uses.
    var uses: [RoadAvoidance]

    var legs: [FetchedLeg] { fetched.legs }
}

/// The parts of a Valhalla `/route` answer that roadtrip reads: each leg's summary and shape, or
/// the error Valhalla gave instead.
struct ValhallaAnswer: Decodable {
    struct Trip: Decodable {
        var legs: [TripLeg]
        /// "kilometers" (asked for) or "miles".
        var units: String?
    }

    struct TripLeg: Decodable {
        var summary: Summary
        /// The leg's line, polyline-encoded at six decimals.
        var shape: String?
        /// The turn-by-turn manoeuvres, when they were asked for.
        var maneuvers: [ValhallaManeuver]?
    }

    struct Summary: Decodable {
        /// In `Trip.units`.
        var length: Double
        /// Seconds.
        var time: Double
        var hasHighway: Bool?
        var hasToll: Bool?
        var hasFerry: Bool?

        enum CodingKeys: String, CodingKey {
            case length
            case time
            case hasHighway = "has_highway"
            case hasToll = "has_toll"
            case hasFerry = "has_ferry"
        }

        /// The kinds of road a route may avoid that the leg drives on.
        var uses: RoadAvoidance {
            var kinds: RoadAvoidance = []
            if hasHighway == true { kinds.insert(.motorways) }
            if hasToll == true { kinds.insert(.tolls) }
            if hasFerry == true { kinds.insert(.ferries) }
            return kinds
        }
    }

    struct Alternate: Decodable {
        var trip: Trip
    }

    var trip: Trip?
    /// Other routes, when `alternates` was asked for.
    var alternates: [Alternate]?
    var errorCode: Int?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case trip
        case alternates
        case errorCode = "error_code"
        case error
    }

    /// Valhalla's errors that concern the stops of one request rather than the server, so a
    /// smaller request may still succeed: too many locations (150), too far apart (154), in
    /// unconnected regions (170), no road within the search cutoff (171), no path (442).
    static let stopErrorCodes: Set<Int> = [150, 154, 170, 171, 442]

    /// Whether `failure` says nothing about other requests to a Valhalla server.
    static func concernsOnlyTheseStops(_ failure: RouterFailure) -> Bool {
        guard case let .refused(code, _) = failure, let number = Int(code) else { return false }
        return stopErrorCodes.contains(number)
    }

    /// Why a leg has no road, in the words the trip screen shows ("no road route: Valhalla …
    /// finds no road between these stops").
    static func noRoadRoute(_ failure: RouterFailure, server: String) -> String {
        guard case let .refused(code, _) = failure else { return "no road route: " + failure.reason(server: server) }
        switch Int(code) {
        case 170, 442:
            return
                "no road route: \(server) finds no road between these stops (water without a ferry, or roads it does not connect)"
        case 171: return "no road route: \(server) has no road near one of these stops"
        default: return "no road route: " + failure.reason(server: server)
        }
    }

    /// Reads a response: Valhalla answers stop problems with HTTP 400 and its own error code, so
    /// the body is consulted before the status decides. Failures take OSRM's kinds, so both
    /// engines' reasons read the same on the status line.
    static func interpret(_ response: HTTPResponse, stopCount: Int) -> Result<ValhallaRoute, RouterFailure> {
        guard let answer = try? JSONDecoder().decode(ValhallaAnswer.self, from: response.body) else {
            guard response.status == 200 else { return .failure(.status(response.status, code: nil, message: nil)) }
            return .failure(.malformed("not a Valhalla route answer"))
        }
        if let code = answer.errorCode {
            let failure = RouterFailure.refused(code: String(code), message: answer.error)
            if response.status == 200 || stopErrorCodes.contains(code) { return .failure(failure) }
            return .failure(.status(response.status, code: String(code), message: answer.error))
        }
        guard response.status == 200 else {
            return .failure(.status(response.status, code: nil, message: answer.error))
        }
        return answer.fetchedRoute(stopCount: stopCount)
    }

    /// Checks the answer against the request for `stopCount` stops; lengths become metres. The
    /// alternates Valhalla offered (when asked for) that read as well become the alternatives.
    func fetchedRoute(stopCount: Int) -> Result<ValhallaRoute, RouterFailure> {
        guard let trip else { return .failure(.malformed("no trip in the answer")) }
        switch Self.legs(of: trip, stopCount: stopCount) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let legs):
            let others = (alternates ?? []).compactMap { try? Self.legs(of: $0.trip, stopCount: stopCount).get() }
            // Valhalla reports no snapping distance: `search_cutoff` in the request bounds it instead.
            return .success(
                ValhallaRoute(
                    fetched: FetchedRoute(legs: legs, snapMeters: Array(repeating: nil, count: stopCount), alternatives: others),
                    uses: trip.legs.map(\.summary.uses)))
        }
    }

    private static func legs(of trip: Trip, stopCount: Int) -> Result<[FetchedLeg], RouterFailure> {
        guard trip.legs.count == stopCount - 1 else {
            return .failure(.wrongLegCount(expected: stopCount - 1, received: trip.legs.count))
        }
        let metresPerUnit: Double
        switch trip.units ?? "kilometers" {
        case "kilometers": metresPerUnit = 1000
        case "miles": metresPerUnit = 1609.344
        default: return .failure(.malformed("distances in unknown units"))
        }
        var legs: [FetchedLeg] = []
        for (index, leg) in trip.legs.enumerated() {
            let meters = leg.summary.length * metresPerUnit
            if let problem = Plausibility.problem(legMeters: meters, seconds: leg.summary.time) {
                return .failure(.malformed("leg \(index + 1) has \(problem)"))
            }
            legs.append(
                FetchedLeg(
                    distanceMeters: meters, durationSeconds: leg.summary.time, geometry: line(leg.shape),
                    steps: leg.maneuvers.map { steps($0, metresPerUnit: metresPerUnit) }))
        }
        return .success(legs)
    }

    /// The manoeuvres as steps. Valhalla names a roundabout by itself; OSRM, and so the wording,
    /// by the road taken out of it, which is the next manoeuvre's.
    static func steps(_ maneuvers: [ValhallaManeuver], metresPerUnit: Double) -> [RouteStep] {
        var steps = maneuvers.map { $0.step(metresPerUnit: metresPerUnit) }
        for index in steps.indices.dropLast() where steps[index].maneuver == "roundabout" {
            steps[index].name = steps[index + 1].name
            steps[index].ref = steps[index + 1].ref
        }
        return steps
    }

    /// A leg's shape without repeated points; nil when it is missing or not a polyline.
    static func line(_ shape: String?) -> [Coordinate]? {
        guard let points = shape.flatMap({ Polyline.decode($0, precision: 6) }), !points.isEmpty else { return nil }
        var line: [Coordinate] = []
        for point in points where line.last != point { line.append(point) }
        return line
    }
}
