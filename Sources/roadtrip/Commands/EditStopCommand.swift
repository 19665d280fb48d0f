import ArgumentParser
import Foundation
import Gazetteer
import Itinerary
import RoadtripCore

/// `roadtrip edit-stop TRIP N [--name …] [--at …] [--stay …] [--nights N] [--note …] [--arrive …] [--over-limit]`.
struct EditStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-stop", abstract: "Change a stop's name, place, stay, nights, note or fixed arrival.",
        discussion: """
            Only the options given change. --at takes a position in any notation the planner reads \
            (47.8, 13.05 · 47°48′N 13°03′E · a Google Maps or OpenStreetMap link · geo:47.8,13.05) or a place \
            name. --stay takes 90m, 1h30, 1:30 or 0, and nights too (2 nights, 2n, "3h 1n"); --nights sets the \
            nights alone (0 drives on the same day); --arrive takes "YYYY-MM-DD HH:MM" in the stop's own \
            time zone, or "" to clear it. --over-limit lets the day that reaches the stop drive over the daily \
            limit to keep its fixed arrival (the itinerary says so).
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Argument(help: "The stop: its number from 1, or its name.") var stop: String
    @Option(help: "A new name for the stop.") var name: String?
    // Unconditional, so a southern or western position (-33.86,151.21) is the value, not an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Move the stop to a position or a named place (the name stays unless --name).",
            valueName: "position-or-place"))
    var at: String?
    @Flag(help: "With --at and a place name: take the best match even when it is weak or ambiguous.") var first = false
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long to stay: 90m, 1h30, 1:30, 2 nights, 3h 1n; 0 drives through.", valueName: "stay"))
    var stay: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Nights spent here, 0–366.", valueName: "N")) var nights: Int?
    @Flag(inversion: .prefixedNo, help: "One night here (or none): the same as --nights 1 or --nights 0.") var overnight: Bool?
    @Flag(
        inversion: .prefixedNo,
        help: "Let the day that reaches this stop drive over the daily limit to keep its fixed arrival (or not).")
    var overLimit: Bool?
    @Flag(
        inversion: .prefixedNo,
        help: "Make it a shaping point the route passes through, not a stop (or a stop again).")
    var via: Bool?
    @Option(help: "The stop's note; \"\" clears it.") var note: String?
    @Option(help: ArgumentHelp("Be here at this local time: \"YYYY-MM-DD HH:MM\"; \"\" clears it.", valueName: "time"))
    var arrive: String?
    @Flag(help: "Print the stop as JSON after the change.") var json = false

    func validate() throws {
        if name == nil, at == nil, stay == nil, nights == nil, overnight == nil, note == nil, arrive == nil, via == nil,
            overLimit == nil
        {
            throw ValidationError(
                "Nothing to change: give --name, --at, --stay, --nights, --note, --arrive, --over-limit or --via/--no-via.")
        }
        if let nights, !Plausibility.nights.contains(nights) {
            throw ValidationError("--nights must be a whole number from 0 to 366, not \(nights).")
        }
        if nights != nil, overnight != nil {
            throw ValidationError("--nights and --overnight both set the nights: give one of them.")
        }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let index = try Self.index(of: stop, in: trip)
            var edited = trip.waypoints[index]
            let moved = try apply(
                to: &edited,
                near: PlaceContext(stops: trip.waypoints.map(\.coordinate), replacing: index), unit: context.unit)
            try context.edit(trip: trip.id, "editing stop \(index + 1) of “\(trip.name)”") { trip in
                if let s = trip.waypoints.firstIndex(where: { $0.id == edited.id }) { trip.waypoints[s] = edited }
            }
            if json {
                try Output.json(EditedStop(trip: trip.id, number: index + 1, stop: edited))
            } else {
                let zone = CommandServices.timeZones(options: global).zone(for: edited).0
                if let moved {
                    Output.line(
                        "Moved to “\(moved.place?.name ?? moved.name)” (\(StopResolver.whereabouts(moved, unit: context.unit))).")
                }
                Output.line("Stop \(index + 1) of “\(trip.name)”: " + Self.summary(edited, zone: zone))
            }
        }
    }

    /// Every option given, checked before anything is saved.
    /// Returns the place `--at` found, so the confirmation can say which it took.
    @discardableResult
    private func apply(
        to stop: inout Waypoint, near placeContext: PlaceContext?, unit: DistanceUnit
    ) throws -> StopResolver.Stop? {
        var found: StopResolver.Stop?
        if let at {
            let place = try StopResolver.resolve(
                at, first: first, near: placeContext, unit: unit, places: { try CommandServices.searcher(global) })
            stop.coordinate = place.coordinate
            // A position typed by hand has no region or zone; a place brings its own.
            stop.region = place.region
            stop.country = place.country
            stop.timeZone = place.timeZone
            found = place
        }
        if let name { stop.name = try TripName.validated(name) }
        if let stay {
            switch StayParser.parse(stay) {
            case let .success(parsed):
                if let said = parsed.nights, let nights, said != nights {
                    throw UserError("--stay says \(Formatting.nights(said)) and --nights \(nights): give one of them.")
                }
                stop.stay = parsed.seconds
                if let nights = parsed.nights { stop.nights = nights }
            case let .failure(error): throw UserError("--stay: \(error)")
            }
        }
        if let nights { stop.nights = nights }
        if let overnight { stop.overnight = overnight }
        if let overLimit { stop.overLimit = overLimit }
        if let via { stop.via = via }
        if let note {
            // The note is one line in the planner, as a pasted note is there.
            let clean = note.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !clean.unicodeScalars.contains(where: PlainText.isHidden) else {
                throw UserError(
                    "--note cannot hold control or hidden characters (an escape sequence or a direction mark pasted by mistake?)."
                )
            }
            if let problem = TextLimits.noteProblem(clean) { throw UserError("--note: \(problem).") }
            stop.note = clean
        }
        if let arrive {
            let zone = CommandServices.timeZones(options: global).zone(for: stop).0
            switch LocalTimeParser.parse(arrive, in: zone) {
            case let .success(date): stop.fixedArrival = date
            case let .failure(error): throw UserError("--arrive: \(error)")
            }
        }
        return found
    }

    /// The stop numbered `text` from 1, or the one stop with that name (ignoring case).
    static func index(of text: String, in trip: Trip) throws -> Int {
        if let n = Int(text) {
            guard n >= 1, n <= trip.waypoints.count else {
                throw UserError(
                    trip.waypoints.isEmpty
                        ? "“\(trip.name)” has no stops."
                        : "Stop \(n) is outside 1…\(trip.waypoints.count) for “\(trip.name)”.")
            }
            return n - 1
        }
        let named = trip.waypoints.indices.filter {
            trip.waypoints[$0].name.localizedCaseInsensitiveCompare(text) == .orderedSame
        }
        guard let only = named.first else {
            let close = ClosestNames.closest(to: text, in: trip.waypoints.map(\.name), limit: 3).map { name in
                "“\(name)” (stop \((trip.waypoints.firstIndex { $0.name == name } ?? 0) + 1))"
            }
            let guess = close.isEmpty ? "" : " Did you mean " + close.joined(separator: " or ") + "?"
            throw UserError("“\(trip.name)” has no stop named “\(text)”.\(guess) Give its name or its number.")
        }
        guard named.count == 1 else {
            throw UserError(
                "“\(trip.name)” has \(named.count) stops named “\(text)” (\(named.map { String($0 + 1) }.joined(separator: ", "))); give its number."
            )
        }
        return only
    }

    /// "Hallstatt (47.56231, 13.64912) · stay 1 h 30 min · 2 nights · arrive 2026-07-03 10:00 Europe/Vienna · note: …".
    static func summary(_ stop: Waypoint, zone: TimeZone) -> String {
        (["\(stop.name) (\(Formatting.coordinate(stop.coordinate)))"] + details(stop, zone: zone)).joined(separator: " · ")
    }

    /// What a stop holds besides its name and position: stay, nights, fixed arrival, note.
    static func details(_ stop: Waypoint, zone: TimeZone) -> [String] {
        var parts: [String] = []
        if stop.stay > 0 { parts.append("stay " + Formatting.duration(stop.stay)) }
        if stop.nights > 0 { parts.append(Formatting.nights(stop.nights)) }
        if stop.via { parts.append("via (a shaping point)") }
        if let date = stop.fixedArrival {
            parts.append("arrive " + LocalTimeParser.text(date, in: zone) + " " + zone.identifier)
            if stop.overLimit { parts.append("may drive over the daily limit to arrive on time") }
        }
        if !stop.note.isEmpty { parts.append("note: " + stop.note) }
        return parts
    }
}

/// The `--json` output of `edit-stop`: the stop as the data file holds it, with its trip and number.
private struct EditedStop: Encodable {
    var trip: UUID
    var number: Int
    var stop: Waypoint
}
