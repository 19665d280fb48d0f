import ArgumentParser
import Foundation
import Gazetteer
import Itinerary
import RoadtripCore
import ScreenKit

/// `roadtrip along TRIP [--kind K,…] [--within 10km] [--from STOP --to STOP] [--limit N] [--sort …] [--json] [--gaps]`.
struct AlongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "along", abstract: "List what lies along a trip's route: sights, parks, fuel, charging, places to sleep.",
        discussion: """
            Every known place (curated destinations, places imported with `places import`, and with --kind town the \
            built-in towns) within --within of the route line: the road's own line when a road router gives it, else \
            the legs as the map draws them. Each row says how far along the trip it is, between which stops, how far \
            off the route, and the detour (there and back from the nearest point of the route; measured on the roads \
            with a road router, else ≈ estimated). Kinds: \(AlongKind.all.map(\.name).joined(separator: ", ")); fuel, \
            charging, lodging, camp and food come from imported OpenStreetMap extracts. Without --kind every kind \
            but towns is listed; --kind all lists towns too. --gaps lists the stretches longer than the trip's range \
            (edit-trip --range) with no fuel, or for an electric range no charging, known along them.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: ArgumentHelp("Kinds of place, comma-separated: park,sight,fuel … or all.", valueName: "kinds")) var kind:
        String?
    @Option(help: ArgumentHelp("How far from the route: 10km (the default), 5mi, 800m.", valueName: "distance")) var within:
        String?
    @Option(help: ArgumentHelp("Look from this stop on (its number or name).", valueName: "stop")) var from: String?
    @Option(help: ArgumentHelp("Look up to this stop (its number or name).", valueName: "stop")) var to: String?
    @Option(help: "List at most this many places.") var limit: Int?
    @Option(help: "route (the default), detour or prominence.") var sort: AlongSort = .route
    @Flag(
        help:
            "Print JSON: {trip, withinMeters, places: [{name, kind, latitude, longitude, region, country, offRouteMeters, alongMeters, leg, detour?}], note?}."
    )
    var json = false
    @Flag(help: "List the stretches longer than the trip's range with no fuel (or charging) known along them.") var gaps = false

    enum AlongSort: String, ExpressibleByArgument, CaseIterable {
        case route, detour, prominence
        var order: AlongOrder { AlongOrder(rawValue: rawValue) ?? .route }
    }

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            guard trip.waypoints.count >= 2 else {
                throw UserError(
                    "“\(trip.name)” has \(trip.waypoints.count) stop\(trip.waypoints.count == 1 ? "" : "s"): a route needs two.")
            }
            let width = try AlongWidth.meters(within, unit: context.unit)
            let legs = try legRange(trip)
            var kinds: [AlongKind]
            switch AlongKind.list(kind ?? "") {
            case let .success(list): kinds = list
            case let .failure(error): throw UserError(error.description)
            }
            let services = try Services.make(global)
            defer { services.stop() }
            let routes = services.routes.avoiding(trip.avoid)
            let route = try CommandServices.wait { await routes.route(for: trip.coordinates) }
            if let reason = route.fallbackReason { printError(reason) }
            let line = RouteLine(legs: route.legs)
            let search = AlongTheRoute(
                gazetteer: try CommandServices.places(), folder: ImportedPlacesFolder(dataFile: global.dataURL))
            if gaps {
                guard let range = trip.range else {
                    throw UserError(
                        "“\(trip.name)” has no range: set it with roadtrip edit-trip \"\(trip.name)\" --range 600km (or 400km electric)."
                    )
                }
                kinds = [AlongKind.named(range.refill.rawValue)].compactMap { $0 }
                let answer = search.places(along: line, AlongRequest(kinds: kinds, withinMeters: width))
                if let advice = answer.importAdvice {
                    // With no import reaching the route, the whole route would be one "gap": nothing is known to say.
                    guard answer.uncovered?.legs.isEmpty == false else {
                        throw UserError("Nothing is known to measure “\(trip.name)”'s range by. " + advice)
                    }
                    printError(advice)
                }
                try printGaps(
                    RefillGap.gaps(stations: answer.places.map(\.position.alongMeters), line: line, range: range), range, trip,
                    context)
                return
            }
            // In route order only the first --limit are wanted; another order needs them all to choose from.
            var request = AlongRequest(kinds: kinds, withinMeters: width, legs: legs, limit: sort == .route ? limit : nil)
            request.stopNames = trip.waypoints.map(\.name)
            let answer = search.places(along: line, request)
            // Asked for by name, a kind only imports hold deserves a word on where to get it; the default list does not.
            if kind != nil, let advice = answer.importAdvice { printError(advice) }
            var places = AlongDetours.estimated(answer.places)
            if routes.label != "offline estimate", !(services.matrix is EstimatedTravelMatrixProvider) {
                // Only the places shown are measured, unless the order itself is by detour.
                let measuring = sort == .detour ? places : Array(sort.order.sorted(places).prefix(limit ?? places.count))
                let matrix = services.matrix.avoiding(trip.avoid)
                let measured = try CommandServices.wait { await AlongDetours.measured(measuring, matrix: matrix) }
                if let failure = measured.failure { printError("Detours are estimated: \(failure)") }
                let byKey = Dictionary(measured.places.map { ($0.coordinate, $0) }, uniquingKeysWith: { a, _ in a })
                places = places.map { byKey[$0.coordinate] ?? $0 }
            }
            places = Array(sort.order.sorted(places).prefix(limit ?? places.count))
            if json {
                try Output.json(AlongJSON(trip: trip.name, withinMeters: width, places: places, note: answer.importAdvice))
                return
            }
            if places.isEmpty {
                Output.line(
                    "Nothing of \(kind == nil ? "the usual kinds" : kinds.map(\.name).joined(separator: ", ")) is known within "
                        + "\(Formatting.distance(width, unit: context.unit)) of “\(trip.name)”; --within widens the search.")
                return
            }
            Output.line(AlongTable.header(unit: context.unit, width: 80))
            for place in places { Output.line(AlongTable.line(AlongTable.row(place, unit: context.unit), width: 80)) }
        }
    }

    /// The legs from --from to --to (0 is the leg from stop 1 to stop 2); nil for the whole trip.
    private func legRange(_ trip: Trip) throws -> ClosedRange<Int>? {
        guard from != nil || to != nil else { return nil }
        /// The stop `text` names, as edit-stop reads one, with the option it came in named.
        func stop(_ text: String, _ option: String) throws -> Int {
            do { return try EditStopCommand.index(of: text, in: trip) } catch let error as UserError {
                throw UserError(lines: ["\(option): " + (error.lines.first ?? "")] + error.lines.dropFirst())
            }
        }
        let first = try from.map { try stop($0, "--from") } ?? 0
        let last = try to.map { try stop($0, "--to") } ?? trip.waypoints.count - 1
        guard first < last else {
            throw UserError("--from must come before --to on the route (stop \(first + 1) is not before stop \(last + 1)).")
        }
        return first...(last - 1)
    }

    private func printGaps(_ found: [RefillGap], _ range: VehicleRange, _ trip: Trip, _ context: CommandContext) throws {
        if json {
            try Output.json(
                AlongGapsJSON(
                    trip: trip.name, rangeMeters: range.meters, refill: range.refill.rawValue,
                    gaps: found.map {
                        .init(
                            fromMeters: ($0.fromMeters * 10).rounded() / 10, toMeters: ($0.toMeters * 10).rounded() / 10,
                            fromLeg: $0.fromLeg + 1, toLeg: $0.toLeg + 1)
                    }))
            return
        }
        let what = range.refill == .fuel ? "fuel" : "charging"
        guard !found.isEmpty else {
            Output.line(
                "No stretch of “\(trip.name)” is longer than its range of \(range.text(unit: context.unit)) without \(what) known along it."
            )
            return
        }
        for gap in found { Output.line(gap.text(range: range, unit: context.unit)) }
    }
}

/// `--within`: "10km", "5 mi", "800m", or a bare number in the unit shown.
enum AlongWidth {
    static func meters(_ text: String?, unit: DistanceUnit) throws -> Double {
        guard let text else { return AlongRequest.standardWidth }
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = t.prefix { $0.isNumber || $0 == "." }
        let unitText = t.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        let perUnit: Double? =
            switch unitText {
            case "": unit.metersPerUnit
            case "km": 1000
            case "m": 1
            case "mi", "miles", "mile": DistanceUnit.miles.metersPerUnit
            default: nil
            }
        guard let value = Double(number), value.isFinite, let perUnit else {
            throw UserError("--within “\(text)” is not a distance (try 10km, 5mi or 800m).")
        }
        let meters = value * perUnit
        guard meters > 0, meters <= AlongRequest.widest else {
            throw UserError(
                "--within must be more than 0 and at most \(Formatting.distance(AlongRequest.widest, unit: unit)), not \(text).")
        }
        return meters
    }
}

/// `along --json`.
struct AlongJSON: Encodable {
    struct Item: Encodable {
        var name, kind: String
        var latitude, longitude: Double
        var region, country: String
        var offRouteMeters, alongMeters: Double
        /// 1 is the leg from stop 1 to stop 2.
        var leg: Int
        var detour: DetourJSON?
    }

    struct DetourJSON: Encodable {
        var meters: Double
        var seconds: Double?
        var estimated: Bool
    }

    var trip: String
    var withinMeters: Double
    var places: [Item]
    var note: String?

    init(trip: String, withinMeters: Double, places: [AlongPlace], note: String?) {
        self.trip = trip
        self.withinMeters = withinMeters
        self.note = note
        func tenth(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        self.places = places.map { p in
            Item(
                name: p.name, kind: p.kind, latitude: p.coordinate.latitude, longitude: p.coordinate.longitude, region: p.region,
                country: p.country, offRouteMeters: tenth(p.position.offRouteMeters), alongMeters: tenth(p.position.alongMeters),
                leg: p.position.leg + 1,
                detour: p.detour.map {
                    DetourJSON(meters: tenth($0.meters), seconds: $0.seconds.map(tenth), estimated: $0.isEstimate)
                })
        }
    }
}

/// `along --gaps --json`.
struct AlongGapsJSON: Encodable {
    struct Gap: Encodable {
        var fromMeters, toMeters: Double
        var fromLeg, toLeg: Int
    }

    var trip: String
    var rangeMeters: Double
    var refill: String
    var gaps: [Gap]
}
