import ArgumentParser
import Foundation
import Gazetteer
import RoadtripCore
import TermUI

/// `roadtrip add-stop TRIP PLACE|LAT,LON [--at N] [--name NAME]`.
struct AddStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-stop", abstract: "Add a stop to a trip.",
        usage: "roadtrip add-stop [<options>] <trip> <place> [--at <at>] [--name <name>]",
        discussion: """
            The stop is a place name, searched near the stops it goes between and taken only when one \
            place is clearly meant (else the candidates are listed; --first takes the first), "LAT,LON", \
            a map link, or a Google Maps directions link, whose stops are all added in order.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    // Captures what the parser does not know, so a southern or western coordinate such as
    // -33.86,151.21 is a place rather than an unknown option; `validate` keeps it to one.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A place name or \"LAT,LON\".", valueName: "place"))
    var places: [String] = []
    @Option(help: "Position of the new stop, from 1 (default: last).") var at: Int?
    @Option(help: "Name for the stop (default: the place's name).") var name: String?
    @Flag(help: "Take the best match of a place name even when it is weak or ambiguous.") var first = false
    @Flag(help: "A shaping point the route passes through (an alternative's point), not a stop.") var via = false
    @Flag(help: "Insert the stop at the leg of the route it lies along (as `along` lists it), not at the end.")
    var along = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Nights spent at the new stop, 0–366.", valueName: "N"))
    var nights: Int?

    private var place: String { places.first ?? "" }

    func validate() throws {
        if places.isEmpty { throw ValidationError("Missing expected argument '<place>'") }
        if places.count > 1 {
            throw ValidationError(
                "Unexpected argument\(places.count > 2 ? "s" : "") "
                    + places.dropFirst().map { "'\($0)'" }.joined(separator: ", "))
        }
        if place.hasPrefix("-"), PositionParser.read(place) == .notAPosition {
            throw ValidationError("Unknown option '\(place)'")
        }
        if let nights, !Plausibility.nights.contains(nights) {
            throw ValidationError("--nights must be a whole number from 0 to 366, not \(nights).")
        }
        if nights != nil, via { throw ValidationError("A via point is passed through: it has no nights.") }
        if along, at != nil { throw ValidationError("--along places the stop on its leg; --at places it by number: give one.") }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let count = trip.waypoints.count
            guard count < TextLimits.stopsPerTrip else {
                throw UserError(
                    "“\(trip.name)” already has \(Formatting.grouped(count)) stops, the most a trip holds; nothing was added.")
            }
            var position = at ?? count + 1
            guard (1...count + 1).contains(position) else {
                throw UserError("--at \(position) is outside 1…\(count + 1) for “\(trip.name)”.")
            }
            if let names = PositionLink.directionsStops(place) {
                try addDirections(names, to: trip, at: position, context: context)
                return
            }
            let resolved = try StopResolver.resolve(
                place, first: first,
                near: PlaceContext(stops: trip.waypoints.map(\.coordinate), insertingAt: position - 1),
                unit: context.unit, places: { try CommandServices.searcher(global) })
            if along, count >= 2 {
                let route = try CommandServices.route(for: trip.coordinates, options: global, avoid: trip.avoid)
                position = (RouteLine(legs: route.legs).insertionIndex(for: resolved.coordinate) ?? count) + 1
            }
            let stopName = try name.map(TripName.validated) ?? resolved.name
            let stop = Waypoint(
                name: stopName, coordinate: resolved.coordinate, nights: nights ?? 0, timeZone: resolved.timeZone,
                region: resolved.region, country: resolved.country, via: via)
            try context.edit(trip: trip.id) { $0.waypoints.insert(stop, at: position - 1) }
            Output.line(
                "Added “\(stopName)” (\(StopResolver.whereabouts(resolved, unit: context.unit))) as \(via ? "via point" : "stop") \(position)"
                    + " of “\(trip.name)”" + (stop.nights > 0 ? ", \(Formatting.nights(stop.nights))." : "."))
        }
    }
}

extension AddStopCommand {
    /// A Google Maps directions link: its stops, searched in order each beside the one before (and
    /// the trip's stops either side), all added or none.
    @MainActor
    private func addDirections(_ names: [String], to trip: Trip, at position: Int, context: CommandContext) throws {
        guard !names.isEmpty else {
            throw UserError("The directions link names no stops (only “your location” or a map view): nothing was added.")
        }
        guard name == nil || names.count == 1 else {
            throw UserError("--name names one stop; the directions link holds \(names.count): nothing was added.")
        }
        guard nights == nil || names.count == 1 else {
            throw UserError("--nights sets one stop's nights; the directions link holds \(names.count): nothing was added.")
        }
        guard trip.waypoints.count + names.count <= TextLimits.stopsPerTrip else {
            throw UserError("“\(trip.name)” cannot hold \(names.count) more stops; nothing was added.")
        }
        var stops = trip.waypoints.map(\.coordinate)
        var added: [Waypoint] = []
        for (offset, text) in names.enumerated() {
            let index = position - 1 + offset
            let resolved: StopResolver.Stop
            do {
                resolved = try StopResolver.resolve(
                    text, first: first, near: PlaceContext(stops: stops, insertingAt: index), unit: context.unit,
                    places: { try CommandServices.searcher(global) })
            } catch let error as UserError {
                throw UserError(
                    lines: ["Stop \(offset + 1) of the directions link, “\(text)”: nothing was added."] + error.lines)
            }
            stops.insert(resolved.coordinate, at: index)
            added.append(
                Waypoint(
                    name: try name.map(TripName.validated) ?? resolved.name, coordinate: resolved.coordinate,
                    nights: nights ?? 0, timeZone: resolved.timeZone, region: resolved.region, country: resolved.country, via: via
                ))
        }
        try context.edit(trip: trip.id) { $0.waypoints.insert(contentsOf: added, at: position - 1) }
        for (offset, stop) in added.enumerated() {
            Output.line(
                "Added “\(stop.name)” (\(Formatting.coordinate(stop.coordinate))) as stop \(position + offset) of “\(trip.name)”."
            )
        }
    }
}

/// `roadtrip move-stop TRIP FROM TO`.
struct MoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move-stop", abstract: "Move a stop to another position.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Argument(help: "The stop's position, from 1.") var from: Int
    @Argument(help: "Its new position, from 1.") var to: Int

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let count = trip.waypoints.count
            guard count > 0 else { throw UserError("“\(trip.name)” has no stops to move.") }
            for (label, n) in [("FROM", from), ("TO", to)] where !(1...count).contains(n) {
                throw UserError("\(label) \(n) is outside 1…\(count) for “\(trip.name)”.")
            }
            try context.edit(trip: trip.id) { $0.waypoints.insert($0.waypoints.remove(at: from - 1), at: to - 1) }
            Output.line("Moved “\(trip.waypoints[from - 1].name)” from \(from) to \(to).")
        }
    }
}

/// `roadtrip remove-stop TRIP N`.
struct RemoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-stop", abstract: "Remove a stop from a trip.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Argument(help: "The stop's position, from 1.") var n: Int

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            guard !trip.waypoints.isEmpty else { throw UserError("“\(trip.name)” has no stops to remove.") }
            guard n >= 1, n <= trip.waypoints.count else {
                throw UserError("Stop \(n) is outside 1…\(trip.waypoints.count) for “\(trip.name)”.")
            }
            let name = trip.waypoints[n - 1].name
            try context.edit(trip: trip.id) { $0.waypoints.remove(at: n - 1) }
            Output.line("Removed stop \(n), “\(name)”, from “\(trip.name)”.")
        }
    }
}

/// Turns a command-line stop into a name and a coordinate.
///
/// "LAT,LON" is taken as it is; anything else is a place name, resolved to the best match of the
/// offline place search, as `roadtrip places` would list it first.
enum StopResolver {
    struct Stop {
        var name: String
        var coordinate: Coordinate
        /// The place's IANA zone, when it came from the gazetteer.
        var timeZone: String?
        var region: String?
        var country: String?
        /// The place it was found as; nil for a position.
        var place: Place?
    }

    /// A position, or the place `text` names. A name is taken only when the best match is strong
    /// (its name, or one of its other names, is the name typed, qualifiers such as ", ME" aside:
    /// "Uluru" takes Uluṟu-Kata Tjuta National Park) and clearly meant given `context` (no other
    /// place of that name stands nearly as well, distance to the trip weighed in: "Zion" after Las
    /// Vegas is the park, not Jerusalem); otherwise the candidates are listed and nothing is taken,
    /// unless `first` says to take the best match anyway.
    static func resolve(
        _ text: String, first: Bool = false, near context: PlaceContext? = nil, unit: DistanceUnit = .kilometers,
        places: () throws -> any PlaceSearching
    ) throws -> Stop {
        switch PositionParser.read(text) {
        case let .position(c, label):
            return Stop(name: label.map { String($0.prefix(TextLimits.name)) } ?? Formatting.coordinate(c), coordinate: c)
        case let .invalid(message): throw UserError(message)
        case .notAPosition: break
        }
        let searcher = try places()
        let found: [Place]
        if let fallback = searcher as? OnlineFallback {
            let answer = fallback.searchReporting(text, limit: Self.shown, near: context)
            if let failure = answer.failure { printError("online search: \(failure); offline matches only") }
            found = answer.places
        } else {
            found = searcher.search(text, limit: Self.shown, near: context)
        }
        guard let best = found.first else {
            throw UserError("No place matches “\(text)”: try `roadtrip places \(text)`, or give LAT,LON.")
        }
        func stop(_ place: Place) -> Stop {
            Stop(
                name: place.stopName(typed: text), coordinate: place.coordinate,
                timeZone: place.timeZone.isEmpty ? nil : place.timeZone,
                region: place.region.isEmpty ? nil : place.region, country: place.country.isEmpty ? nil : place.country,
                place: place)
        }
        if first { return stop(best) }
        // A place the whole name names, even below one it only begins ("Amalfi" under "Amalfi Coast Road").
        let named = found.filter { $0.isNamed(by: text) }
        guard let strong = named.first else {
            throw candidates(found, unit: unit, "No place is named “\(text)”; the nearest matches:")
        }
        let rivals = named.dropFirst().filter { PlaceChoice.isRival($0, of: strong, typed: text) }
        guard rivals.isEmpty else {
            let hint =
                context == nil ? "add a region or country" : "none is clearly the one near the trip; add a region or country"
            throw candidates(
                found, unit: unit, "“\(text)” could be several places; \(hint) (“\(strong.name), \(strong.region)”):")
        }
        return stop(strong)
    }

    /// "Portland, Maine, United States, 43.66, -70.26, near stop 2": which place was taken, so a
    /// namesake cannot pass unnoticed.
    static func whereabouts(_ stop: Stop, unit: DistanceUnit) -> String {
        let label = stop.place.map { [$0.region, $0.country].filter { !$0.isEmpty }.joined(separator: ", ") } ?? ""
        return (label.isEmpty ? "" : label + ", ") + Formatting.coordinate(stop.coordinate)
            + (stop.place?.nearness.map { ", " + $0.reason(unit: unit) } ?? "")
    }

    /// Several stops typed together (`route A B C`), each a name meant near its neighbours: positions
    /// first, then each name beside one already found ("Las Vegas" then "Zion" after it), a name
    /// with no neighbour found yet only when it is clear alone.
    static func resolveInContext(
        _ texts: [String], first: Bool, unit: DistanceUnit, places: () throws -> any PlaceSearching
    ) throws -> [Stop] {
        var found = [Stop?](repeating: nil, count: texts.count)
        for (i, text) in texts.enumerated() where PositionParser.read(text) != .notAPosition {
            found[i] = try resolve(text, places: places)
        }
        func context(_ i: Int) -> PlaceContext? {
            let sides = [i - 1, i + 1].filter { found.indices.contains($0) && found[$0] != nil }
            guard !sides.isEmpty else { return nil }
            return PlaceContext(anchors: sides.map { .init(stop: $0 + 1, coordinate: found[$0]!.coordinate) })
        }
        while found.contains(where: { $0 == nil }) {
            if let i = found.indices.first(where: { found[$0] == nil && context($0) != nil }) {
                found[i] = try resolve(texts[i], first: first, near: context(i), unit: unit, places: places)
                continue
            }
            // No neighbour is known yet: the first name that is clear alone anchors the rest.
            var firstProblem: (any Error)?
            for i in found.indices where found[i] == nil {
                do {
                    found[i] = try resolve(texts[i], first: first, unit: unit, places: places)
                    break
                } catch { firstProblem = firstProblem ?? error }
            }
            if let firstProblem, !found.contains(where: { $0 != nil }) { throw firstProblem }
        }
        return found.map { $0! }
    }

    /// How many candidates a refusal lists.
    static let shown = 8

    /// The refusal with the candidates, one a line (with how far each is from the trip when the
    /// search had one), and how to take the first anyway.
    private static func candidates(_ places: [Place], unit: DistanceUnit, _ headline: String) -> UserError {
        let lines = places.map { place in
            "  " + place.label + (place.kind.isEmpty ? "" : " · " + place.kind) + (place.size.isEmpty ? "" : " · " + place.size)
                + (place.source.isEmpty ? "" : " · " + place.source)
                + (place.nearness.map { " · " + $0.reason(unit: unit) } ?? "")
                + " (" + Formatting.coordinate(place.coordinate) + ")"
        }
        return UserError(lines: [headline] + lines + ["Name it more precisely, give LAT,LON, or add --first to take the first."])
    }
}
