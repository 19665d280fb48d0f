import ArgumentParser
import Foundation
import Itinerary
import RoadtripCore

/// `roadtrip itinerary TRIP`: the trip day by day.
struct ItineraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "itinerary", abstract: "Show a trip day by day: arrivals, departures, driving, nights.",
        discussion: """
            Times are local to each stop. --format ics writes an iCalendar file (an event for every drive and \
            every stay, each in its stop's time zone) for a calendar app; markdown writes a day per heading for a \
            message or a wiki; json is for scripts (its shape is in the README).
            """
    )

    /// How the itinerary is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, ics, json
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The trip: its id, its name, or the start of its name.") var trip: String
    @Option(help: "text (the default), markdown, ics or json.") var format: Format?
    @Flag(help: "The same as --format json.") var json = false
    @OptionGroup var avoidOption: AvoidOption

    func validate() throws {
        // --json is the older spelling of --format json; asking for two formats at once is a mistake.
        if json, let format, format != .json {
            throw ValidationError("--json asks for JSON and --format for \(format.rawValue): give one of them.")
        }
    }

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            let trip = try context.trip(self.trip)
            let avoid = avoidOption.avoid(for: trip)
            let route = try CommandServices.route(for: trip.coordinates, options: global, avoid: avoid)
            let plan = ItineraryPlanner.plan(trip: trip, legs: route.legs, timeZones: CommandServices.timeZones(options: global))
            switch json ? .json : format ?? .text {
            case .json: try Output.json(plan)
            case .text:
                for line in ItineraryTextRenderer.lines(plan, unit: context.unit) { Output.line(line) }
                if !avoid.isEmpty { Output.line(avoid.statement(applied: route.avoided)) }
            case .markdown: Output.bytes(Data(ItineraryMarkdownRenderer.text(plan, unit: context.unit).utf8))
            case .ics: Output.bytes(Data(ItineraryCalendarRenderer.text(plan, unit: context.unit).utf8))
            }
        }
    }
}
