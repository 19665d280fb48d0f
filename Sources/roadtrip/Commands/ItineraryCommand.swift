import ArgumentParser
import Foundation
import Gazetteer
import Itinerary
import RoadtripCore

/// `roadtrip itinerary TRIP`: the trip day by day.
struct ItineraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "itinerary", abstract: "Show a trip day by day: arrivals, departures, driving, nights.",
        discussion: """
            Day N is the Nth calendar day of the trip; days with no driving are listed too. Times are local to \
            where they happen. A drive longer than what is left of the day's limit stops where the limit runs out, \
            and a night is suggested at the nearest town (or imported lodging or camp site); add it as a stop with \
            the add-stop command printed under it. Without a start date a trip with a fixed arrival is planned \
            backwards from it. --start plans from another start without saving it. --format ics writes an \
            iCalendar file (an event for every drive, stay and night, each in its own time zone) for a calendar \
            app; markdown writes a day per heading for a message or a wiki; json is for scripts (its shape is in \
            docs/command-line.md).
            """
    )

    /// How the itinerary is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, ics, json
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: "text (the default), markdown, ics or json.") var format: Format?
    @Flag(help: "The same as --format json.") var json = false
    @Option(
        help: ArgumentHelp(
            "Plan from this start, \"YYYY-MM-DD HH:MM\" at the first stop, without saving it (a what-if).",
            valueName: "time"))
    var start: String?
    @OptionGroup var avoidOption: AvoidOption

    func validate() throws {
        // --json is the older spelling of --format json; asking for two formats at once is a mistake.
        if json, let format, format != .json {
            throw ValidationError("--json asks for JSON and --format for \(format.rawValue): give one of them.")
        }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            let timeZones = CommandServices.timeZones(options: global)
            var start: Date?
            if let text = self.start, let first = trip.waypoints.first {
                switch LocalTimeParser.parse(text, in: timeZones.zone(for: first).0) {
                case let .success(date?): start = date
                case .success(nil): throw UserError("--start needs a date and time: \"YYYY-MM-DD HH:MM\".")
                case let .failure(error): throw UserError("--start: \(error)")
                }
            }
            let avoid = avoidOption.avoid(for: trip)
            let route = try CommandServices.route(for: trip.coordinates, options: global, avoid: avoid)
            let plan = ItineraryPlanner.plan(
                trip: trip, legs: route.legs, timeZones: timeZones, nightPlaces: CommandServices.nightPlaces(options: global),
                start: start)
            switch json ? .json : format ?? .text {
            case .json: try Output.json(plan)
            case .text:
                for line in ItineraryTextRenderer.lines(plan, unit: context.unit) { Output.line(line) }
                for line in Self.addCommands(plan, trip: trip) { Output.line(line) }
                for line in try Self.rangeLines(trip, legs: route.legs, options: global, unit: context.unit) { Output.line(line) }
                if !avoid.isEmpty { Output.line(avoid.statement(applied: route.avoided)) }
            case .markdown:
                // A heading for the range, a list item for each stretch, each escaped for Markdown.
                let range = try Self.rangeLines(trip, legs: route.legs, options: global, unit: context.unit).map { line in
                    line.isEmpty
                        ? ""
                        : line.hasPrefix("  ")
                            ? "- " + MarkdownText.escaped(String(line.dropFirst(2))) : "## " + MarkdownText.escaped(line)
                }
                Output.bytes(
                    Data((ItineraryMarkdownRenderer.text(plan, unit: context.unit) + range.map { $0 + "\n" }.joined()).utf8))
            case .ics: Output.bytes(Data(ItineraryCalendarRenderer.text(plan, unit: context.unit).utf8))
            }
        }
    }

    /// The stretches longer than the trip's range with no fuel (or charging) known along them; nothing without a range.
    static func rangeLines(_ trip: Trip, legs: [Leg], options: GlobalOptions, unit: DistanceUnit) throws -> [String] {
        guard let range = trip.range, legs.count >= 1 else { return [] }
        let line = RouteLine(legs: legs)
        let search = AlongTheRoute(
            gazetteer: try CommandServices.places(), folder: ImportedPlacesFolder(dataFile: options.dataURL))
        let kinds = [AlongKind.named(range.refill.rawValue)].compactMap { $0 }
        let answer = search.places(along: line, AlongRequest(kinds: kinds))
        return RefillGap.itineraryLines(answer: answer, line: line, range: range, unit: unit)
    }

    /// The commands that add each suggested night as a stop of the trip.
    static func addCommands(_ plan: Itinerary, trip: Trip) -> [String] {
        guard !plan.suggestedNights.isEmpty else { return [] }
        var lines = ["", "To stay at a suggested night, add it as a stop:"]
        // Added in order, each shifts the stops after it by one.
        for (added, night) in plan.suggestedNights.enumerated() {
            guard let before = trip.waypoints.firstIndex(where: { $0.id == night.beforeStop }).map({ $0 + added }) else {
                continue
            }
            let position = String(format: "%.5f,%.5f", night.latitude, night.longitude)
            lines.append(
                "  roadtrip add-stop \(ShellWord.quoted(trip.name)) \(position) --at \(before + 1) --name \(ShellWord.quoted(night.name)) --nights 1"
            )
        }
        return lines
    }
}
