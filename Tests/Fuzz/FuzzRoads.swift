// What road engines say: OSRM and Valhalla routes and travel-time tables, and the leg cache that
// keeps their legs on disk. A leg is believed only when a road between its stops can have it, a
// table only when every order it ranks can be driven, and a reason for refusing is one clean line.
import Foundation
import HTTP
@testable import Itinerary
@testable import RoadtripCore
@testable import Routing

/// The stops every route and table is asked for: the Prince's Palace, the Casino (1.1 km on) and
/// Lyon (300 km on), so both the short-leg rules and the straight-line check are exercised.
let fuzzStops = [
    Coordinate(latitude: 43.7314, longitude: 7.4201),
    Coordinate(latitude: 43.7396, longitude: 7.4281),
    Coordinate(latitude: 45.7640, longitude: 4.8357)
]

/// Legs that passed the fetch funnel (`interpret`, then `checked(against:)`): each one a road
/// between its stops can have, alternatives included; lines on the Earth; steps that read.
private func checkRoute(_ route: FetchedRoute, stops: [Coordinate], engine: String) {
    precondition(route.snapMeters.count == stops.count, "\(engine): \(route.snapMeters.count) snaps for \(stops.count) stops")
    for legs in [route.legs] + route.alternatives {
        precondition(legs.count == stops.count - 1, "\(engine): \(legs.count) legs for \(stops.count) stops")
        for (i, leg) in legs.enumerated() {
            let problem = Plausibility.problem(
                legMeters: leg.distanceMeters, seconds: leg.durationSeconds, from: stops[i], to: stops[i + 1],
                snapMeters: (route.snapMeters[i], route.snapMeters[i + 1]))
            precondition(problem == nil, "\(engine): a leg that cannot be was believed: \(problem ?? "")")
            for point in leg.geometry ?? [] {
                precondition(point.isValid, "\(engine): a leg's line leaves the Earth at \(point)")
            }
            for step in leg.steps ?? [] {
                for unit in [DistanceUnit.kilometers, .miles] {
                    let words = step.sentence(unit: unit)
                    precondition(isOnePrintableLine(words), "\(engine): a step reads \(words.debugDescription)")
                }
                _ = Formatting.duration(step.durationSeconds)
            }
        }
    }
}

/// A refusal's words, as the status line shows them: one clean line, whatever the server sent.
private func checkFailure(_ failure: RouterFailure, engine: String) {
    for words in [
        failure.reason(server: engine), failure.noRoadRoute(server: engine),
        ValhallaAnswer.noRoadRoute(failure, server: engine)
    ] {
        precondition(isOnePrintableLine(words), "\(engine): a refusal reads \(words.debugDescription)")
    }
}

// MARK: osrm

/// An OSRM `/route` answer through the funnel every route, direction and alternative takes
/// (`OSRMRouteProvider.fetch`), for three stops and for two; and the same body with HTTP 400,
/// which never gives legs.
func readOSRMRoute(_ data: Data) {
    for stops in [fuzzStops, Array(fuzzStops.prefix(2))] {
        switch RouterFailure.interpret(HTTPResponse(status: 200, body: data), stopCount: stops.count)
            .flatMap({ $0.checked(against: stops) })
        {
        case .success(let route):
            note("\(stops.count) stops: legs \(route.legs.map(\.distanceMeters)) m, \(route.alternatives.count) alternatives")
            checkRoute(route, stops: stops, engine: "OSRM")
        case .failure(let failure):
            note("\(stops.count) stops: \(failure.reason(server: "OSRM"))")
            checkFailure(failure, engine: "OSRM")
        }
    }
    switch RouterFailure.interpret(HTTPResponse(status: 400, body: data), stopCount: fuzzStops.count) {
    case .success: preconditionFailure("OSRM: an HTTP 400 answer gave legs")
    case .failure(let failure): checkFailure(failure, engine: "OSRM")
    }
}

// MARK: valhalla

/// A Valhalla `/route` answer through `ValhallaRouteProvider.fetch`'s funnel, as for OSRM; the
/// roads each leg uses are one per leg.
func readValhallaRoute(_ data: Data) {
    for stops in [fuzzStops, Array(fuzzStops.prefix(2))] {
        let result = ValhallaAnswer.interpret(HTTPResponse(status: 200, body: data), stopCount: stops.count).flatMap { route in
            route.fetched.checked(against: stops).map { ValhallaRoute(fetched: $0, uses: route.uses) }
        }
        switch result {
        case .success(let route):
            note(
                "\(stops.count) stops: legs \(route.legs.map(\.distanceMeters)) m, \(route.fetched.alternatives.count) alternatives"
            )
            checkRoute(route.fetched, stops: stops, engine: "Valhalla")
            precondition(
                route.uses.count == route.legs.count, "Valhalla: \(route.uses.count) road kinds for \(route.legs.count) legs")
        case .failure(let failure):
            note("\(stops.count) stops: \(failure.reason(server: "Valhalla"))")
            checkFailure(failure, engine: "Valhalla")
        }
    }
    switch ValhallaAnswer.interpret(HTTPResponse(status: 400, body: data), stopCount: fuzzStops.count) {
    case .success: preconditionFailure("Valhalla: an HTTP 400 answer gave legs")
    case .failure(let failure): checkFailure(failure, engine: "Valhalla")
    }
}

// MARK: tables

/// The stops every table is asked for: the three above and Marseille, so that the best order
/// (first and last kept) has two middle stops to swap.
let tableStops = fuzzStops + [Coordinate(latitude: 43.2965, longitude: 5.3698)]

/// A travel-time table a server answered, as `OrderProposal.make` (the one way in for `optimize`
/// and the planner's best order) takes it.
private struct AnsweredTable: TravelTimeMatrixProviding {
    let table: Result<TravelMatrix, any Error>
    var label: String { "fuzz table" }
    func matrix(for stops: [Coordinate]) async throws -> TravelMatrix { try table.get() }
}

/// The best order made from the table: a table that cannot be true is not used (the estimate is,
/// and says why), no figure the proposal shows is more than its legs can add up to, and the
/// proposed order is never slower than the current one.
private func proposeOrder(_ table: Result<TravelMatrix, any Error>) {
    let trip = Trip(name: "fuzz", waypoints: tableStops.map { Waypoint(name: "stop", coordinate: $0) })
    let provider = AnsweredTable(table: table)
    let made = blocking { () -> Result<OrderProposal, OrderProposalError> in
        do { return .success(try await OrderProposal.make(for: trip, using: provider)) } catch let error as OrderProposalError {
            return .failure(error)
        } catch { return .failure(OrderProposalError(message: "\(error)")) }
    }
    guard case .success(let proposal) = made else {
        if case .failure(let error) = made { note("no proposal: \(error)") }
        return
    }
    note(proposal.summary(unit: .kilometers))
    if case .success(let matrix) = table, Plausibility.problem(table: matrix, stops: tableStops) == nil {
        precondition(proposal.source == provider.label, "a table that can be true was not used: \(proposal.source)")
    } else {
        precondition(proposal.source != provider.label, "a table that cannot be true was used")
    }
    // No order of these stops drives longer than its legs can: the drive times always, the
    // distances where the summary shows them (a new order).
    let legs = Double(tableStops.count - 1)
    let times = [proposal.currentSeconds, proposal.proposedSeconds]
    precondition(
        times.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= legs * Plausibility.maxLegSeconds },
        "a proposal with drive times no road has: \(times)")
    if proposal.changesOrder {
        precondition(
            proposal.savedMeters.isFinite && abs(proposal.savedMeters) <= legs * Plausibility.maxLegMeters,
            "a new order shown with a distance no road has: \(proposal.summary(unit: .kilometers))")
    }
    precondition(
        proposal.proposedSeconds <= proposal.currentSeconds * (1 + 1e-9) + 1e-6,
        "the best order is slower than the current one: \(proposal.proposedSeconds) s against \(proposal.currentSeconds) s")
    _ = proposal.summary(unit: .kilometers)
}

/// Valhalla's `/sources_to_targets` answer for the four stops.
func readValhallaTable(_ data: Data) {
    let response = HTTPResponse(status: 200, body: data)
    proposeOrder(Result { try ValhallaTravelMatrixProvider.parse(response, count: tableStops.count, label: "fuzz") })
}

/// OSRM's `/table` answer for the four stops.
func readOSRMTable(_ data: Data) {
    let response = HTTPResponse(status: 200, body: data)
    proposeOrder(Result { try OSRMTravelMatrixProvider.parse(response, count: tableStops.count, label: "fuzz") })
}

// MARK: legcache

/// `osrm-….json` / `valhalla-….json` as a run reads it (`LegCacheFile.entries(now:)`): only legs
/// between positions on the Earth that a road between them can have, fetched no later than the
/// clock allows; their lines decode; and they read back the same after a save.
func readLegCache(_ data: Data) {
    guard let file = try? JSONDecoder().decode(LegCacheFile.self, from: data) else { return note("not a leg cache") }
    let entries = file.entries(now: fuzzNow)
    note("\(entries.count) of \(file.legs.count) legs kept")
    for (key, leg) in entries {
        precondition(key.from.coordinate.isValid && key.to.coordinate.isValid, "the leg cache kept a leg off the Earth")
        let problem = Plausibility.problem(
            legMeters: leg.distanceMeters, seconds: leg.durationSeconds, from: key.from.coordinate, to: key.to.coordinate)
        precondition(problem == nil, "the leg cache kept a leg that cannot be: \(problem ?? "")")
        let fetched = leg.fetched.timeIntervalSince1970
        precondition(
            fetched.isFinite && fetched <= fuzzNow.timeIntervalSince1970 + LegCache.clockSkew,
            "the leg cache kept a leg fetched in the future (\(fetched))")
        for point in leg.encodedGeometry.flatMap({ Polyline.decode($0) }) ?? [] {
            precondition(point.isValid, "a cached leg's line leaves the Earth at \(point)")
        }
    }
    let saved: Data
    do {
        saved = try JSONEncoder().encode(LegCacheFile(server: file.server, entries: entries, avoidance: file.avoidance ?? [:]))
    } catch { preconditionFailure("the legs the cache kept do not save: \(error)") }
    guard let reread = try? JSONDecoder().decode(LegCacheFile.self, from: saved) else {
        preconditionFailure("a saved leg cache does not read back")
    }
    let again = reread.entries(now: fuzzNow)
    precondition(Set(again.keys) == Set(entries.keys), "a saved leg cache reads back \(again.count) legs of \(entries.count)")
    for (key, leg) in entries {
        // Dates travel as seconds since 1970 and may move by a rounding step: nothing else may change.
        var back = again[key]!
        precondition(abs(back.fetched.timeIntervalSince(leg.fetched)) < 1e-3, "a cached leg's fetch time changed on a save")
        back.fetched = leg.fetched
        precondition(back == leg, "a cached leg reads back different after a save")
    }
    precondition(
        reread.server == file.server && (reread.avoidance ?? [:]) == (file.avoidance ?? [:]),
        "a saved leg cache lost its server or its avoidances")
}
